import Foundation
import Testing

@testable import NovelCore

/// The merge of every device's record of a book (docs/sync.md, *How conflicts resolve*): newest place,
/// bookmarks united by uid with the newest edit of each field, removals that win over older edits,
/// reading time summed; the same result whatever the order of the records.
@Suite struct SyncMergeTests {
    static let day = Date(timeIntervalSince1970: 1_800_000_000)

    static func at(_ seconds: Double) -> Date { Date(timeInterval: seconds, since: day) }

    static func place(_ offset: Int, at seconds: Double, on device: String) -> SyncedPosition {
        SyncedPosition(
            offset: offset, chapterTitle: "第\(offset / 1000)回", percent: Double(offset) / 1000, saved: at(seconds),
            deviceID: device, deviceName: "name of \(device)")
    }

    static func mark(
        _ uid: String, made: Double = 0, note: String? = nil, noted: Double? = nil, removed: Double? = nil,
        offset: Int = 100
    ) -> SyncedBookmark {
        SyncedBookmark(
            uid: uid,
            place: SyncedBookmark.Place(
                offset: offset, chapterIndex: 0, chapterTitle: "第一回", snippet: "灯", created: at(made)),
            note: note, noteEdited: at(noted ?? made), removed: removed.map(at))
    }

    static func tombstone(_ uid: String, at seconds: Double) -> SyncedBookmark {
        SyncedBookmark(uid: uid, place: nil, note: nil, noteEdited: nil, removed: at(seconds))
    }

    static func record(
        _ device: String, position: SyncedPosition? = nil, bookmarks: [SyncedBookmark] = [], seconds: Double = 0,
        written: Double = 0
    ) -> SyncRecord {
        SyncRecord(
            deviceID: device, deviceName: "name of \(device)", fingerprint: "f", title: "青灯记", position: position,
            bookmarks: bookmarks, reading: ReadingTime(characters: Int(seconds) * 5, seconds: seconds, sessions: 1),
            written: at(written))
    }

    @Test func theNewestPositionWins() {
        let merged = SyncMerge.merge([
            Self.record("a", position: Self.place(50_000, at: 100, on: "a")),
            Self.record("b", position: Self.place(20_000, at: 200, on: "b")),
            Self.record("c"),
        ])
        #expect(merged.position == Self.place(20_000, at: 200, on: "b"))
    }

    @Test func positionsOfTheSameTimeAgreeWhateverTheOrder() {
        let records = [
            Self.record("a", position: Self.place(50_000, at: 100, on: "a")),
            Self.record("b", position: Self.place(20_000, at: 100, on: "b")),
        ]
        #expect(SyncMerge.merge(records).position == SyncMerge.merge(records.reversed()).position)
        #expect(SyncMerge.merge(records).position?.deviceID == "b")
    }

    @Test func bookmarksAreTheUnionByUID() {
        let merged = SyncMerge.merge([
            Self.record("a", bookmarks: [Self.mark("u1"), Self.mark("u2")]),
            Self.record("b", bookmarks: [Self.mark("u2"), Self.mark("u3")]),
        ])
        #expect(merged.liveBookmarks.map(\.uid) == ["u1", "u2", "u3"])
    }

    @Test func theNewestNoteWinsWhoeverMadeTheBookmark() {
        let merged = SyncMerge.merge([
            Self.record("a", bookmarks: [Self.mark("u1", note: "first", noted: 10)]),
            Self.record("b", bookmarks: [Self.mark("u1", note: "second", noted: 20)]),
            Self.record("c", bookmarks: [Self.mark("u1", note: nil, noted: 5)]),
        ])
        #expect(merged.bookmarks.map(\.note) == ["second"])
        #expect(merged.bookmarks.first?.noteEdited == Self.at(20))
    }

    @Test func aNoteClearedLaterStaysCleared() {
        let merged = SyncMerge.merge([
            Self.record("a", bookmarks: [Self.mark("u1", note: "old", noted: 10)]),
            Self.record("b", bookmarks: [Self.mark("u1", note: nil, noted: 30)]),
        ])
        #expect(merged.bookmarks.first?.note == nil)
        #expect(merged.bookmarks.first?.isLive == true)
    }

