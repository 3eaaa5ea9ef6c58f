import Foundation
import NovelCore

/// Sync records from other machines (`SyncRecord`) and their merge (`SyncMerge`). The input is up to four
/// pieces cut at NUL bytes; each is read as a device's record file, and one that is refused is instead
/// made into a record by reading choices off its bytes, so that the merge sees every shape. What must
/// hold: a record read back from what it writes is the same record; the merge does not depend on the
/// records' order nor on a record being read twice; merging one bookmark's versions is commutative and
/// associative; a state that adopts the merge and shares it again changes nothing of the merge.
enum SyncMergeFuzzTarget {
    static let fingerprint = "0123456789abcdef0123456789abcdef"
    static let devices = ["0a", "1b", "2c", "3d"]

    static let target = FuzzTarget(
        name: "sync-merge",
        summary: "sync records from other machines (SyncRecord) and their merge (SyncMerge, BookState.adopt)",
        dictionaries: ["json.dict", "sync-record.dict"],
        run: { bytes in
            let pieces = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false).map(Array.init)
            var records: [SyncRecord] = []
            for (index, piece) in pieces.enumerated() {
                let device = devices[index]
                if let (record, _) = try? SyncRecord.read(piece, deviceID: device, fingerprint: fingerprint) {
                    records.append(record)
                } else {
                    records.append(made(from: piece, device: device))
                }
            }
            check(records)
        },
        seeds: { file in
            // Records as a device writes them, with places and bookmarks from the seed's bytes.
            var input = FuzzInput(Array(file.prefix(256)))
            let records = devices.prefix(3).map { made(from: Array(input.rest.prefix(64)), device: $0, input: &input) }
            return [records.compactMap { $0.bytes() }.joined(separator: [0]).map { $0 }]
        })

    static func made(from bytes: [UInt8], device: String) -> SyncRecord {
        var input = FuzzInput(bytes)
        return made(from: bytes, device: device, input: &input)
    }

    /// A record made from choices read off `input`: a few bookmarks from a small set of uids (so that
    /// devices share some), places, notes, removals and times close enough to tie.
    static func made(from bytes: [UInt8], device: String, input: inout FuzzInput) -> SyncRecord {
        func date() -> Date { Date(timeIntervalSince1970: 1_800_000_000 + Double(input.int(in: 0...15))) }
        var bookmarks: [SyncedBookmark] = []
        for _ in 0..<input.int(in: 0...6) {
            let uid = "u\(input.int(in: 0...7))"
            let kind = input.int(in: 0...3)
            let removed = kind >= 2 ? date() : nil
            guard kind != 3 else {
                bookmarks.append(SyncedBookmark(uid: uid, place: nil, note: nil, noteEdited: nil, removed: removed))
                continue
            }
            let place = SyncedBookmark.Place(
                offset: input.int(in: 0...3) * 100, chapterIndex: input.int(in: 0...2),
                chapterTitle: ["第一回", "", "Chapter 2"][input.int(in: 0...2)], snippet: "", created: date())
            let note = [nil, "", "a", "笔记"][input.int(in: 0...3)]
            bookmarks.append(
                SyncedBookmark(uid: uid, place: place, note: note, noteEdited: date(), removed: removed))
        }
        let position =
            input.int(in: 0...3) == 0
            ? nil
            : SyncedPosition(
                offset: input.int(in: 0...9) * 1000, chapterTitle: "第\(input.int(in: 1...3))回",
                percent: Double(input.int(in: 0...100)), saved: date(), deviceID: device, deviceName: "device \(device)"
            )
        return SyncRecord(
            deviceID: device, deviceName: "device \(device)", fingerprint: fingerprint, title: "青灯记",
            position: position, bookmarks: bookmarks,
            reading: ReadingTime(
                characters: input.int(in: 0...255), seconds: Double(input.int(in: 0...255)), sessions: 1),
            written: date())
    }

    static func check(_ records: [SyncRecord]) {
        // Written and read back, a record is itself (once written: a time is kept to the millisecond).
        for record in records {
            let written = record.bytes().flatMap {
                try? SyncRecord.read($0, deviceID: record.deviceID, fingerprint: fingerprint).record
            }
            let again = written?.bytes().flatMap {
                try? SyncRecord.read($0, deviceID: record.deviceID, fingerprint: fingerprint).record
            }
            FuzzCheck.require(written != nil && again == written, "a record does not read back as written: \(record)")
        }
        let merged = SyncMerge.merge(records)
        FuzzCheck.require(SyncMerge.merge(records.reversed()) == merged, "the merge depends on the records' order")
        FuzzCheck.require(
            SyncMerge.merge(records + records.prefix(2)) == merged, "the merge changes when a record is read twice")
        FuzzCheck.require(
            Set(merged.bookmarks.map(\.uid)).count == merged.bookmarks.count, "the merge holds a uid twice")
        // One bookmark's versions, from every record: their merge is commutative and associative.
        let versions = records.flatMap(\.bookmarks)
        for left in versions {
            for right in versions where right.uid == left.uid {
                FuzzCheck.require(
                    SyncMerge.merge(left, right) == SyncMerge.merge(right, left),
                    "a bookmark's merge is not commutative")
                for third in versions.prefix(8) where third.uid == left.uid {
                    FuzzCheck.require(
                        SyncMerge.merge(SyncMerge.merge(left, right), third)
                            == SyncMerge.merge(left, SyncMerge.merge(right, third)),
                        "a bookmark's merge is not associative")
                }
            }
        }
        // A home that adopts the merge shares it back unchanged.
        var state = BookState(fingerprint: fingerprint, title: "青灯记", lastPath: "")
        state.adopt(merged)
        let device = SyncDevice(id: "ff", name: "here")
        let shared = state.syncRecord(device: device, now: Date(timeIntervalSince1970: 1_800_000_100))
        FuzzCheck.require(
            SyncMerge.merge([shared] + records).bookmarks == merged.bookmarks, "adopting the merge changed it")
        FuzzCheck.require(
            Set(state.bookmarks.map(\.uid)) == Set(merged.liveBookmarks.map(\.uid)),
            "the state adopted other bookmarks than the live ones")
    }
}
