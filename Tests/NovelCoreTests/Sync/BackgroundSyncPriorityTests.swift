import Foundation
import NovelTestSupport
import Synchronization
import Testing

@testable import NovelCore

/// The reader's sync starts as the first screen is drawn: it runs below the terminal's thread, so that the
/// screen is painted before the sync takes a core ("as fast with sync on as off", issue 35).
@Suite struct BackgroundSyncPriorityTests {
    /// A store that notes the nice value of the thread that lists it.
    final class NiceNotingStore: SyncStore {
        let listedAt = Mutex<Int?>(nil)

        func list(_ folder: String) throws(SyncError) -> [String] {
            listedAt.withLock { $0 = ThreadNice.ofThisThread() }
            return []
        }

        func read(_ path: String, limit: Int) throws(SyncError) -> Data? { nil }

        func write(_ data: Data, to path: String) throws(SyncError) {}
    }

    @Test func theSyncRunsNicerThanTheThreadThatStartsIt() throws {
        let home = try SyncHome(name: "laptop")
        defer { home.remove() }
        let store = NiceNotingStore()
        let sync = BackgroundSync(paths: home.paths) { home.sync(store) }
        #expect(sync.start(fingerprint: SyncScenarios.fingerprint, opening: true))
        #expect(sync.wait(seconds: 10))
        let starter = try #require(ThreadNice.ofThisThread())
        let listed = try #require(store.listedAt.withLock { $0 }, "the sync never listed the store")
        #expect(listed == min(19, starter + Int(BackgroundPriority.niceness)))
    }
}
