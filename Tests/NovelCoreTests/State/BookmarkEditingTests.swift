import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// `BookState`'s bookmark operations, the one place bookmarks change, and the two hand-edited state files
/// the loader repairs with a warning.
@Suite final class BookmarkEditingTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory("novel-bookmark-editing")
        paths = home.novelPaths
    }

    deinit { home.remove() }

    let text = "第一章　开始\n　　灯亮了很久很久，一直亮到天明。\n第二章　结束\n　　灯灭了，渡口只剩下风声。\n"

    func openBook() throws -> (path: String, session: ReadingSession) {
        let path = try home.write("灯.txt", text)
        return (path, try ReadingSession.open(path: path, paths: paths))
    }

    @Test func addKeepsTheOrderMadeAndNeverReusesIds() throws {
        let (_, session) = try openBook()
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/p")
        let late = state.addBookmark(in: session.book, offset: 40, note: "late")
        let early = state.addBookmark(in: session.book, offset: 3, note: "")
        #expect(state.bookmarks.map(\.id) == [late.id, early.id])
        #expect(late.id == "b1" && early.id == "b2" && early.note == nil)
        try state.removeBookmark(id: "b2")
        #expect(state.addBookmark(in: session.book, offset: 0, note: nil).id == "b3")
    }

    /// A bookmark made by another copy of the state (a second reader) gets a fresh id when its own is taken.
    @Test func insertGivesATakenIdAFreshOne() throws {
        let (_, session) = try openBook()
        var first = BookState(fingerprint: "f", title: "t", lastPath: "/p")
        var second = first
        let one = first.addBookmark(in: session.book, offset: 3, note: nil)
        let other = second.addBookmark(in: session.book, offset: 9, note: nil)
        #expect(one.id == other.id)
        let inserted = first.insert(other)
        #expect(inserted.id == "b2" && first.bookmarks.map(\.id) == ["b1", "b2"] && first.nextBookmarkNumber == 3)
    }

    /// Removing clears the id from `unanchored` wherever it is done (the CLI and the reader alike).
    @Test func removeAndSetNoteNameTheUnknownIdAndClearUnanchored() throws {
        let (_, session) = try openBook()
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/p")
        state.addBookmark(in: session.book, offset: 3, note: "a")
        state.unanchored = ["b1", "position"]
        try state.setNote("new", bookmark: "b1")
        #expect(state.bookmarks.first?.note == "new")
        try state.setNote("", bookmark: "b1")
        #expect(state.bookmarks.first?.note == nil)
        try state.removeBookmark(id: "b1")
        #expect(state.bookmarks.isEmpty && state.unanchored == ["position"])
        #expect(throws: BookState.UnknownBookmark(id: "b9", path: "x.txt")) {
            try state.removeBookmark(id: "b9", path: "x.txt")
        }
        #expect(throws: BookState.UnknownBookmark.self) { try state.setNote("n", bookmark: "b9") }
        #expect(BookState.UnknownBookmark(id: "b9", path: "x.txt").description.contains("x.txt: no bookmark 'b9'"))
    }

    /// Edits the book's state file by hand: `edit` changes its JSON object.
    func handEdit(_ session: ReadingSession, _ edit: (inout [String: Any]) -> Void) throws {
        let file = session.store.path(fingerprint: session.book.fingerprint)
        let data = try #require(FileManager.default.contents(atPath: file))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
    }

    @Test func aBookmarkPastTheEndIsUnanchoredWithAWarning() throws {
        let (path, session) = try openBook()
        try session.update { state in
            state.addBookmark(in: session.book, offset: 3, note: nil)
            state.addBookmark(in: session.book, offset: 9, note: nil)
        }
        try handEdit(session) { object in
            var bookmarks = object["bookmarks"] as? [[String: Any]] ?? []
            bookmarks[1]["offset"] = 1_000_000
            object["bookmarks"] = bookmarks
        }
        let reopened = try ReadingSession.open(path: path, paths: paths)
        let state = try #require(reopened.state)
        #expect(state.bookmarks.count == 2)
        #expect(state.unanchored == ["b2"])
        #expect(reopened.warnings.contains { $0.contains("b2") && $0.contains("past the end") && $0.contains(path) })
    }

    @Test func aRepeatedIdGetsAFreshOneWithAWarning() throws {
        let (path, session) = try openBook()
        try session.update { state in
            state.addBookmark(in: session.book, offset: 3, note: "one")
            state.addBookmark(in: session.book, offset: 9, note: "two")
        }
        try handEdit(session) { object in
            var bookmarks = object["bookmarks"] as? [[String: Any]] ?? []
            bookmarks[1]["id"] = "b1"
            object["bookmarks"] = bookmarks
        }
        let reopened = try ReadingSession.open(path: path, paths: paths)
        let state = try #require(reopened.state)
        #expect(state.bookmarks.map(\.id) == ["b1", "b3"])
        #expect(state.bookmarks.map(\.note) == ["one", "two"])
        #expect(state.nextBookmarkNumber == 4)
        #expect(reopened.warnings.contains { $0.contains("b1") && $0.contains("twice") && $0.contains("b3") })
    }
}
