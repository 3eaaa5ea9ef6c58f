import Foundation

/// Where the lines of the text's bytes start and end. Forward searches use `memchr`, which goes a word
/// or a vector at a time, so that every walk over a book's lines runs at that speed.
enum LineBounds {
    /// The index of the first line feed in `start..<limit`, or `limit` when there is none (`start` when it is
    /// not before `limit`).
    @inline(__always)
    static func end(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        guard start < limit else { return start }
        guard let base = bytes.baseAddress, let feed = memchr(base + start, 0x0A, limit - start) else { return limit }
        return UnsafeRawPointer(feed) - UnsafeRawPointer(base)
    }

    /// The index of the first line feed at or after `start`, or the end of `bytes`.
    @inline(__always)
    static func end(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        end(bytes, from: start, limit: bytes.count)
    }

    /// The start of the first line after a line feed in `start..<limit`, or nil when there is none.
    @inline(__always)
    static func nextStart(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int, limit: Int) -> Int? {
        let feed = end(bytes, from: start, limit: limit)
        return feed < limit ? feed + 1 : nil
    }

    /// The start of the line that holds `index`: just past the line feed before it, or 0.
    static func start(_ bytes: UnsafeBufferPointer<UInt8>, of index: Int) -> Int {
        var start = index
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// `index` when a line starts there, else the start of the next line (or the end of `bytes`).
    static func start(_ bytes: UnsafeBufferPointer<UInt8>, atOrAfter index: Int) -> Int {
        guard index > 0, index < bytes.count else { return index }
        return min(end(bytes, from: index - 1) + 1, bytes.count)
    }
}
