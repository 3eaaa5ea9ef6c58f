import Foundation
import NovelCore

/// One home (a machine) for sync tests: its own state folder and device, syncing through a store made
/// by the caller's factory, so that the same scenarios run against a folder and a WebDAV server.
public struct SyncHome: Sendable {
    public let directory: TemporaryDirectory
    public let paths: NovelPaths
    public let device: SyncDevice
    public var states: BookStateStore { BookStateStore(paths: paths) }

    public init(name: String) throws {
        directory = try TemporaryDirectory("novel-sync-\(name)")
        paths = directory.novelPaths
        var settings = Settings()
        settings.syncDevice = name
        device = try SyncDevice.ofThisHome(paths: paths, settings: settings)
    }

    /// A sync of this home through `store`.
    public func sync(_ store: any SyncStore) -> BookSync {
        BookSync(store: store, storeName: "the test store", device: device, states: states)
    }

    /// The book's state here (an empty one when there is none yet).
    public func state(_ fingerprint: String) -> BookState {
        states.load(fingerprint: fingerprint) ?? BookState(fingerprint: fingerprint, title: "", lastPath: "")
    }

    /// Changes the book's state as a reader here would, under the file's lock.
    @discardableResult
    public func change<T>(_ fingerprint: String, _ body: (inout BookState) throws -> T) throws -> T {
        try states.update(fingerprint: fingerprint, title: "青灯记", path: directory.path + "/青灯记.txt", body)
    }

    public func remove() { directory.remove() }
}
