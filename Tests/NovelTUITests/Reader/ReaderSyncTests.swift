import Foundation
import NovelCore
import Testing

@testable import NovelTUI

/// What a sync beside the reader brings: another machine's newer place is said, never jumped to by
/// itself; the `synced-place` key goes there as a jump; bookmarks from other machines are adopted.
@Suite struct ReaderSyncTests {
    static let now = Date(timeIntervalSince1970: 1_800_007_200)

    static func offer(at offset: Int, keymap: [String: [String]] = [:]) -> SyncOffer? {
        SyncOffer(
            newest: SyncedPosition(
                offset: offset, chapterTitle: "第四章 雨夜4", percent: 70, saved: now.addingTimeInterval(-7200),
                deviceID: "b", deviceName: "laptop"),
            local: nil, thisDevice: "a")
    }

    @Test func theOfferIsSaidAndItsKeyJumpsThereAndBack() throws {
        var reader = makeReader()
        let start = reader.firstVisibleOffset
        let target = try #require(sampleBook.index.entries.dropFirst(3).first).range.lowerBound + 10
        reader.synced(nil, offer: Self.offer(at: target), now: Self.now)
        #expect(reader.message == "At 第四章 雨夜4 on laptop, 2 h ago — P to go there")
        #expect(reader.firstVisibleOffset == start)
        reader.press("P")
        #expect(reader.entry == 3)
        #expect(reader.firstVisibleOffset != start)
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == start)
        // Taken once, the offer is gone.
        reader.press("P")
        #expect(reader.message == "No newer place from another machine")
    }

    @Test func theOfferNamesTheKeyTheKeymapBinds() {
        var settings = Settings()
        settings.keymap = ["synced-place": ["o"]]
        var reader = makeReader(settings: settings)
        reader.synced(nil, offer: Self.offer(at: 100), now: Self.now)
        #expect(reader.message?.hasSuffix("— o to go there") == true)
    }

    @Test func bookmarksASyncBringsAreAdopted() {
        var reader = makeReader()
        var stored = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: "books/sample.txt")
        stored.insert(
            Bookmark(
                id: "b1", offset: 40, chapterIndex: 0, chapterTitle: "", snippet: "", note: "from the laptop",
                created: Self.now))
        reader.synced(stored, offer: nil, now: Self.now)
        #expect(reader.bookmarks.map(\.note) == ["from the laptop"])
        #expect(reader.message == nil)
    }
}
