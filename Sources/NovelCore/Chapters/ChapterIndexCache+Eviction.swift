import Foundation

/// The cache's size limit (`cacheMegabytes`): when a new index is stored and the cache's files take more,
/// the least recently used go first, until they fit. A file's modification time is its last use: a
/// lookup that finds an index sets it (`markUsed`; access times are often not kept, `noatime`,
/// `relatime`). The folder is listed only after a new index was written (a book's first open, which
/// has just split the whole book), never on a lookup, and the same listing removes the temporary files
/// of writers killed half-way (`TemporaryFile`).
extension ChapterIndexCache {
    /// What every file of the chapter-index cache is named from (indexes, heading scans, sample marks).
    static let filePrefix = "chapters-"
    /// A file counts at least this much (a file system block), so that empty marks are counted too.
    static let smallestFileBytes = 4096

    static func bytes(megabytes: Int) -> Int {
        megabytes.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : megabytes * 1_000_000
    }

    /// Sets the file's modification time to now: it was just used.
    static func markUsed(_ path: String) {
        _ = RawPath.withCString(path) { utimensat(AT_FDCWD, $0, nil, 0) }
    }

    /// The disk space a file of `size` bytes is counted as: whole blocks, at least one.
    static func counted(size: Int) -> Int {
        max(1, (size + smallestFileBytes - 1) / smallestFileBytes) * smallestFileBytes
    }

    /// Removes stale temporary files, then the least recently used cache files until the rest fit the
    /// size limit; `keeping` (the file just written) stays whatever its size.
    func evictLeastRecentlyUsed(keeping: String? = nil) {
        guard let names = RawPath.names(inDirectory: directory) else { return }
        TemporaryFile.removeStale(in: directory, names: names)
        var files: [(path: String, used: timespec, size: Int)] = []
        var total = 0
        for name in names where name.hasPrefix(Self.filePrefix) && TemporaryFile.writer(ofName: name) == nil {
            let path = directory + "/" + name
            var status = stat()
            guard RawPath.withCString(path, { lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else {
                continue
            }
            let size = Self.counted(size: Int(status.st_size))
            files.append((path, status.st_mtim, size))
            total += size
        }
        let limit = sizeLimit()
        guard total > limit else { return }
        files.sort { ($0.used.tv_sec, $0.used.tv_nsec, $0.path) < ($1.used.tv_sec, $1.used.tv_nsec, $1.path) }
        for file in files where total > limit && file.path != keeping {
            if RawPath.withCString(file.path, { unlink($0) }) == 0 { total -= file.size }
        }
    }
}
