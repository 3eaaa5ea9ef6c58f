import Foundation
import Synchronization
import Testing

@testable import NovelCore

/// The WebDAV store against a server that fails on purpose (`FakeHTTPServer`): each fault is its own
/// `SyncError`, and a write that fails never reaches its MOVE, so the file is never half-written.
struct WebDAVFaultTests {
    static let timeout = 1.0

    func store(_ server: FakeHTTPServer) throws -> WebDAVStore {
        try WebDAVStore(url: server.url + "dav/", user: "u", password: "p", timeout: Self.timeout)
    }

    @Test func aServerErrorIsItsStatus() throws {
        let server = try FakeHTTPServer { _ in .answer(status: 500) }
        defer { server.stop() }
        let store = try store(server)
        #expect(throws: SyncError.server(store: store.name, status: 500)) { try store.list("") }
        #expect(throws: SyncError.server(store: store.name, status: 500)) { try store.read("a.json", limit: 10) }
        #expect(throws: SyncError.server(store: store.name, status: 500)) {
            try store.write(Data("x".utf8), to: "devices/a.json")
        }
        #expect(!server.requests.contains { $0.method == "MOVE" })
    }

    /// A MOVE answered 423 Locked (another device's MOVE holds the file's lock) is asked again, and the write
    /// succeeds once the lock is gone; a lock that stays is the server's error.
    @Test func aLockedDestinationIsAskedAgain() throws {
        let moves = Atomic<Int>(0)
        let server = try FakeHTTPServer { request in
            guard request.method == "MOVE" else { return .answer(status: 201) }
            return moves.add(1, ordering: .sequentiallyConsistent).newValue <= 2
                ? .answer(status: 423) : .answer(status: 201)
        }
        defer { server.stop() }
        let store = try store(server)
        try store.write(Data("x".utf8), to: "devices/a.json")
        #expect(server.requests.filter { $0.method == "MOVE" }.count == 3)
        let locked = try FakeHTTPServer { request in .answer(status: request.method == "MOVE" ? 423 : 201) }
        defer { locked.stop() }
        let lockedStore = try self.store(locked)
        #expect(throws: SyncError.server(store: lockedStore.name, status: 423)) {
            try lockedStore.write(Data("x".utf8), to: "devices/a.json")
        }
        #expect(locked.requests.filter { $0.method == "MOVE" }.count == WebDAVStore.lockedWaits.count + 1)
    }

    @Test func aRedirectIsRefusedAndNeverFollowed() throws {
        let server = try FakeHTTPServer { request in
            request.path.hasPrefix("/elsewhere")
                ? .answer(status: 207, body: Data("<multistatus xmlns='DAV:'/>".utf8))
                : .answer(status: 302, headers: ["Location: /elsewhere/"])
        }
        defer { server.stop() }
        let store = try store(server)
        #expect(throws: SyncError.redirected(store: store.name, status: 302)) { try store.list("") }
        #expect(throws: SyncError.redirected(store: store.name, status: 302)) { try store.read("a.json", limit: 9) }
        #expect(throws: SyncError.redirected(store: store.name, status: 302)) {
            try store.write(Data("x".utf8), to: "a.json")
        }
        #expect(!server.requests.contains { $0.path.hasPrefix("/elsewhere") })
        #expect(!server.requests.contains { $0.method == "MOVE" })
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let server = try FakeHTTPServer { _ in .silence }
        defer { server.stop() }
        let store = try store(server)
        let start = Date()
        #expect(throws: SyncError.timedOut(store: store.name, seconds: Self.timeout)) { try store.list("") }
        #expect(throws: SyncError.timedOut(store: store.name, seconds: Self.timeout)) {
            try store.write(Data("x".utf8), to: "a.json")
        }
        #expect(Date().timeIntervalSince(start) < 6 * Self.timeout)
        #expect(!server.requests.contains { $0.method == "MOVE" })
    }

    @Test(arguments: [true, false])
    func aFiveMegabyteAnswerIsRefusedWhileItArrives(sized: Bool) throws {
        let huge = Data(repeating: 0x3C, count: 5 << 20)
        let server = try FakeHTTPServer { _ in .answer(status: 207, body: huge, sized: sized) }
        defer { server.stop() }
        let store = try store(server)
        #expect(throws: SyncError.tooLarge(store: store.name, path: "a.json", limit: 1 << 20)) {
            try store.read("a.json", limit: 1 << 20)
        }
        #expect(throws: SyncError.tooLarge(store: store.name, path: "", limit: WebDAVStore.listingLimit)) {
            try store.list("")
        }
    }

    @Test func aConnectionDroppedMidUploadFailsBeforeTheMove() throws {
        let server = try FakeHTTPServer { request in
            request.method == "PUT" ? .drop(afterBodyBytes: 64 << 10) : .answer(status: 201)
        }
        defer { server.stop() }
        let store = try store(server)
        do {
            try store.write(Data(repeating: 0x7B, count: 4 << 20), to: "devices/a/book.json")
            Issue.record("an upload cut short was taken for a write")
        } catch {
            guard case .unreachable(let name, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(name == store.name)
        }
        #expect(server.requests.first?.method == "PUT")
        #expect(!server.requests.contains { $0.method == "MOVE" })
    }

    @Test func aSuccessfulWriteUploadsBesideTheFileThenMovesItOver() throws {
        let server = try FakeHTTPServer { request in
            switch request.method {
            case "PUT": .answer(status: 201)
            default: .answer(status: 204)
            }
        }
        defer { server.stop() }
        let store = try store(server)
        try store.write(Data("x".utf8), to: "devices/第 1/b.json")
        let methods = server.requests.map(\.method)
        #expect(methods == ["PUT", "MOVE"])
        let put = try #require(server.requests.first)
        #expect(put.path.hasPrefix("/dav/devices/%E7%AC%AC%201/.b.json."))
        #expect(put.path.hasSuffix(".part"))
        #expect(server.requests.last?.path == put.path)
    }

    @Test func aMissingFolderIsMadeBeforeTheUploadIsRepeated() throws {
        let made = Mutex<Set<String>>([])
        let server = try FakeHTTPServer { request in
            switch request.method {
            case "MKCOL":
                made.withLock { _ = $0.insert(request.path) }
                return .answer(status: 201)
            case "PUT":
                return made.withLock { $0.contains("/dav/a/b/") } ? .answer(status: 201) : .answer(status: 409)
            default: return .answer(status: 201)
            }
        }
        defer { server.stop() }
        let store = try store(server)
        try store.write(Data("x".utf8), to: "a/b/c.json")
        #expect(server.requests.map(\.method) == ["PUT", "MKCOL", "MKCOL", "PUT", "MOVE"])
        #expect(server.requests.filter { $0.method == "MKCOL" }.map(\.path) == ["/dav/a/", "/dav/a/b/"])
    }

    @Test func aMalformedListingIsMalformed() throws {
        let server = try FakeHTTPServer { _ in .answer(status: 207, body: Data("<multistatus xmlns='DAV:'>".utf8)) }
        defer { server.stop() }
        let store = try store(server)
        #expect {
            try store.list("")
        } throws: { error in
            if case .malformed(_, let path, _) = error as? SyncError { return path == "" }
            return false
        }
    }
}
