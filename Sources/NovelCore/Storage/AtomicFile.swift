import Foundation

/// Replaces a file so that a reader only ever sees the old or the new contents: write a temporary file
/// in the same folder, flush it to disk, rename it over the old one, flush the folder. A symbolic link
/// (a settings.json kept in a dotfiles repository) is written through: its target is replaced and the
/// link stays. Temporary files of killed writers are removed by a process's first write in the folder
/// (`TemporaryFile`).
public enum AtomicFile {
    /// `beforeRename` runs after the temporary file is on disk and before the rename; tests throw from it
    /// to act out a crash half-way. Errors name `path` as given, the name the user knows.
    public static func write(
        _ data: Data, to path: String, permissions: mode_t = 0o600, beforeRename: (() throws -> Void)? = nil
    ) throws {
        let named = path
        let path = try target(of: named)
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StateError.writeFailed(path: named, reason: "cannot create \(directory)")
        }
        let temporary = TemporaryFile.path(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw StateError.writeFailed(path: named, reason: errnoText()) }
        fchmod(descriptor, permissions)  // exactly these bits, whatever the umask
        var keepTemporary = false
        defer { if !keepTemporary { unlink(temporary) } }
        do {
            try writeAll(data, to: descriptor, named: named)
            if fsync(descriptor) != 0 { throw StateError.writeFailed(path: named, reason: errnoText()) }
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        do {
            try beforeRename?()
        } catch {
            keepTemporary = true  // a crash leaves the temporary behind; the old file is untouched
            throw error
        }
        guard rename(temporary, path) == 0 else { throw StateError.writeFailed(path: named, reason: errnoText()) }
        keepTemporary = true  // renamed: nothing left to remove
        TemporaryFile.removeStaleOnce(in: directory)  // what writers killed half-way left here
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Writes every byte of `bytes` at the descriptor's offset, going on after a short write or a signal;
    /// a failure names `named`.
    static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32, named: String) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StateError.writeFailed(path: named, reason: errnoText())
                }
                offset += written
            }
        }
    }

    /// The most links followed before giving up, as the kernel's own limit (`ELOOP`).
    static let linkLimit = 40

    /// The file a write to `path` must replace: `path` itself, or, when it is a symbolic link, the file
    /// at the end of its chain of links (which need not exist yet). Renaming over the link itself would
    /// turn it into a regular file and cut it from its target.
    static func target(of path: String) throws -> String {
        var current = path
        for _ in 0..<linkLimit {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                throw StateError.writeFailed(path: path, reason: "cannot read the symbolic link \(current)")
            }
            current =
                destination.hasPrefix("/")
                ? destination : (current as NSString).deletingLastPathComponent + "/" + destination
        }
        throw StateError.writeFailed(path: path, reason: "too many levels of symbolic links")
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

/// An advisory lock (flock) on `PATH.lock`, held while a read-modify-write of PATH runs, so that two
/// novel processes never lose each other's changes.
public enum FileLock {
    public static func withLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let lockPath = path + ".lock"
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StateError.lockFailed(path: path, reason: AtomicFile.errnoText()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw StateError.lockFailed(path: path, reason: AtomicFile.errnoText()) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
