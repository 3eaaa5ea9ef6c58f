import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The book's paragraph model, decided from the whole book, on text wrapped ragged the way real tools
/// wrap it (`RaggedBook`): prose paragraphs shown whole at every width, and the lines an author broke —
/// verse, a letter's signature, a list, a table — kept as lines inside their paragraph.
@Suite struct ParagraphModelTests {
    static let widths = [50, 58, 64, 66, 70, 72, 75, 78]

    /// The lines of the display text of `book`'s body, U+2028 kept inside them.
    static func shownLines(_ book: Book, options: DisplayOptions) -> [String] {
        var lines: [String] = []
        for entry in book.index.entries.indices {
            let section = book.index.entries[entry]
            let shown =
                DisplayTransform.display(book, entry: entry, options: options).map {
                    String(decoding: $0.utf8, as: UTF8.self)
                }
                ?? String(decoding: book.text.utf8[section.range], as: UTF8.self)
            lines += shown.split(separator: "\n").map(String.init)
        }
        return lines
    }

    static let plain = DisplayOptions(reflow: .auto, smartQuotes: false, hideSiteJunk: true, illustrations: .raw)

    @Test(arguments: widths) func raggedProseReadsAsWholeParagraphs(width: Int) {
        let ragged = RaggedBook(seed: UInt64(width), width: width)
        let book = TestBooks.book(ragged.text)
        #expect(book.profile.script == .latin)
        #expect(book.profile.paragraphs == .blankLines, "\(book.profile.reason)")
        #expect(book.profile.isHardWrapped)
        let shown = Set(Self.shownLines(book, options: Self.plain))
        let whole = ragged.paragraphs.filter { shown.contains($0) }
        #expect(
            whole.count == ragged.paragraphs.count, "width \(width): \(ragged.paragraphs.count - whole.count) split")
    }

    /// Verse, signatures, lists and tables keep their lines, one U+2028 between each, in one paragraph.
    @Test(arguments: widths) func brokenLinesAreKeptInsideTheirParagraph(width: Int) {
        let ragged = RaggedBook(seed: UInt64(width) &* 31, width: width)
        let book = TestBooks.book(ragged.text)
        let shown = Set(Self.shownLines(book, options: Self.plain))
        let separator = String(DisplayText.lineSeparator)
        for block in ragged.keptBlocks {
            // Indented verse keeps its indent after the separator; the expectation trims it.
            let kept = shown.contains { line in
                line.components(separatedBy: separator).map { $0.trimmingCharacters(in: .whitespaces) } == block
            }
            #expect(kept, "width \(width): \(block) not kept")
        }
    }

    /// The same book in Windows-1252 with CRLF line ends reads the same.
    @Test func windows1252WithCRLFReadsTheSame() throws {
        let ragged = RaggedBook(seed: 1252, width: 72)
        let crlf = ragged.text.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(
            of: "'", with: "\u{2019}")
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write("ragged-1252.txt", Array(try #require(crlf.data(using: .windowsCP1252))))
        let book = try BookOpener.open(path: path, encoding: "windows-1252")
        #expect(book.text.encoding.lowercased().contains("1252"))
        #expect(book.profile.paragraphs == .blankLines)
        let shown = Set(Self.shownLines(book, options: Self.plain))
        for paragraph in ragged.paragraphs {
            #expect(shown.contains(paragraph.replacingOccurrences(of: "'", with: "\u{2019}")))
        }
    }

    /// Paragraphs that start with an indent and go on at the margin, without blank lines.
    @Test func indentedParagraphsWithoutBlankLines() {
        var random = SeededGenerator(seed: 7)
        var text = ""
        var paragraphs: [String] = []
        for _ in 0..<50 {
            let paragraph = RaggedBook.prose(&random)
            paragraphs.append(paragraph)
            let lines = RaggedBook.wrap(paragraph, width: 66 - Int.random(in: 0...5, using: &random))
            text += "    " + lines.joined(separator: "\n") + "\n"
        }
        let book = TestBooks.book(text)
        #expect(book.profile.paragraphs == .indented, "\(book.profile.reason)")
        let shown = Set(Self.shownLines(book, options: Self.plain).map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(paragraphs.allSatisfy { shown.contains($0) })
    }

    /// One paragraph a line with blank lines between (many Chinese and some English files): nothing to
    /// join, and reflow stays off.
    @Test func oneParagraphALineIsNotABookOfBlocks() {
        var random = SeededGenerator(seed: 11)
        var text = ""
        for _ in 0..<80 { text += RaggedBook.prose(&random) + "\n\n" }
        let profile = Array(text.utf8).withUnsafeBufferPointer { TextProfile.analyse($0) }
        #expect(!profile.isHardWrapped)
        #expect(profile.paragraphs == .fitted)
    }

    /// Hard-wrapping found from line ends and the common maximum, ragged, at any width from 40 to 120.
    @Test(arguments: [40, 52, 66, 80, 96, 120]) func raggedWrapIsFoundAtAnyWidth(width: Int) {
        let ragged = RaggedBook(seed: UInt64(width) + 5, width: width)
        let profile = Array(ragged.text.utf8).withUnsafeBufferPointer { TextProfile.analyse($0) }
        #expect(profile.isHardWrapped, "\(profile.reason)")
        #expect(profile.paragraphs == .blankLines)
        #expect(profile.reason.contains("blank-line paragraphs"))
    }

    /// CJK text hard-wrapped with blank lines between paragraphs joins without spaces; a short verse line
    /// inside a block keeps its line.
    @Test func cjkBlocksJoinWithoutSpaces() {
        var text = ""
        for index in 0..<40 {
            text += hanzi(20) + "\n" + hanzi(20, from: "风吹柳岸月照山门客") + "\n" + hanzi(5 + index % 7) + "。\n\n"
        }
        text += "春风一夜到江城，\n万树梨花带雨明。\n\n"
        let book = TestBooks.book(text)
        #expect(book.profile.paragraphs == .blankLines, "\(book.profile.reason)")
        let lines = Self.shownLines(book, options: Self.plain)
        #expect(lines.contains(hanzi(20) + hanzi(20, from: "风吹柳岸月照山门客") + hanzi(5) + "。"))
        #expect(lines.contains("春风一夜到江城，" + String(DisplayText.lineSeparator) + "万树梨花带雨明。"))
    }

    /// Reflow on or off, the text under a position is the same: every shown word maps back to the
    /// bytes it came from.
    @Test func positionsAreTheSameWithReflowOnAndOff() throws {
        let ragged = RaggedBook(seed: 99, width: 66)
        let book = TestBooks.book(ragged.text)
        let source = Array(book.text.utf8)
        for entry in book.index.entries.indices {
            guard let display = DisplayTransform.display(book, entry: entry, options: Self.plain) else { continue }
            let shown = display.utf8
            let separator = ParagraphJoin.lineSeparator
            var start = 0
            while start < shown.count {
                var end = start
                while end < shown.count, shown[end] != 0x20, shown[end] != 0x0A,
                    !shown[end...].starts(with: separator)
                {
                    end += 1
                }
                if end > start {
                    let original = display.map.originalStart(start)
                    #expect(Array(source[original..<(original + end - start)]) == Array(shown[start..<end]))
                }
                start = shown[end...].starts(with: separator) ? end + separator.count : end + 1
            }
        }
    }
}
