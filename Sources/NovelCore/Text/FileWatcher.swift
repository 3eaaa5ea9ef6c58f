import Foundation

/// Tells when a file changes on disk, through inotify: a descriptor the reader waits on with `poll`
/// beside the terminal, so nothing polls the file. It watches the file's folder, so that a file
/// replaced by a rename (as many downloaders write) is seen as well as one appended to in place.
public final class FileWatcher: Sendable {
    /// Readable when events are waiting; `drain` reads them.
    public let descriptor: Int32
    private let name: [UInt8]

    /// Nil when the folder cannot be watched (no inotify, no such folder, a name it cannot hold).
    public init?(path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        name = Array(url.lastPathComponent.utf8)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ATTRIB)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    /// Reads every waiting event without blocking; true when one was about the watched file.
    public func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            changed = changed || Self.mentions(name, in: buffer[..<count])
        }
    }

    /// Whether the events in `events` (struct inotify_event: wd, mask, cookie, len, then a name padded
    /// with NULs to `len` bytes) name `name`.
    static func mentions(_ name: [UInt8], in events: ArraySlice<UInt8>) -> Bool {
        let header = 16
        var index = events.startIndex
        while index + header <= events.endIndex {
            let length = events[(index + 12)..<(index + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let nameStart = index + header
            let nameEnd = min(nameStart + length, events.endIndex)
            let eventName = events[nameStart..<nameEnd].prefix { $0 != 0 }
            if eventName.elementsEqual(name) { return true }
            index = nameEnd
        }
        return false
    }
}
