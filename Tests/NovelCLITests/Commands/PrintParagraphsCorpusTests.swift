import Foundation
import NovelTestSupport
import Testing

/// The real Gutenberg books in `../shared/corpus/gutenberg/`, hard-wrapped ragged by different tools,
/// measured by the corpus's own tool (`../shared/tools/paragraphs-whole`, which runs `novel print`): at
/// least 99% of each book's prose paragraphs are shown whole.
@Suite(.enabled(if: ParagraphsWholeTool.isThere, Comment(rawValue: ParagraphsWholeTool.absent)))
struct PrintParagraphsCorpusTests {
    static let books = ["pg1260.txt", "pg1400.txt", "pg28054.txt", "pg46.txt", "pg996.txt"]
    static let minimumShare = 99.0

    @Test(arguments: books) func proseParagraphsAreShownWhole(book: String) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let command = [ParagraphsWholeTool.path, NovelBinary.path, Corpus.path("gutenberg/" + book)]
            .map(ParagraphsWholeTool.quoted).joined(separator: " ")
        let result = try NovelBinary.run(["-c", command], environment: ["NOVEL_HOME": home.path], shellInstead: true)
        #expect(result.status == 0, "\(result.stderr)")
        // "pg46.txt: 532 of 533 prose paragraphs shown whole (99.8%)"
        let line = try #require(
            result.stdout.split(separator: "\n").first { $0.hasPrefix(book + ":") }, "\(result.stdout)")
        let counts = line.split(separator: " ").compactMap { Int($0) }
        try #require(counts.count == 2, "\(line)")
        #expect(counts[1] >= 100, "\(line): too few paragraphs measured")
        #expect(Double(counts[0]) * 100 >= Self.minimumShare * Double(counts[1]), "\(line)")
    }
}

/// The corpus's measuring tool, run through python3.
enum ParagraphsWholeTool {
    static let absent = "../shared/corpus or ../shared/tools/paragraphs-whole (or python3) is absent: skipped"

    static var path: String { Corpus.path("../tools/paragraphs-whole") }

    static let isThere: Bool = {
        let there =
            Corpus.root != nil && FileManager.default.isExecutableFile(atPath: path)
            && (try? NovelBinary.run(["-c", "command -v python3"], shellInstead: true).status) == 0
        if !there { print("note: \(absent)") }
        return there
    }()

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
