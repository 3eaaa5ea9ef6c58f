import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// The WebDAV store against a real WebDAV server: `rclone serve webdav` on 127.0.0.1, started here.
@Suite(.enabled(if: RcloneWebDAV.isAvailable, Comment(rawValue: RcloneWebDAV.absentMessage)))
struct WebDAVStoreTests {
    static let user = "reader"
    static let password = "secret words 密码"

    /// A served folder and a store over it; `body` runs, then the server stops and the folder goes.
    func withServer(
        password: String = Self.password, certificate: Bool = false, caFile: Bool = false,
        _ body: (WebDAVStore, RcloneWebDAV, TemporaryDirectory) throws -> Void
    ) throws {
        let directory = try TemporaryDirectory("novel-webdav")
        defer { directory.remove() }
        let served = directory.path + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let pem = certificate ? try RcloneWebDAV.selfSignedCertificate(in: directory.path) : nil
        let server = try RcloneWebDAV(folder: served, user: Self.user, password: Self.password, certificate: pem)
        defer { server.stop() }
        let store = try WebDAVStore(
            url: server.url, user: Self.user, password: password, caFile: caFile ? pem?.cert : nil, timeout: 10)
        try body(store, server, directory)
    }

    @Test func filesWrittenAreListedAndReadBackInNestedFoldersWithSpacesAndCJK() throws {
        try withServer { store, server, _ in
            let first = Data(#"{"position": 1200}"#.utf8)
            let second = Data("第十二回 进度 ✓".utf8)
            try store.write(first, to: "devices/a1b2/book one.json")
            try store.write(second, to: "书签/第一 章/进度 %20?#.json")
            #expect(try Set(store.list("")) == ["devices", "书签"])
            #expect(try store.list("devices") == ["a1b2"])
            #expect(try store.list("devices/a1b2") == ["book one.json"])
            #expect(try store.list("书签/第一 章") == ["进度 %20?#.json"])
            #expect(try store.read("devices/a1b2/book one.json", limit: 1000) == first)
            #expect(try store.read("书签/第一 章/进度 %20?#.json", limit: 1000) == second)
            // The server keeps the file under the very name, not an encoded one.
            let onDisk = FileManager.default.contents(atPath: server.folder + "/书签/第一 章/进度 %20?#.json")
            #expect(onDisk == second)
        }
    }

    @Test func aWriteReplacesTheFileWholeAndLeavesNoTemporaryFileBehind() throws {
        try withServer { store, server, _ in
            try store.write(Data(repeating: 0x61, count: 50_000), to: "devices/d/state.json")
            try store.write(Data("short".utf8), to: "devices/d/state.json")
            #expect(try store.read("devices/d/state.json", limit: 100) == Data("short".utf8))
            #expect(try store.list("devices/d") == ["state.json"])
            let names = try FileManager.default.contentsOfDirectory(atPath: server.folder + "/devices/d")
            #expect(names == ["state.json"])
        }
    }

    @Test func missingFilesAndFoldersAreNilAndEmpty() throws {
        try withServer { store, _, _ in
            #expect(try store.read("nothing/here.json", limit: 100) == nil)
            #expect(try store.list("nothing") == [])
            #expect(try store.list("") == [])
            try store.write(Data("x".utf8), to: "top.json")
            #expect(try store.list("") == ["top.json"])
        }
    }

    @Test func aFileLargerThanTheLimitIsRefusedAndOneWithinItIsRead() throws {
        try withServer { store, _, _ in
            let bytes = Data((0..<2000).map { UInt8($0 % 251) })
            try store.write(bytes, to: "big.json")
            #expect(throws: SyncError.tooLarge(store: store.name, path: "big.json", limit: 1999)) {
                try store.read("big.json", limit: 1999)
            }
            #expect(try store.read("big.json", limit: 2000) == bytes)
        }
    }

    @Test func aWrongPasswordIsUnauthorizedAndWritesNothing() throws {
        try withServer(password: "wrong") { store, server, _ in
            #expect(throws: SyncError.unauthorized(store: store.name)) { try store.list("") }
            #expect(throws: SyncError.unauthorized(store: store.name)) { try store.read("a.json", limit: 10) }
            #expect(throws: SyncError.unauthorized(store: store.name)) {
                try store.write(Data("x".utf8), to: "devices/a.json")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: server.folder)
            #expect(names == [])
        }
    }

    @Test func httpsWithASelfSignedCertificateIsRefusedWithoutItsCAFile() throws {
        try withServer(certificate: true) { store, server, _ in
            #expect(server.url.hasPrefix("https://"))
            do {
                _ = try store.list("")
                Issue.record("a certificate no CA vouches for was accepted")
            } catch {
                guard case .insecure(let name, _)? = error as? SyncError else {
                    Issue.record("expected insecure, got \(error)")
                    return
                }
                #expect(name == store.name)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: server.folder)
            #expect(names == [])
        }
    }

    @Test func httpsWithASelfSignedCertificateWorksWithItsCAFile() throws {
        try withServer(certificate: true, caFile: true) { store, _, _ in
            try store.write(Data("over TLS".utf8), to: "devices/t/x.json")
            #expect(try store.list("devices/t") == ["x.json"])
            #expect(try store.read("devices/t/x.json", limit: 100) == Data("over TLS".utf8))
        }
    }

    @Test func noMessageHoldsThePassword() throws {
        try withServer(password: "wrong-\(Self.password)") { store, _, _ in
            do {
                try store.write(Data("x".utf8), to: "a.json")
            } catch {
                #expect(!"\(error)".contains(Self.password))
            }
        }
    }
}
