import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The `ruby` setting shows an EPUB's readings in brackets or hides them, as a display transform: the
/// readings stay in the book's text, so positions, bookmarks and search hits are the same either way.
@Suite struct RubySettingTests {
    static func reader(_ ruby: RubyDisplay, at offset: Int, transition: Settings.Transition = .page) -> Reader {
        makeReader(
            columns: 37, rows: 12, settings: RubyBook.settings(ruby, transition: transition),
            start: ReaderStart(offset: offset), book: RubyBook.book)
    }

    /// The text on screen, its rows trimmed and joined (a paragraph's wrapped lines run on).
    static func shownText(_ reader: Reader) -> String {
        reader.screen().textRows.map { $0.trimmingCharacters(in: .whitespaces) }.joined()
    }

    @Test func theBookTextHoldsTheReadingsWhateverTheSetting() throws {
        let markup = try #require(RubyBook.book.markup)
        let text = RubyBook.book.text.utf8
        let readings = markup.rubyReadings.map { String(decoding: text[$0], as: UTF8.self) }
        #expect(readings.prefix(5) == ["（とうきょう）", "（そら）", "（はいいろ）", "（かれ）", "（かさ）"])
        // Five, two, four and three readings in the four paragraphs the book repeats three times.
        #expect(readings.count == 3 * 14)
    }

    @Test func hiddenReadingsAreNotDrawnAndBracketsAre() {
        let start = RubyBook.range("第一章").lowerBound
        let shown = Self.shownText(Self.reader(.brackets, at: start))
        let hidden = Self.shownText(Self.reader(.hidden, at: start))
        #expect(shown.contains("東京（とうきょう）の空（そら）"))
        #expect(hidden.contains("東京の空は朝から灰色だった。"))
        #expect(!hidden.contains("とうきょう") && !hidden.contains("（"))
    }

    /// In scroll mode the line holding the position is the top line: a paragraph's first character is the
    /// first on screen with the readings shown or hidden, and switching the setting keeps it there.
    @Test(arguments: [1, 5, 9])
    func theFirstCharacterOnScreenIsTheSameEitherWay(paragraph: Int) {
        // Paragraphs 1, 5 and 9 are the second of the four the book repeats.
        let start = RubyBook.range("駅までの道", paragraph / 4).lowerBound
        var reader = Self.reader(.brackets, at: start, transition: .scroll)
        #expect(reader.firstVisibleOffset == start)
        #expect(Self.reader(.hidden, at: start, transition: .scroll).firstVisibleOffset == start)
        _ = reader.change(RubyBook.settings(.hidden, transition: .scroll))
        #expect(reader.firstVisibleOffset == start)
        _ = reader.change(RubyBook.settings(.brackets, transition: .scroll))
        #expect(reader.firstVisibleOffset == start)
    }

    /// A position inside a reading (a bookmark made while readings showed) is kept as it is, and with the
    /// readings hidden the page holding it shows the text after the reading.
    @Test func aPositionInsideAHiddenReadingShowsWhereItsTextGoesOn() {
        let reading = RubyBook.range("（しゅじん）")
        let inside = reading.lowerBound + 3
        var reader = Self.reader(.brackets, at: inside)
        #expect(Self.shownText(reader).contains("主人（しゅじん）が声"))
        _ = reader.change(RubyBook.settings(.hidden))
        #expect(reader.position.offset <= inside)
        #expect(Self.shownText(reader).contains("主人が声をかけた"))
    }

    /// A bookmark is a book offset: the same bytes whether it was made with readings shown or hidden.
    @Test func aBookmarkIsTheSameEitherWay() {
        let start = RubyBook.range("窓の外では", 1).lowerBound
        var offsets: [Int] = []
        for ruby in RubyDisplay.allCases {
            let reader = Self.reader(ruby, at: start, transition: .scroll)
            offsets.append(BookmarkFactory.position(book: RubyBook.book, offset: reader.firstVisibleOffset).offset)
        }
        #expect(offsets == [start, start])
    }
}
