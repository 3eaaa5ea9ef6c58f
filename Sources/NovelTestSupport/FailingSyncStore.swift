import Foundation
import NovelCore

/// A store that fails on purpose, over a real one: each operation chosen throws the error chosen, or a
/// write is cut half-way (the first half of the bytes written as the file, then a dropped connection:
/// worse than a real store can do, since both real stores write atomically).
public struct FailingSyncStore: SyncStore {
    public enum Failure: Sendable {
        case list(SyncError)
        case read(SyncError)
        case write(SyncError)
        /// The write leaves the first half of the file in place and then fails with `.unreachable`.
        case cutWrite
    }

    public let base: any SyncStore
    public let failure: Failure

    public init(_ base: any SyncStore, failing failure: Failure) {
        self.base = base
        self.failure = failure
    }

    /// The error a cut write ends with.
    public static let cutError = SyncError.unreachable(store: "the test store", reason: "the connection was dropped")

    public func list(_ folder: String) throws(SyncError) -> [String] {
        if case .list(let error) = failure { throw error }
        return try base.list(folder)
    }

    public func read(_ path: String, limit: Int) throws(SyncError) -> Data? {
        if case .read(let error) = failure { throw error }
        return try base.read(path, limit: limit)
    }

    public func write(_ data: Data, to path: String) throws(SyncError) {
        switch failure {
        case .write(let error): throw error
        case .cutWrite:
            try base.write(data.prefix(data.count / 2), to: path)
            throw Self.cutError
        case .list, .read: try base.write(data, to: path)
        }
    }
}
