import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// A bookmark's note edited in the reader (issue 32, item 6): `e` on the selected bookmark opens a field
/// with its note, `Enter` saves it through `BookState.setNote` and asks the host to store it, `Esc`
/// cancels; either way the bookmarks list is back. Notes are listed whole, wrapped.
@Suite struct BookmarkNoteTests {
    var entries: [TOCEntry] { sampleBook.index.entries }

    /// A reader with two bookmarks (b1 with a note, b2 without), the bookmarks list open on b2.
    func readerWithBookmarks(columns: Int = 37, rows: Int = 12, note: String = "rain begins") -> Reader {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        let fixed = Date(timeIntervalSince1970: 1_800_000_000)
        state.bookmarks = [
            BookmarkFactory.make(book: sampleBook, offset: entries[1].bodyStart, note: note, number: 1, now: fixed),
            BookmarkFactory.make(
                book: sampleBook, offset: entries[3].range.lowerBound, note: nil, number: 2, now: fixed),
        ]
        state.nextBookmarkNumber = 3
        var reader = makeReader(
            columns: columns, rows: rows, state: state, start: ReaderStart(offset: entries[4].range.lowerBound))
        reader.press("B")
        return reader
    }

    @Test func eOpensTheNoteAndEnterSavesIt() throws {
        var reader = readerWithBookmarks()
        reader.press("Up", "e")
        let field = try #require(reader.overlay)
        #expect(field == .prompt(Prompt(kind: .editNote(id: "b1", selected: 0), text: "rain begins")))
        // q is text in the field, and Backspace edits it.
        reader.press("Backspace", "Backspace", "Backspace", "Backspace", "Backspace", "Backspace")
        reader.type("ends, quietly")
        let actions = reader.press("Enter")
        #expect(actions == [.setBookmarkNote(id: "b1", note: "rain ends, quietly")])
        #expect(reader.bookmarks[0].note == "rain ends, quietly")
        #expect(reader.bookmarks[1].note == nil)
        #expect(reader.overlay == .bookmarks(selected: 0))
        #expect(reader.message == "Saved the note of b1")
    }

    @Test func aNoteIsAddedWhereThereWasNone() {
        var reader = readerWithBookmarks()
        reader.press("e")
        #expect(reader.overlay == .prompt(Prompt(kind: .editNote(id: "b2", selected: 1), text: "")))
        reader.type("quiet")
        #expect(reader.press("Enter") == [.setBookmarkNote(id: "b2", note: "quiet")])
        #expect(reader.bookmarks.map(\.note) == ["rain begins", "quiet"])
    }

    @Test func escCancelsAndShowsTheListAgain() {
        var reader = readerWithBookmarks()
        reader.press("Up", "e")
        reader.type(" q")
        #expect(reader.press("Esc") == [])
        #expect(reader.overlay == .bookmarks(selected: 0))
        #expect(reader.bookmarks[0].note == "rain begins")
        // The list closes by the usual rule once the field is gone.
        reader.press("q")
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test func anEmptyNoteRemovesIt() {
        var reader = readerWithBookmarks()
        reader.press("Up", "e")
        for _ in "rain begins" { reader.press("Backspace") }
        #expect(reader.press("Enter") == [.setBookmarkNote(id: "b1", note: nil)])
        #expect(reader.bookmarks[0].note == nil)
        #expect(reader.message == "Removed the note of b1")
        // Backspace on the empty field leaves it, back to the list, as Esc does.
        reader.press("e", "Backspace")
        #expect(reader.overlay == .bookmarks(selected: 0))
    }

    @Test func theNoteIsListedWholeWrapped() {
        let note = "the lamp was lit again at the inn where the road forks, 青灯照着书页，窗外的雨声一阵紧似一阵"
        let reader = readerWithBookmarks(columns: 37, rows: 12, note: note)
        let rows = reader.screen().textRows
        let noteRows = rows.filter { $0.hasPrefix("  — ") || $0.hasPrefix("    ") }
        #expect(noteRows.count >= 3, "\(rows)")
        // Every character of the note is on the screen, in order.
        let shown = noteRows.map { $0.dropFirst(4).trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown.filter { $0 != " " } == note.filter { $0 != " " }, "\(rows)")
        #expect(rows.allSatisfy { sampleMeasure.width(of: $0) <= 37 })
    }

    @Test func aClickOnANoteLinePicksItsBookmark() {
        let note = "the lamp was lit again at the inn where the road forks"
        var reader = readerWithBookmarks(columns: 37, rows: 12, note: note)
        // Row 1 is b1's first line, rows 2… its note, then b2.
        let b2Row = reader.screen().textRows.firstIndex { $0.contains("b2 ") }!
        reader.press("Up")
        _ = reader.handle(.click(row: 2, column: 5), now: 0)
        #expect(reader.overlay == nil)
        #expect(reader.firstVisibleOffset <= entries[1].bodyStart)
        reader.press("B")
        _ = reader.handle(.click(row: b2Row, column: 5), now: 0)
        #expect(reader.entry == 3)
    }
}

private let sampleMeasure = DisplayWidth()
