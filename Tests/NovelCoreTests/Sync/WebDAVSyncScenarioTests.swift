import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// The scenarios every store must pass (`SyncScenarios`), through a real WebDAV server: `rclone serve
/// webdav` on 127.0.0.1 with a user and password, as the folder store runs them in `SyncScenarioTests`.
@Suite(.enabled(if: RcloneWebDAV.isAvailable, Comment(rawValue: RcloneWebDAV.absentMessage)))
struct WebDAVSyncScenarioTests {
    /// A served folder and a factory of stores over it; `body` runs, then the server stops.
    func withServer(_ body: (@escaping SyncScenarios.StoreFactory) throws -> Void) throws {
        let directory = try TemporaryDirectory("novel-webdav-scenario")
        defer { directory.remove() }
        let served = directory.path + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let server = try RcloneWebDAV(folder: served, user: "reader", password: "secret")
        defer { server.stop() }
        let url = server.url
        try body { try WebDAVStore(url: url, user: "reader", password: "secret", timeout: 20) }
    }

    @Test func twoHomesReadingByTurnsConvergeToTheNewestPlace() throws {
        try withServer { try SyncScenarios.alternateReading(store: $0) }
    }

    @Test func concurrentBookmarkChangesEndTheSameOnBothHomesWithNothingLost() throws {
        try withServer { try SyncScenarios.concurrentBookmarks(store: $0, rounds: 100, seed: 7) }
    }

    @Test func aFailingStoreLeavesTheLocalStateAndSaysWhatHappened() throws {
        try withServer { try SyncScenarios.failingStores(store: $0) }
    }
}
