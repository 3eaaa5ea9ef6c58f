import NovelCore
import Testing

@testable import NovelTUI

/// A table of contents listed in the book's own order (an EPUB navigation that lists a page the spine holds
/// elsewhere, `ChapterIndex.navigationOrder`): the overlay lists, selects, filters and jumps by it.
@Suite struct TOCOrderTests {
    /// The sample book with its last chapter listed first.
    static let book: Book = {
        let sample = sampleBook
        var index = sample.index
        let count = index.entries.count
        index.navigationOrder = [count - 1] + Array(0..<(count - 1))
        return Book(
            path: sample.path, title: sample.title, text: sample.text, fingerprint: sample.fingerprint, index: index,
            profile: sample.profile)
    }()
    let entries = book.index.entries

    @Test func theOverlayListsSelectsAndJumpsInTheBooksOrder() {
        var reader = makeReader(start: ReaderStart(offset: entries[2].range.lowerBound), book: Self.book)
        reader.press("t")
        guard case .toc(let toc) = reader.overlay else {
            Issue.record("no TOC")
            return
        }
        // The entry being read (the third in the text) is the fourth row: the last one is listed first.
        #expect(toc.selected == 3)
        let rows = reader.screen().textRows
        let listedTitles = Self.book.index.listed.map { entries[$0].title }
        for (row, title) in zip(rows.dropFirst(), listedTitles) {
            #expect(row.contains(title), "row \(row) lists \(title)")
        }
        // The selected row, with the cursor and the current chapter's mark, is that fourth one.
        #expect(rows[4].hasPrefix("\(ListRow.cursor) \(ListRow.current)") && rows[4].contains(entries[2].title))
        // Up from there is the second entry; Home the last, listed first.
        reader.press("Up", "Enter")
        #expect(reader.entry == 1)
        reader.press("t", "Home", "Enter")
        #expect(reader.entry == entries.count - 1)
    }

    @Test func aFilterKeepsTheBooksOrderAndAClickPicksTheRowDrawn() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound), book: Self.book)
        reader.press("t")
        reader.type("雨夜")
        guard case .toc(let toc) = reader.overlay else {
            Issue.record("no TOC")
            return
        }
        let chapters = entries.indices.filter { entries[$0].title.contains("雨夜") }
        #expect(toc.matching(Self.book.index.listed) == [chapters.last!] + chapters.dropLast())
        reader.press("Esc")
        reader.press("t")
        // Row 1 is the first listed entry: the last chapter.
        _ = reader.handle(.click(row: 1, column: 5), now: 0)
        #expect(reader.entry == entries.count - 1)
    }
}
