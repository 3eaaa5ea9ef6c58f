import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The scenarios every store must pass (`SyncScenarios` in NovelTestSupport), run here through a folder
/// store; a WebDAV store runs the same functions with its own factory.
@Suite final class SyncScenarioTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory("novel-sync-scenario")
    }

    deinit { folder.remove() }

    var factory: SyncScenarios.StoreFactory {
        let root = folder.path
        return { FolderSyncStore(root: root) }
    }

    @Test func twoHomesReadingByTurnsConvergeToTheNewestPlace() throws {
        try SyncScenarios.alternateReading(store: factory)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func concurrentBookmarkChangesEndTheSameOnBothHomesWithNothingLost(seed: UInt64) throws {
        try SyncScenarios.concurrentBookmarks(store: factory, rounds: 100, seed: seed)
    }

    @Test func aFailingStoreLeavesTheLocalStateAndSaysWhatHappened() throws {
        try SyncScenarios.failingStores(store: factory)
    }

    @Test func placesAreExchangedWithLegadosProgressFileBothWays() throws {
        try LegadoScenarios.exchange(store: factory)
    }

    /// The scenarios can fail: the expected bookmarks follow the rules, a removal at or after the last edit
    /// wins, and a lost bookmark is named.
    @Test func theExpectedBookmarksFollowTheRules() {
        let at = SyncMergeTests.at
        let actions: [SyncScenarios.Action] = [
            .init(uid: "u1", kind: .made, time: at(1), note: "made"),
            .init(uid: "u1", kind: .noted, time: at(3), note: "noted"),
            .init(uid: "u2", kind: .made, time: at(2), note: "m2"),
            .init(uid: "u2", kind: .removed, time: at(4), note: nil),
            .init(uid: "u3", kind: .made, time: at(5), note: "m3"),
            .init(uid: "u3", kind: .removed, time: at(6), note: nil),
            .init(uid: "u3", kind: .noted, time: at(7), note: "back"),
        ]
        #expect(SyncScenarios.expectedBookmarks(actions) == ["u1": "noted", "u3": "back"])
    }
}
