import Foundation
import Testing

@testable import NovelCore

/// A record's file: written and read back whole, read strictly (a store's answers are untrusted), and
/// rewritten with the keys this version does not know kept.
@Suite struct SyncRecordJSONTests {
    static let record = SyncMergeTests.record(
        "a1b2", position: SyncMergeTests.place(12_345, at: 60, on: "a1b2"),
        bookmarks: [
            SyncMergeTests.mark("c0ffee", note: "灯下的笔记", noted: 30),
            SyncMergeTests.mark("d00d", made: 5), SyncMergeTests.tombstone("dead", at: 9),
        ], seconds: 1234.5, written: 90)

    static func read(_ bytes: [UInt8], device: String = "a1b2", fingerprint: String = "f") throws -> SyncRecord {
        try SyncRecord.read(bytes, deviceID: device, fingerprint: fingerprint).record
    }

    static func object(_ edit: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var object = record.object()
        edit(&object)
        return try #require(JSONText.pretty(object))
    }

    @Test func aRecordReadsBackAsWritten() throws {
        let bytes = try #require(Self.record.bytes())
        #expect(try Self.read(bytes) == Self.record)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"device\" : \"a1b2\""))
        #expect(!text.contains("snippet\" : \"\""))
    }

    @Test func keysThisVersionDoesNotKnowAreKept() throws {
        let original = try Self.object { object in
            object["futureField"] = ["kept": true]
            var bookmarks = object["bookmarks"] as? [[String: Any]] ?? []
            bookmarks[0]["colour"] = "red"
            object["bookmarks"] = bookmarks
        }
        let (record, old) = try SyncRecord.read(original, deviceID: "a1b2", fingerprint: "f")
        var changed = record
        changed.bookmarks[0].note = "rewritten"
        let bytes = try #require(changed.bytes(keeping: old))
        let rewritten = try #require(JSONText.parse(bytes) as? [String: Any])
        #expect((rewritten["futureField"] as? [String: Any])?["kept"] as? Bool == true)
        let first = (rewritten["bookmarks"] as? [[String: Any]])?.first
        #expect(first?["colour"] as? String == "red")
        #expect(first?["note"] as? String == "rewritten")
    }

    @Test func aRecordSpeaksOnlyForItsDeviceAndBook() throws {
        let bytes = try #require(Self.record.bytes())
        #expect(throws: SyncRecord.Problem(reason: "it names another device")) {
            try Self.read(bytes, device: "ffff")
        }
        #expect(throws: SyncRecord.Problem(reason: "it names another book")) {
            try Self.read(bytes, fingerprint: "other")
        }
    }

    @Test func malformedRecordsAreRefusedWithTheReason() throws {
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            ("version is not a whole number from 1", { $0["version"] = 0 }),
            ("position.offset is not a whole number from 0", { $0["position"] = ["offset": -1] }),
            (
                "position.percent is not a number from 0 to 100",
                {
                    var place = $0["position"] as? [String: Any] ?? [:]
                    place["percent"] = 101
                    $0["position"] = place
                }
            ),
            ("bookmarks is not a list", { $0["bookmarks"] = "none" }),
            ("bookmarks[0].uid is not an id", { $0["bookmarks"] = [["uid": "../../etc"]] }),
            ("bookmarks[0] has neither a place nor a removal", { $0["bookmarks"] = [["uid": "u1", "note": "x"]] }),
            (
                "bookmarks[0].noteEdited is not a date",
                {
                    var bookmarks = $0["bookmarks"] as? [[String: Any]] ?? []
                    bookmarks[0]["noteEdited"] = nil
                    $0["bookmarks"] = bookmarks
                }
            ),
            (
                "reading.seconds is not a number from 0",
                { $0["reading"] = ["characters": 1, "seconds": -5, "sessions": 1] }
            ),
            ("written is not a date", { $0["written"] = "yesterday" }),
        ]
        for (reason, edit) in cases {
            let bytes = try Self.object(edit)
            #expect(throws: SyncRecord.Problem(reason: reason)) { try Self.read(bytes) }
        }
    }

    @Test func onlyStrictJSONIsRead() {
        for text in ["", "[]", "{\"version\": 1,}", "{'version': 1}", "{\"version\": 1} trailing", "NaN"] {
            #expect(throws: SyncRecord.Problem.self) { try Self.read(Array(text.utf8)) }
        }
        #expect(throws: SyncRecord.Problem.self) {
            try Self.read(Array("{\"version\": 1, \"device\": \"a1b2\", \"fingerprint\": \"f\", \"x\": 1e999}".utf8))
        }
    }

    @Test func aNumberPastAnyIntegerIsRefusedNotWrapped() throws {
        let text = String(decoding: try #require(Self.record.bytes()), as: UTF8.self).replacingOccurrences(
            of: "\"offset\" : 12345", with: "\"offset\" : 99999999999999999999999")
        #expect(throws: SyncRecord.Problem(reason: "position.offset is not a whole number from 0")) {
            try Self.read(Array(text.utf8))
        }
    }
}
