import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A line kept inside its paragraph (U+2028, put there by the display transform for verse and the like)
/// starts a new row without the paragraph spacing; a heading's lines stay together as one block.
@Suite struct LineSeparatorLayoutTests {
    func printed(_ text: String, display: DisplayOptions = .verbatim, split: Bool = false) -> String {
        let book = TestBooks.book(text, split: split)
        let settings = TestBooks.layoutSettings(width: 40, indent: 0, paragraphSpacing: 1, display: display)
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: 40, rows: 1000))
        let entry = book.index.entries.firstIndex { $0.kind != .front } ?? 0
        return LayoutPrinter().render(layouter.layout(book, entry: entry), text: book.text)
    }

    @Test func aLineSeparatorBreaksWithoutParagraphSpacing() {
        let result = printed("When the wind was in the east,\u{2028}And the boats were home,\nThe town slept.\n")
        #expect(result == "When the wind was in the east,\nAnd the boats were home,\n\nThe town slept.\n")
    }

    /// A stanza in a book of blank-line paragraphs: one block on the page, its lines as written.
    @Test func aStanzaShowsAsOneBlock() {
        var text = ""
        for _ in 0..<20 {
            text +=
                "The wind had turned before morning and every shutter along Harbour\n"
                + "Street rattled against its frame, while the fishermen argued.\n\n"
        }
        text += "When the wind was in the east,\nAnd the boats were home,\n\n"
        let display = DisplayOptions(reflow: .auto, smartQuotes: false, hideSiteJunk: false, illustrations: .raw)
        let result = printed(text, display: display)
        #expect(result.contains("\n\nWhen the wind was in the east,\nAnd the boats were home,\n"))
        #expect(result.contains("shutter along Harbour Street"))
    }

    /// `CHAPTER II.` and its title on the next line are one heading block, then the spacing.
    @Test func aHeadingOfTwoLinesStaysTogether() throws {
        var text = "CHAPTER I.\nTHE COCKEREL\n\n"
        for _ in 0..<3 { text += "The weather vane pointed east for as long as anyone could remember.\n\n" }
        text += "CHAPTER II.\nA LETTER FROM THE BISHOP\n\nThe letter came on a Tuesday.\n"
        let result = printed(text, split: true)
        let lines = result.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let number = try #require(lines.firstIndex(of: "CHAPTER I."))
        #expect(lines[number + 1] == "THE COCKEREL")
        #expect(lines[number + 2] == "")
    }
}
