import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Unicode's own conformance file for grapheme clusters (Unicode 15.0, ICU 72's version), through both
/// the fast path and the ICU-only path.
@Suite struct GraphemeBreakTests {
    struct Case {
        var line: Int
        var utf8: [UInt8]
        /// Byte offsets of the expected boundaries, including 0 and the end.
        var boundaries: [Int]
    }

    static func cases() throws -> [Case] {
        let data = try #require(FileManager.default.contents(atPath: Corpus.path("unicode/GraphemeBreakTest.txt")))
        var cases: [Case] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tokens.isEmpty { continue }
            var utf8: [UInt8] = []
            var boundaries: [Int] = []
            for token in tokens {
                switch token {
                case "÷": boundaries.append(utf8.count)
                case "×": break
                default:
                    let scalar = try #require(
                        UInt32(token, radix: 16).flatMap(Unicode.Scalar.init), "line \(number + 1)")
                    utf8.append(contentsOf: String(scalar).utf8)
                }
            }
            cases.append(Case(line: number + 1, utf8: utf8, boundaries: boundaries))
        }
        return cases
    }

    static func boundaries(_ utf8: [UInt8], icuOnly: Bool) -> [Int] {
        var result = [0]
        utf8.withUnsafeBufferPointer { buffer in
            let width = DisplayWidth()
            let record: (Range<Int>, Int) -> Void = { range, _ in result.append(range.upperBound) }
            if icuOnly { width.forEachClusterICU(in: buffer, record) } else { width.forEachCluster(in: buffer, record) }
        }
        return result
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: [false, true])
    func everyLinePasses(icuOnly: Bool) throws {
        let cases = try Self.cases()
        #expect(cases.count == 602)
        var failures: [Int] = []
        for testCase in cases where Self.boundaries(testCase.utf8, icuOnly: icuOnly) != testCase.boundaries {
            failures.append(testCase.line)
        }
        #expect(failures.isEmpty, "GraphemeBreakTest lines failing: \(failures)")
    }
}
