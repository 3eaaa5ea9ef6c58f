import Foundation

/// Reads a whole book file in one go, with an error that names the file and says what is wrong.
///
/// Files are opened with `O_NONBLOCK` and their kind checked first (`FileKindCheck`): a book may be a
/// regular file or a FIFO being written; the program's own files (settings, state, caches) only regular
/// files of at most a limit for their kind, so that a FIFO or /dev/zero in their place neither blocks
/// nor fills memory.
enum BookFile {
    /// The most a settings or state file may hold: far more than any real one (a state with 50,000
    /// bookmarks is about 12 MB).
    static let largestSettingsOrState = 16_000_000
    /// The most a cache file may hold (the chapter index of a book of a million chapters is about 90 MB).
    static let largestCache = 1_000_000_000

    /// One of the program's own files (settings, state, a cache), refused when it is not a regular file or
    /// holds more than `limit` bytes.
    static func read(_ path: String, limit: Int) throws(BookError) -> [UInt8] {
        try withOpenFile(path, allowingFIFO: false) { descriptor, status throws(BookError) in
            guard Int(status.st_size) <= limit else { throw .tooLarge(path: path, limit: limit) }
            return try readAll(descriptor, sizeHint: Int(status.st_size), path: path, limit: limit)
        }
    }

    /// The file's bytes without copying them when it is a regular file (a private memory map, see
    /// `MappedFile`), else read into memory; and the whole status of the file they came from (its size
    /// and time, its device and inode too).
    static func mapWithStatus(_ path: String) throws(BookError) -> (bytes: TextBytes, status: stat) {
        try withOpenFile(path, allowingFIFO: true) { descriptor, status throws(BookError) in
            let size = Int(status.st_size)
            if status.st_mode & S_IFMT == S_IFREG, let mapped = MappedFile(descriptor: descriptor, size: size) {
                return (TextBytes(mapped), status)
            }
            return (TextBytes(try readAll(descriptor, sizeHint: size, path: path)), status)
        }
    }

    /// Opens `path` for reading without blocking, checks its kind and hands `body` the descriptor and its
    /// status; the errors name the file.
    private static func withOpenFile<Result>(
        _ path: String, allowingFIFO: Bool, _ body: (Int32, stat) throws(BookError) -> Result
    ) throws(BookError) -> Result {
        let descriptor = RawPath.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .notFound(path: path)
            case EISDIR: throw .isDirectory(path: path)
            default: throw .unreadable(path: path, reason: String(cString: strerror(code)))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        try FileKindCheck.check(descriptor, status, path: path, allowingFIFO: allowingFIFO)
        return try body(descriptor, status)
    }

    /// Everything left to read from `descriptor`: one read of the size the file has now, and more if it
    /// grew or has no size (a pipe); refused past `limit` bytes.
    private static func readAll(
        _ descriptor: Int32, sizeHint: Int, path: String, limit: Int = .max
    ) throws(BookError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var filled = 0
        while true {
            if filled > limit { throw .tooLarge(path: path, limit: limit) }
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 1 << 16))) }
            let result = bytes.withUnsafeMutableBytes { raw in
                Foundation.read(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                if code == EISDIR { throw .isDirectory(path: path) }
                throw .readFailed(path: path, reason: String(cString: strerror(code)))
            }
            if result == 0 { break }
            filled += result
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// The file's identity now, without reading it; nil when it cannot be opened or is not a regular file.
    static func identity(_ path: String) -> FileIdentity? {
        guard let status = RawPath.status(path), status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(status)
    }

    /// The file's bytes in `range` (fewer at its end), or nil when it cannot be read, or when `refused`
    /// turns down the first bytes read (at most `firstRead` of them; the rest is read only after them).
    static func read(
        _ path: String, range: Range<Int>, firstRead: Int = Int.max,
        refused: (ArraySlice<UInt8>) -> Bool = { _ in false }
    ) -> [UInt8]? {
        let descriptor = RawPath.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard range.lowerBound >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: range.count)
        var filled = 0
        var checked = false
        while filled < bytes.count {
            let wanted = checked ? bytes.count - filled : min(bytes.count, max(firstRead, 1)) - filled
            let result = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + filled, wanted, off_t(range.lowerBound + filled))
            }
            if result < 0, errno == EINTR { continue }
            if result < 0 { return nil }
            if result == 0 { break }
            filled += result
            if !checked, filled >= min(bytes.count, max(firstRead, 1)) {
                checked = true
                if refused(bytes[..<filled]) { return nil }
            }
        }
        if !checked, refused(bytes[..<filled]) { return nil }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
