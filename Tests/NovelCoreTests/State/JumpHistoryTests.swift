import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The jump list: back and forward like a pager's, bounded, and kept in the book's state file.
@Suite final class JumpHistoryTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory()
        paths = home.novelPaths
    }

    deinit { home.remove() }

    func place(_ offset: Int) -> ReadingPosition {
        ReadingPosition(
            offset: offset, chapterIndex: 0, chapterTitle: "第一章", snippet: "place \(offset)", percent: 0,
            saved: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func backAndForwardWalkTheListLikeAPager() {
        var history = JumpHistory()
        history.leave(place(0))  // jumped from 0 to 100
        history.leave(place(100))  // jumped from 100 to 500
        let step1 = history.goBack(from: place(500))
        #expect(step1?.offset == 100)
        let step2 = history.goBack(from: place(100))
        #expect(step2?.offset == 0)
        let step3 = history.goBack(from: place(0))
        #expect(step3 == nil)
        let step4 = history.goForward(from: place(0))
        #expect(step4?.offset == 100)
        let step5 = history.goForward(from: place(100))
        #expect(step5?.offset == 500)
        let step6 = history.goForward(from: place(500))
        #expect(step6 == nil)
        // A new jump after going back forgets the way forward.
        _ = history.goBack(from: place(500))
        history.leave(place(100))
        #expect(history.forward.isEmpty)
    }

    @Test func aPlaceWhereTheReaderAlreadyIsIsSkippedAndRepeatsAreKeptOnce() {
        var history = JumpHistory()
        history.leave(place(10))
        history.leave(place(10))
        history.leave(place(20))
        #expect(history.back.map(\.offset) == [10, 20])
        // Back from 20 itself skips to 10.
        let step7 = history.goBack(from: place(20))
        #expect(step7?.offset == 10)
    }

    @Test func onlyTheLastFewPlacesAreKept() {
        var history = JumpHistory()
        for offset in 0..<(JumpHistory.limit + 5) { history.leave(place(offset)) }
        #expect(history.back.count == JumpHistory.limit)
        #expect(history.back.first?.offset == 5)
    }

    @Test func theHistoryIsSavedWithTheBookKeepingUnknownKeys() throws {
        let store = BookStateStore(paths: paths)
        let file = store.path(fingerprint: "f1")
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try #"{"version": 1, "history": {"back": [], "forward": [], "later": 7}, "other": true}"#
            .write(toFile: file, atomically: false, encoding: .utf8)
        var history = JumpHistory()
        history.leave(place(42))
        try store.update(fingerprint: "f1", title: "t", path: "/b.txt") { $0.history = history }
        #expect(store.load(fingerprint: "f1")?.history == history)
        let text = String(decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
        #expect(text.contains("\"later\""))
        #expect(text.contains("\"other\""))
    }

    @Test func anUnreadableHistoryIsReportedAndLeftOut() throws {
        let store = BookStateStore(paths: paths)
        let file = store.path(fingerprint: "f2")
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try #"{"version": 1, "history": {"back": "nowhere"}}"#.write(toFile: file, atomically: false, encoding: .utf8)
        var warnings: [String] = []
        let state = store.load(fingerprint: "f2", warnings: &warnings)
        #expect(state?.history == JumpHistory())
        #expect(warnings.contains { $0.contains("jump history") })
    }
}
