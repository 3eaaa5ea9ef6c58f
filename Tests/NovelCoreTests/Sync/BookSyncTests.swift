import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// `BookSync` writes this device's record only when it holds something new, so a sync that changes
/// nothing only reads (what keeps `novel sync` of a whole library quick against a server).
@Suite final class BookSyncTests {
    let folder: TemporaryDirectory
    let home: SyncHome

    init() throws {
        folder = try TemporaryDirectory("novel-book-sync")
        home = try SyncHome(name: "laptop")
    }

    deinit {
        folder.remove()
        home.remove()
    }

    static let fingerprint = SyncScenarios.fingerprint
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    func written() throws -> Date? {
        let store = FolderSyncStore(root: folder.path)
        let path = SyncRecord.path(deviceID: home.device.id, fingerprint: Self.fingerprint)
        guard let data = try store.read(path, limit: SyncRecord.largest) else { return nil }
        return try SyncRecord.read(Array(data), deviceID: home.device.id, fingerprint: Self.fingerprint).record.written
    }

    @Test func anUnchangedRecordIsNotWrittenAgainAndAChangedOneIs() throws {
        let store = FolderSyncStore(root: folder.path)
        try home.change(Self.fingerprint) { state in
            state.save(
                ReadingPosition(
                    offset: 100, chapterIndex: 0, chapterTitle: "第一回", snippet: "", percent: 1, saved: Self.start))
        }
        _ = try home.sync(store).sync(fingerprint: Self.fingerprint, now: Self.start)
        #expect(try written() == Self.start)
        // Nothing new an hour later: the record stays as written.
        _ = try home.sync(store).sync(
            fingerprint: Self.fingerprint, devices: try store.list(SyncRecord.devicesFolder),
            now: Self.start.addingTimeInterval(3600))
        #expect(try written() == Self.start)
        // A new place: written.
        let later = Self.start.addingTimeInterval(7200)
        try home.change(Self.fingerprint) { state in
            state.save(
                ReadingPosition(
                    offset: 9000, chapterIndex: 1, chapterTitle: "第二回", snippet: "", percent: 9, saved: later))
        }
        _ = try home.sync(store).sync(fingerprint: Self.fingerprint, now: later)
        #expect(try written() == later)
    }
}
