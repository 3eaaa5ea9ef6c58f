import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A book's local state to and from sync: bookmark uids unique across machines (old files read fine),
/// removals and note edits with their times, and the merge taken back in without touching the place.
@Suite final class BookStateSyncTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory("novel-state-sync")
        paths = home.novelPaths
    }

    deinit { home.remove() }

    static let device = SyncDevice(id: "a1b2", name: "laptop")

    func mark(_ id: String, offset: Int, uid: String? = nil, note: String? = nil) -> Bookmark {
        Bookmark(
            id: id, offset: offset, chapterIndex: 0, chapterTitle: "第一回", snippet: "灯", note: note,
            created: SyncMergeTests.at(Double(offset)), uid: uid)
    }

    @Test func twoHomesNumberingTheirBookmarksAlikeGiveThemDifferentUIDs() throws {
        let path = try home.write("灯.txt", "第一章　开始\n　　灯亮了很久很久，一直亮到天明。\n")
        let session = try ReadingSession.open(path: path, paths: paths)
        var laptop = BookState(fingerprint: "f", title: "t", lastPath: path)
        var desktop = laptop
        let one = laptop.addBookmark(in: session.book, offset: 3, note: nil)
        let other = desktop.addBookmark(in: session.book, offset: 3, note: nil)
        #expect(one.id == other.id)
        #expect(one.uid != other.uid)
        #expect(RandomID.isValid(one.uid))
    }

    @Test func aStateFileWithoutUIDsReadsFineAndKeepsTheUIDItDerives() throws {
        let file = BookStateStore(paths: paths).path(fingerprint: "f")
        let old = """
            {"version": 1, "fingerprint": "f", "title": "t", "lastPath": "/p", "nextBookmarkNumber": 3,
             "bookmarks": [
               {"id": "b1", "offset": 10, "chapterIndex": 0, "chapterTitle": "一", "snippet": "s",
                "created": "2027-01-15T08:00:00.000Z"},
               {"id": "b2", "offset": 20, "chapterIndex": 0, "chapterTitle": "一", "snippet": "s", "note": "n",
                "created": "2027-01-15T08:00:01.000Z"}]}
            """
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(old.utf8).write(to: URL(fileURLWithPath: file))
        var warnings: [String] = []
        let state = try #require(BookStateStore(paths: paths).load(fingerprint: "f", warnings: &warnings))
        #expect(warnings.isEmpty)
        #expect(state.bookmarks.map(\.id) == ["b1", "b2"])
        let uids = state.bookmarks.map(\.uid)
        #expect(Set(uids).count == 2 && uids.allSatisfy(RandomID.isValid))
        // The same old file on another machine derives the same uids, and writing them keeps them.
        #expect(BookStateStore(paths: paths).load(fingerprint: "f")?.bookmarks.map(\.uid) == uids)
        try BookStateStore(paths: paths).update(fingerprint: "f", title: "t", path: "/p") { _ in }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"uid\" : \"\(uids[0])\""))
        #expect(BookStateStore(paths: paths).load(fingerprint: "f")?.bookmarks.map(\.uid) == uids)
    }

    @Test func aRepeatedUIDInAHandEditedFileGetsANewOne() throws {
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/p")
        state.bookmarks = [mark("b1", offset: 1, uid: "same"), mark("b2", offset: 2, uid: "same")]
        var warnings: [String] = []
        let read = BookState(object: state.merged(into: [:]), fingerprint: "f", warnings: &warnings, path: "p")
        #expect(read.bookmarks[0].uid == "same")
        #expect(read.bookmarks[1].uid != "same")
    }

    @Test func aRemovalIsKeptAsATombstoneAndANoteEditWithItsTime() throws {
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/p")
        state.insert(mark("b1", offset: 1, uid: "u1"))
        state.insert(mark("b2", offset: 2, uid: "u2"))
        try state.setNote("new", bookmark: "b2", now: SyncMergeTests.at(500))
        try state.removeBookmark(id: "b1", now: SyncMergeTests.at(600))
        #expect(state.removedBookmarks == ["u1": SyncMergeTests.at(600)])
        #expect(state.bookmarks.first?.noteEdited == SyncMergeTests.at(500))
        var warnings: [String] = []
        let read = BookState(object: state.merged(into: [:]), fingerprint: "f", warnings: &warnings, path: "p")
        #expect(warnings.isEmpty)
        #expect(read == state)
        let record = state.syncRecord(device: Self.device, now: SyncMergeTests.at(700))
        #expect(record.bookmarks.map(\.uid) == ["u2", "u1"])
        #expect(record.bookmarks[1].place == nil && record.bookmarks[1].removed == SyncMergeTests.at(600))
        #expect(record.bookmarks[0].note == "new" && record.bookmarks[0].noteEdited == SyncMergeTests.at(500))
    }

    @Test func unreadableTombstonesAreReportedAndLeftOut() {
        var warnings: [String] = []
        let read = BookState(
            object: ["removedBookmarks": ["u1": "not a date"]], fingerprint: "f", warnings: &warnings, path: "p")
        #expect(read.removedBookmarks.isEmpty)
        #expect(warnings == ["p: unreadable removedBookmarks ignored"])
    }

    @Test func adoptingTheMergeAddsRemovesAndChangesBookmarksButNeverThePlace() throws {
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/p")
        let place = ReadingPosition(
            offset: 5, chapterIndex: 0, chapterTitle: "一", snippet: "", percent: 1, saved: SyncMergeTests.at(1))
        state.save(place)
        state.insert(mark("b1", offset: 1, uid: "u1", note: "mine"))
        state.insert(mark("b2", offset: 2, uid: "u2"))
        state.unanchored = ["b2"]
        let other = SyncMergeTests.record(
            "ffff", position: SyncMergeTests.place(90_000, at: 999, on: "ffff"),
            bookmarks: [
                SyncMergeTests.mark("u1", made: 1, note: "theirs, newer", noted: 50),
                SyncMergeTests.tombstone("u2", at: 60), SyncMergeTests.mark("u3", made: 70, note: "new"),
            ])
        let merged = SyncMerge.merge([state.syncRecord(device: Self.device, now: SyncMergeTests.at(80)), other])
        let counts = state.adopt(merged)
        #expect(counts == (added: 1, changed: 1, removed: 1))
        #expect(state.position == place)
        #expect(state.bookmarks.map(\.note) == ["theirs, newer", "new"])
        #expect(state.bookmarks.map(\.id) == ["b1", "b3"])
        #expect(state.unanchored.isEmpty)
        #expect(state.removedBookmarks == ["u2": SyncMergeTests.at(60)])
        // Taken in once, the same merge changes nothing more.
        let again = state.adopt(merged)
        #expect(again == (added: 0, changed: 0, removed: 0))
    }
}
