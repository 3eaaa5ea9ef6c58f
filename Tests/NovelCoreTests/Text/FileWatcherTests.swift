import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// inotify through `FileWatcher`: the watched file's changes wake a poll, other files' do not.
@Suite final class FileWatcherTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }
    deinit { folder.remove() }

    /// Waits up to a second for the watcher's descriptor, then drains it.
    func changed(_ watcher: FileWatcher) -> Bool {
        var descriptor = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 1000) > 0 else { return false }
        return watcher.drain()
    }

    @Test func anAppendAndAReplacementAreSeenAndOtherFilesAreNot() throws {
        let book = folder.path + "/book.txt"
        try "第一章\n".write(toFile: book, atomically: false, encoding: .utf8)
        let watcher = try #require(FileWatcher(path: book))
        try "other".write(toFile: folder.path + "/other.txt", atomically: false, encoding: .utf8)
        #expect(!changed(watcher))
        let handle = try #require(FileHandle(forWritingAtPath: book))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("第二章\n".utf8))
        try handle.close()
        #expect(changed(watcher))
        // Written beside and renamed over it, as many downloaders do.
        try "第一章\n第二章\n第三章\n".write(toFile: book, atomically: true, encoding: .utf8)
        #expect(changed(watcher))
    }

    @Test func eventsAreParsedByTheirLengthField() {
        // Two events: one for "a.txt" padded to 16 bytes, one for "book.txt".
        func event(_ name: String, length: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 12) + [UInt8(length), 0, 0, 0]
            bytes += Array(name.utf8) + [UInt8](repeating: 0, count: length - name.utf8.count)
            return bytes
        }
        let events = event("a.txt", length: 16) + event("book.txt", length: 16)
        #expect(FileWatcher.mentions(Array("book.txt".utf8), in: events[...]))
        #expect(!FileWatcher.mentions(Array("book".utf8), in: events[...]))
        // A cut-short buffer is read as far as it goes.
        #expect(!FileWatcher.mentions(Array("book.txt".utf8), in: events.prefix(20)))
    }
}
