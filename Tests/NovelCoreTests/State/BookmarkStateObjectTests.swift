import Foundation
import Testing

@testable import NovelCore

/// A bookmark read and written field by field (`Bookmark: StateObject`, issue 38, item 14), with the
/// rules of the decoder it replaces: a missing or null note is none, any other wrong field makes the
/// bookmark unreadable.
@Suite struct BookmarkStateObjectTests {
    static let bookmark = Bookmark(
        id: "b7", offset: 1234, chapterIndex: 3, chapterTitle: "第三章　灯下", snippet: "灯下夜读", note: "伏笔\n二",
        created: Date(timeIntervalSince1970: 1_700_000_000))

    @Test func aBookmarkRoundTripsThroughTheFileText() throws {
        var unnoted = Self.bookmark
        unnoted.note = nil
        for bookmark in [Self.bookmark, unnoted] {
            let text = try #require(JSONText.pretty(bookmark.stateObject))
            let object = try JSONSerialization.jsonObject(with: Data(text))
            #expect(Bookmark(stateObject: object) == bookmark)
        }
        #expect(unnoted.stateObject["note"] == nil)  // omitted, as the encoder omitted it
    }

    @Test func wrongFieldsFollowTheDecodersRules() {
        let cases: [(key: String, value: Any, readable: Bool)] = [
            ("note", NSNull(), true), ("note", 5, false), ("offset", "12", false), ("offset", 1.5, false),
            ("created", "yesterday", false), ("chapterTitle", NSNull(), false),
        ]
        for (key, value, readable) in cases {
            var object = Self.bookmark.stateObject
            object[key] = value
            #expect((Bookmark(stateObject: object) != nil) == readable, "\(key): \(value)")
        }
    }

    @Test func aMissingNoteIsNoneAndAMissingIdIsUnreadable() {
        var object = Self.bookmark.stateObject
        object["note"] = nil
        #expect(Bookmark(stateObject: object)?.note == nil)
        object["id"] = nil
        #expect(Bookmark(stateObject: object) == nil)
    }

    @Test func fiftyThousandBookmarksLoadAndKeepTheirOrderAndNextId() {
        let list = (1...50_000).map { number -> Any in
            var object = Self.bookmark.stateObject
            object["id"] = "b\(number)"
            return object
        }
        var warnings: [String] = []
        let state = BookState(object: ["bookmarks": list], fingerprint: "f", warnings: &warnings, path: "p")
        #expect(warnings.isEmpty)
        #expect(state.bookmarks.count == 50_000)
        #expect(state.bookmarks.last?.id == "b50000")
        #expect(state.nextBookmarkNumber == 50_001)
    }
}
