import Foundation

/// A place where sync files live, shared by every device that reads the same books: a WebDAV collection
/// (`WebDAVStore`) or a folder another tool keeps in sync (`FolderSyncStore`). Everything above this protocol
/// (what is synced, how devices' files merge) is one code path for both.
///
/// Paths are relative to the store's root, with `/` between parts (`devices/a1b2/<fingerprint>.json`);
/// `SyncPath` checks them, so no part is empty, `.` or `..`. Every device writes only files of its own, so a
/// write never needs to compare and swap: it only needs to be atomic, and a reader never sees half a file.
public protocol SyncStore: Sendable {
    /// The names of the files and folders directly in `folder` (`""` for the root), without the folder's
    /// path; an empty list where the folder does not exist.
    func list(_ folder: String) throws(SyncError) -> [String]

    /// A file's bytes, or nil where there is no such file. A file larger than `limit` bytes is refused
    /// (`SyncError.tooLarge`) before more than `limit` bytes are read: the store's answers are untrusted.
    func read(_ path: String, limit: Int) throws(SyncError) -> Data?

    /// Writes a file whole, creating the folders above it: the bytes go to a temporary name first and are then
    /// moved over the old file, so a write cut short leaves the old file as it was.
    func write(_ data: Data, to path: String) throws(SyncError)
}
