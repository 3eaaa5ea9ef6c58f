import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Setting sync up: the device made once per home, the store the settings name, and the messages.
@Suite final class SyncSetUpTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory("novel-sync-setup")
    }

    deinit { home.remove() }

    @Test func aHomesDeviceIDIsMadeOnceAndKept() throws {
        var settings = Settings()
        let first = try SyncDevice.ofThisHome(paths: home.novelPaths, settings: settings)
        settings.syncDevice = "laptop"
        let second = try SyncDevice.ofThisHome(paths: home.novelPaths, settings: settings)
        #expect(first.id == second.id && RandomID.isValid(first.id))
        #expect(second.name == "laptop")
        #expect(first.name == SyncDevice.hostName() && !first.name.isEmpty)
        let other = try TemporaryDirectory("novel-sync-setup-other")
        defer { other.remove() }
        #expect(try SyncDevice.ofThisHome(paths: other.novelPaths, settings: settings).id != first.id)
    }

    @Test func theSettingsChooseTheStore() throws {
        var settings = Settings()
        #expect(try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:]) == nil)
        settings.syncFolder = home.path
        #expect(
            (try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:])
                as? FolderSyncStore)?.root == home.path)
        settings.syncFolder = "relative/sync"
        #expect(throws: SyncError.misconfigured(reason: "sync.folder must be an absolute path, not 'relative/sync'")) {
            try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:])
        }
        settings.syncFolder = home.path + "/missing"
        #expect(throws: SyncError.self) {
            try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:])
        }
        settings.syncURL = "https://dav.example.com/novel/"
        #expect(throws: SyncError.misconfigured(reason: "sync.url and sync.folder are both set; set one of them")) {
            try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:])
        }
        settings.syncFolder = ""
        #expect(try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:]) is WebDAVStore)
        settings.syncUser = "reader"
        // A user needs a password, and none is given anywhere.
        #expect(throws: SyncError.self) {
            try SyncStoreFactory.store(settings: settings, paths: home.novelPaths, environment: [:])
        }
        let store = try SyncStoreFactory.store(
            settings: settings, paths: home.novelPaths, environment: [SyncCredentials.environmentVariable: "pw"])
        #expect((store as? WebDAVStore)?.name == "https://dav.example.com/novel/")
    }

    @Test func aStoreIsNamedWithoutUserOrPassword() {
        var settings = Settings()
        settings.syncURL = "https://reader:secret@dav.example.com/novel/"
        #expect(SyncStoreFactory.storeName(settings: settings) == "https://dav.example.com/novel/")
    }

    @Test func theSettingsAreKeysOfSettingsJSON() throws {
        let store = SettingsStore(paths: home.novelPaths)
        try store.set([
            ("sync.folder", "/srv/sync"), ("sync.settings", "true"), ("sync.device", "laptop"),
            ("sync.ca-file", "/etc/ca.pem"), ("sync.user", "reader"), ("sync.legado", "on"),
        ])
        let settings = store.load().settings
        #expect(settings.syncFolder == "/srv/sync" && settings.syncSettings && settings.syncLegado)
        #expect(
            settings.syncDevice == "laptop" && settings.syncCAFile == "/etc/ca.pem" && settings.syncUser == "reader")
        #expect(Settings().syncSettings == false && Settings().syncURL.isEmpty)
    }

    @Test func everyErrorIsOneLineNamingTheStoreAndNeverAPassword() {
        let errors: [SyncError] = [
            .unreachable(store: "https://dav.example.com/", reason: "connection refused"),
            .timedOut(store: "https://dav.example.com/", seconds: 20), .unauthorized(store: "https://dav.example.com/"),
            .server(store: "https://dav.example.com/", status: 507),
            .redirected(store: "https://dav.example.com/", status: 301),
            .tooLarge(store: "https://dav.example.com/", path: "devices/a/f.json", limit: 16_000_000),
            .malformed(store: "https://dav.example.com/", path: "devices/a/f.json", reason: "not a JSON object"),
            .insecure(store: "https://dav.example.com/", reason: "certificate expired"),
        ]
        for error in errors {
            #expect(error.description.contains("https://dav.example.com/"))
            #expect(!error.description.contains("\n"))
            #expect(!error.isBadInput)
        }
        #expect(SyncError.timedOut(store: "s", seconds: 20).description == "sync: s did not answer within 20 s")
        #expect(SyncError.misconfigured(reason: "WebDAV is not built in").isBadInput)
        #expect(
            SyncError.io(path: "/sync/devices", reason: "permission denied").description
                == "sync: /sync/devices: permission denied")
    }

    @Test func anotherDevicesNewerPlaceElsewhereIsOffered() {
        let now = SyncMergeTests.at(7200 + 600)
        var theirs = SyncMergeTests.place(120_000, at: 600, on: "b")
        theirs.chapterTitle = "第十二回"
        theirs.deviceName = "laptop"
        let mine = ReadingPosition(
            offset: 5000, chapterIndex: 1, chapterTitle: "第一回", snippet: "", percent: 2, saved: SyncMergeTests.at(0))
        let offer = SyncOffer(newest: theirs, local: mine, thisDevice: "a")
        #expect(offer?.message(now: now, key: "P") == "At 第十二回 on laptop, 2 h ago — P to go there")
        #expect(SyncOffer(newest: theirs, local: nil, thisDevice: "a") != nil)
        // Not this device's own, not an older place, not where the reader already is.
        #expect(SyncOffer(newest: theirs, local: mine, thisDevice: "b") == nil)
        var older = mine
        older.saved = SyncMergeTests.at(900)
        #expect(SyncOffer(newest: theirs, local: older, thisDevice: "a") == nil)
        var near = mine
        near.chapterTitle = "第十二回"
        near.offset = 120_000 - SyncOffer.samePlaceBytes + 1
        #expect(SyncOffer(newest: theirs, local: near, thisDevice: "a") == nil)
        near.offset -= 1
        #expect(SyncOffer(newest: theirs, local: near, thisDevice: "a") != nil)
        #expect(SyncOffer.ago(now, now: now) == "just now")
        #expect(SyncOffer.ago(now.addingTimeInterval(-300), now: now) == "5 min ago")
        #expect(SyncOffer.ago(now.addingTimeInterval(-3 * 86_400), now: now) == "3 d ago")
    }

    @Test func syncingEveryBookRecordsTheStatus() throws {
        let folder = try TemporaryDirectory("novel-sync-library")
        defer { folder.remove() }
        let homes = [try SyncHome(name: "laptop"), try SyncHome(name: "desktop")]
        defer { homes.forEach { $0.remove() } }
        for (index, fingerprint) in ["f1", "f2", "f3"].enumerated() {
            try homes[0].change(fingerprint) { state in
                state.insert(
                    Bookmark(
                        id: "b1", offset: index, chapterIndex: 0, chapterTitle: "", snippet: "", note: fingerprint,
                        created: SyncMergeTests.at(Double(index))))
            }
        }
        try homes[0].change("private") { $0.setPrivate(true) }
        try homes[1].change("f2") { _ in }
        let store = FolderSyncStore(root: folder.path)
        let first = try LibrarySync(sync: homes[0].sync(store), paths: homes[0].paths).syncAll(
            now: SyncMergeTests.at(10))
        #expect(first.books == 3)
        #expect(try store.list("devices/\(homes[0].device.id)").sorted() == ["f1.json", "f2.json", "f3.json"])
        let second = try LibrarySync(sync: homes[1].sync(store), paths: homes[1].paths).syncAll(
            now: SyncMergeTests.at(20))
        #expect(second.books == 1 && second.added == 1)
        #expect(second.devices == [homes[0].device.id: "laptop", homes[1].device.id: "desktop"])
        let status = SyncStatus.load(paths: homes[1].paths)
        #expect(status.lastSync == SyncMergeTests.at(20) && status.lastError == nil && status.books == 1)
        #expect(status.devices[homes[0].device.id]?.name == "laptop")
        // A store that fails is recorded with its message.
        let failing = FailingSyncStore(store, failing: .list(.unauthorized(store: "the test store")))
        #expect(throws: SyncError.unauthorized(store: "the test store")) {
            try LibrarySync(sync: homes[1].sync(failing), paths: homes[1].paths).syncAll(now: SyncMergeTests.at(30))
        }
        let failed = SyncStatus.load(paths: homes[1].paths)
        #expect(failed.lastError == SyncError.unauthorized(store: "the test store").description)
        #expect(failed.books == 1)
    }
}
