import Foundation

/// A sync store that is a folder another tool keeps in sync between machines (Syncthing, Dropbox, a
/// Nextcloud client, a git work tree). Files are written by the state files' atomic write (`AtomicFile`:
/// a temporary name in the same folder, then a rename), so the other tool never copies half a file.
public struct FolderSyncStore: SyncStore {
    /// The folder, as the setting names it.
    public let root: String
    /// Runs between the temporary file's write and its rename: tests throw from it to act out a write cut
    /// short.
    let beforeRename: (@Sendable () throws -> Void)?

    public init(root: String) {
        self.init(root: root, beforeRename: nil)
    }

    init(root: String, beforeRename: (@Sendable () throws -> Void)?) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.beforeRename = beforeRename
    }

    public func list(_ folder: String) throws(SyncError) -> [String] {
        let full = try fullPath(folder)
        guard let names = RawPath.names(inDirectory: full) else {
            if RawPath.status(full) == nil { return [] }
            throw .io(path: full, reason: "cannot list the folder (\(String(cString: strerror(errno))))")
        }
        return names.sorted()
    }

    public func read(_ path: String, limit: Int) throws(SyncError) -> Data? {
        let full = try fullPath(path)
        do {
            return Data(try BookFile.read(full, limit: limit))
        } catch .notFound {
            return nil
        } catch .tooLarge {
            throw .tooLarge(store: root, path: path, limit: limit)
        } catch {
            throw .io(path: full, reason: error.description)
        }
    }

    public func write(_ data: Data, to path: String) throws(SyncError) {
        let full = try fullPath(path)
        guard !path.isEmpty else { throw .io(path: full, reason: "the store's root is not a file") }
        do {
            try AtomicFile.write(data, to: full, beforeRename: beforeRename)
        } catch StateError.writeFailed(_, let reason) {
            throw .io(path: full, reason: "cannot write: \(reason)")
        } catch {
            throw .io(path: full, reason: "\(error)")
        }
    }

    /// `path` inside the folder; a path that breaks `SyncPath`'s rule never reaches the file system.
    private func fullPath(_ path: String) throws(SyncError) -> String {
        guard let parts = SyncPath.parts(of: path) else {
            throw .io(path: root, reason: "'\(path)' is not a path inside the sync folder")
        }
        return parts.isEmpty ? root : root + "/" + parts.joined(separator: "/")
    }
}
