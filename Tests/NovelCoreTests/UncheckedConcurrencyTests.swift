import Foundation
import NovelTestSupport
import Testing

/// Every place in `Sources/` that opts out of the compiler's concurrency checks (`@unchecked Sendable`,
/// `nonisolated(unsafe)`) is named in docs/architecture.md's list, which says why each is safe: a new one
/// cannot come in unexplained.
struct UncheckedConcurrencyTests {
    static let heading = "### Concurrency the compiler does not check"

    /// The names each opt-out goes by: the type it declares, else the file it is in.
    static func optOuts() throws -> [(name: String, place: String)] {
        let root = Corpus.repositoryPath("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
        var found: [(String, String)] = []
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                guard code.contains("@unchecked Sendable") || code.contains("nonisolated(unsafe)") else { continue }
                let words = code.split(whereSeparator: { " :<(".contains($0) })
                let declared = words.firstIndex { ["class", "struct", "enum"].contains($0) }.map {
                    String(words[$0 + 1])
                }
                let fileName = String(file.split(separator: "/").last ?? "").replacingOccurrences(
                    of: ".swift", with: "")
                found.append((declared ?? fileName, "\(file):\(number + 1)"))
            }
        }
        return found
    }

    @Test func everyOptOutIsListedWithWhyItIsSafe() throws {
        let doc = try String(contentsOfFile: Corpus.repositoryPath("docs/architecture.md"), encoding: .utf8)
        let section =
            try #require(doc.components(separatedBy: Self.heading).dropFirst().first)
            .components(separatedBy: "\n#").first ?? ""
        let optOuts = try Self.optOuts()
        #expect(optOuts.count >= 5, "the scan finds the known ones")
        for optOut in optOuts {
            #expect(
                section.contains("`\(optOut.name)`"),
                "\(optOut.place): \(optOut.name) is not in docs/architecture.md's list")
        }
    }
}
