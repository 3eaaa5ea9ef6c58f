import Foundation
import NovelCore
import Testing

@testable import NovelTUI

/// The reader takes the book's state as the file holds it after each save (`Reader.adopt`): bookmarks
/// another process added are listed, the id shown is the stored one, and a delete removes what is shown.
@Suite struct StoredStateTests {
    private var entries: [TOCEntry] { sampleBook.index.entries }

    /// The issue's sequence on the state machine: the file gained `mine` as b1 after the reader opened;
    /// the reader's `m` made its own b1, stored as b2.
    @Test func theStoredIdIsShownAndDeleteRemovesTheBookmarkTheUserSelected() throws {
        var file = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        var reader = makeReader(state: file, start: ReaderStart(offset: entries[1].range.lowerBound))
        file.addBookmark(in: sampleBook, offset: entries[0].range.lowerBound, note: "mine")
        reader.press("m")
        reader.type("x")
        let actions = reader.press("Enter")
        guard case .addBookmark(let asked) = actions.first else {
            Issue.record("no bookmark asked for: \(actions)")
            return
        }
        #expect(asked.id == "b1")  // the reader's copy did not know of the file's b1
        let stored = file.insert(asked)
        #expect(stored.id == "b2")
        reader.adopt(file, added: stored)
        #expect(reader.screen().textRows.joined().contains("Added bookmark b2"))
        #expect(reader.bookmarks.map(\.id) == ["b1", "b2"])
        #expect(reader.bookmarks.map(\.note) == ["mine", "x"])
        // The list opens on the bookmark nearest before the page: x, which `d` deletes by its stored id.
        reader.press("B")
        let deleted = reader.press("d")
        #expect(deleted == [.deleteBookmark(id: "b2")])
        #expect(reader.bookmarks.map(\.note) == ["mine"])
    }

    /// A stored state with fewer bookmarks than the open list keeps the selection on the list.
    @Test func theSelectionStaysWithinTheAdoptedList() throws {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        for chapter in 0..<3 { state.addBookmark(in: sampleBook, offset: entries[chapter].range.lowerBound, note: nil) }
        var reader = makeReader(state: state, start: ReaderStart(offset: entries[3].range.lowerBound))
        reader.press("B")
        guard case .bookmarks(let selected) = reader.overlay else {
            Issue.record("no bookmark list")
            return
        }
        #expect(selected == 2)
        var fewer = state
        try fewer.removeBookmark(id: "b3")
        try fewer.removeBookmark(id: "b2")
        reader.adopt(fewer, added: nil)
        #expect(reader.overlay == .bookmarks(selected: 0))
        #expect(reader.bookmarks.map(\.id) == ["b1"])
    }
}