    @Test func aRemovalWinsOverOlderEdits() {
        let merged = SyncMerge.merge([
            Self.record("a", bookmarks: [Self.mark("u1", note: "edited", noted: 50)]),
            Self.record("b", bookmarks: [Self.tombstone("u1", at: 60)]),
        ])
        #expect(merged.liveBookmarks.isEmpty)
        #expect(merged.bookmarks.first?.removed == Self.at(60))
    }

    @Test func anEditAfterTheRemovalBringsTheBookmarkBack() {
        let merged = SyncMerge.merge([
            Self.record("a", bookmarks: [Self.mark("u1", note: "still wanted", noted: 70)]),
            Self.record("b", bookmarks: [Self.tombstone("u1", at: 60)]),
        ])
        #expect(merged.liveBookmarks.map(\.note) == ["still wanted"])
    }

    @Test func aRemovalAtTheSameTimeAsTheLastEditRemoves() {
        let merged = SyncMerge.merge([
            Self.record("a", bookmarks: [Self.mark("u1", note: "n", noted: 60)]),
            Self.record("b", bookmarks: [Self.tombstone("u1", at: 60)]),
        ])
        #expect(merged.liveBookmarks.isEmpty)
    }

    @Test func aTombstoneAloneIsNoBookmark() {
        let merged = SyncMerge.merge([Self.record("a", bookmarks: [Self.tombstone("u9", at: 1)])])
        #expect(merged.bookmarks.count == 1)
        #expect(merged.liveBookmarks.isEmpty)
    }

    @Test func readingTimeIsSummedOverDevices() {
        let merged = SyncMerge.merge([
            Self.record("a", seconds: 600), Self.record("b", seconds: 1200), Self.record("c", seconds: 30),
        ])
        #expect(merged.reading.seconds == 1830)
        #expect(merged.reading.sessions == 3)
        #expect(merged.devices == ["a": "name of a", "b": "name of b", "c": "name of c"])
    }

    @Test func aRecordReadTwiceCountsOnce() {
        let once = [Self.record("a", seconds: 600, written: 5), Self.record("b", seconds: 60)]
        let merged = SyncMerge.merge(once + [Self.record("a", seconds: 300, written: 1)])
        #expect(merged.reading.seconds == 660)
        #expect(SyncMerge.merge(once + once) == SyncMerge.merge(once))
    }

    /// Every order of a mix of places, notes, removals and ties gives one merge.
    @Test func theMergeDependsOnNoOrder() {
        let records = [
            Self.record(
                "a", position: Self.place(9000, at: 40, on: "a"),
                bookmarks: [
                    Self.mark("u1", note: "a", noted: 10), Self.mark("u2", made: 3), Self.tombstone("u3", at: 9),
                ], seconds: 10),
            Self.record(
                "b", position: Self.place(100, at: 40, on: "b"),
                bookmarks: [
                    Self.mark("u1", note: "b", noted: 10), Self.mark("u3", made: 2, note: "x", noted: 12),
                    Self.mark("u2", made: 3, offset: 900),
                ], seconds: 20),
            Self.record("c", bookmarks: [Self.tombstone("u2", at: 3), Self.mark("u4", made: 8)], seconds: 30),
        ]
        let expected = SyncMerge.merge(records)
        for order in [[0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            #expect(SyncMerge.merge(order.map { records[$0] }) == expected, "order \(order)")
        }
        #expect(expected.liveBookmarks.map(\.uid) == ["u1", "u3", "u4"])
        #expect(expected.bookmarks.first { $0.uid == "u1" }?.note == "b")
        #expect(expected.bookmarks.first { $0.uid == "u2" }?.place?.offset == 900)
    }

    @Test func aBookmarksMergeIsCommutativeAndAssociative() {
        let versions = [
            Self.mark("u", made: 1, note: "a", noted: 5), Self.mark("u", made: 1, note: "b", noted: 5),
            Self.mark("u", made: 2, note: nil, noted: 2, offset: 300), Self.tombstone("u", at: 5),
            Self.mark("u", made: 1, note: "c", noted: 7, removed: 3),
        ]
        for left in versions {
            for right in versions {
                #expect(SyncMerge.merge(left, right) == SyncMerge.merge(right, left))
                for third in versions {
                    #expect(
                        SyncMerge.merge(SyncMerge.merge(left, right), third)
                            == SyncMerge.merge(left, SyncMerge.merge(right, third)))
                }
            }
        }
    }
}
