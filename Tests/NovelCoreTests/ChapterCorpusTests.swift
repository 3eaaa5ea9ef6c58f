import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The splitter against the corpus ground truth: every real book in every encoding, every synthetic trap.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
struct ChapterCorpusTests {
    /// One row of `groundtruth/<book>.chapters.tsv`.
    struct GroundTruthRow {
        var line: Int
        var kind: String
        var number: Int?
        var heading: String
    }

    static func groundTruth(_ tsv: String) throws -> [GroundTruthRow] {
        let text = try String(contentsOfFile: Corpus.path("groundtruth/\(tsv)"), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            if line.hasPrefix("#") || line.hasPrefix("seq\t") { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6, let lineNumber = Int(fields[1]) else { return nil }
            return GroundTruthRow(line: lineNumber, kind: fields[2], number: Int(fields[4]), heading: fields[5])
        }
    }

    /// Every real file and variant with the ground truth of the book it was made from.
    static let books: [(file: String, truth: String, sameText: Bool)] = {
        guard Corpus.isAvailable else {
            print("ChapterCorpusTests: \(Corpus.absentMessage)")
            return []
        }
        var books: [(String, String, Bool)] = []
        let truths = (try? FileManager.default.contentsOfDirectory(atPath: Corpus.path("groundtruth"))) ?? []
        for folder in ["real", "variants"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder))) ?? []
            for file in files.sorted() {
                let stem = String(file.prefix { $0 != "." })
                guard let truth = truths.first(where: { $0.hasPrefix(stem) && $0.hasSuffix(".chapters.tsv") }) else {
                    continue
                }
                books.append(("\(folder)/\(file)", truth, !file.contains("trad-")))
            }
        }
        return books
    }()

    /// The 1-based line each offset starts, for comparing with the ground truth.
    static func lineNumbers(_ text: BookText, _ offsets: [Int]) -> [Int] {
        var result: [Int] = []
        var line = 1
        var index = 0
        for offset in offsets {
            while index < offset {
                if text.utf8[index] == 0x0A { line += 1 }
                index += 1
            }
            result.append(line)
        }
        return result
    }

    @Test(arguments: books.map(\.file))
    func realBookChaptersMatchTheGroundTruth(file: String) throws {
        let book = try #require(Self.books.first { $0.file == file })
        let text = try BookLoader.load(path: Corpus.path(file))
        let index = ChapterSplitter().split(text)
        let expected = try Self.groundTruth(book.truth).filter { $0.kind == "chapter" }
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.count == expected.count, "\(file): \(chapters.count) chapters, expected \(expected.count)")
        #expect(chapters.map(\.number) == expected.map(\.number), "\(file): chapter numbers differ")
        #expect(
            Self.lineNumbers(text, chapters.map(\.range.lowerBound)) == expected.map(\.line),
            "\(file): chapter lines differ")
        if book.sameText {
            #expect(chapters.first?.title == expected.first?.heading)
            #expect(chapters.last?.title == expected.last?.heading)
        }
    }

    @Test func xiyoujiHasItsTwoVolumes() throws {
        let text = try BookLoader.load(path: Corpus.path("real/xiyouji.gb18030-lf.txt"))
        let index = ChapterSplitter().split(text)
        let volumes = index.entries.enumerated().filter { $0.element.level == .volume }
        #expect(volumes.map(\.element.title) == ["上卷", "下卷"])
        let underFirst = index.entries.filter { $0.kind == .chapter && $0.volumeIndex == volumes.first?.offset }
        let underSecond = index.entries.filter { $0.kind == .chapter && $0.volumeIndex == volumes.last?.offset }
        #expect(underFirst.compactMap(\.number) == Array(1...49))
        #expect(underSecond.compactMap(\.number) == Array(50...100))
    }

    struct SyntheticCase: Sendable, CustomTestStringConvertible {
        var file: String
        var lines: [Int]
        var testDescription: String { file }
    }

    static let syntheticCases: [SyntheticCase] = {
        guard Corpus.isAvailable,
            let data = FileManager.default.contents(atPath: Corpus.path("groundtruth/synthetic.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Any]]
        else { return [] }
        return object.keys.sorted().compactMap { file in
            guard let headings = object[file]?["headings"] as? [[String: Any]], !headings.isEmpty else { return nil }
            return SyntheticCase(file: file, lines: headings.compactMap { $0["line"] as? Int })
        }
    }()

    @Test(arguments: syntheticCases)
    func syntheticTrapsGiveExactlyTheExpectedHeadings(_ trap: SyntheticCase) throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/\(trap.file)"))
        let index = ChapterSplitter().split(text)
        let headings = index.entries.filter { $0.kind != .front && $0.kind != .section && !$0.range.isEmpty }
        #expect(Self.lineNumbers(text, headings.map(\.range.lowerBound)) == trap.lines)
    }

    @Test func fiveThousandChaptersAreNumberedInOrder() throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/many-chapters-5000.utf8.txt"))
        let chapters = ChapterSplitter().split(text).entries.filter { $0.kind == .chapter }
        #expect(chapters.compactMap(\.number) == Array(1...5000))
    }

    @Test(arguments: ["no-headings.utf8.txt", "single-line-2mib.txt", "whitespace-only.txt", "width-cases.utf8.txt"])
    func filesWithoutHeadingsHaveNone(file: String) throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/\(file)"))
        let index = ChapterSplitter().split(text)
        #expect(index.ruleName == "none")
        #expect(index.entries.allSatisfy { $0.kind == .section })
        #expect(index.entries.first?.range.lowerBound == 0)
        #expect(index.entries.last?.range.upperBound == text.utf8.count)
    }
}
