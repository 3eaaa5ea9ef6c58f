import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The folder store: paths stay inside the folder, reads are bounded, writes are atomic.
@Suite final class FolderSyncStoreTests {
    let folder: TemporaryDirectory
    let store: FolderSyncStore

    init() throws {
        folder = try TemporaryDirectory("novel-sync-folder")
        store = FolderSyncStore(root: folder.path)
    }

    deinit { folder.remove() }

    @Test func writesCreateFoldersAndReadBack() throws {
        try store.write(Data("{}".utf8), to: "devices/a1/f.json")
        #expect(try store.list("") == ["devices"])
        #expect(try store.list("devices") == ["a1"])
        #expect(try store.read("devices/a1/f.json", limit: 10) == Data("{}".utf8))
        #expect(try store.read("devices/a1/missing.json", limit: 10) == nil)
        #expect(try store.list("nothing/here") == [])
    }

    @Test func pathsThatWouldLeaveTheFolderAreRefused() {
        for path in ["../x", "devices/../../x", "/etc/passwd", "a//b", "a/./b", "a\\b", "a\u{1}b"] {
            #expect(throws: SyncError.self) { try store.read(path, limit: 10) }
            #expect(throws: SyncError.self) { try store.write(Data(), to: path) }
        }
    }

    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        try store.write(Data(repeating: 0x20, count: 100), to: "big.json")
        #expect(throws: SyncError.tooLarge(store: folder.path, path: "big.json", limit: 99)) {
            try store.read("big.json", limit: 99)
        }
        #expect(try store.read("big.json", limit: 100)?.count == 100)
    }

    @Test func aWriteCutShortLeavesTheOldFile() throws {
        try store.write(Data("old".utf8), to: "devices/a1/f.json")
        struct Cut: Error {}
        let cut = FolderSyncStore(root: folder.path, beforeRename: { throw Cut() })
        #expect(throws: SyncError.self) { try cut.write(Data("new".utf8), to: "devices/a1/f.json") }
        #expect(try store.read("devices/a1/f.json", limit: 10) == Data("old".utf8))
    }
}
