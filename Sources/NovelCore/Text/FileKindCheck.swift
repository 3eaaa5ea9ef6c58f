import Foundation

/// What kind of file a descriptor opened with `O_NONBLOCK` is, and whether it may be read: reading a
/// FIFO nobody writes to blocks forever and a device such as /dev/zero never ends, so only regular files
/// are read, and a book may also be a FIFO that something writes into (`novel toc <(zcat book.gz)`),
/// waited for a while.
enum FileKindCheck {
    /// How long a book that is a FIFO may wait for its first bytes.
    static let fifoWriterWait = 5

    /// The file kind in words, for messages.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// Throws unless `status` is a regular file or, when `allowingFIFO`, a FIFO; a FIFO is then waited
    /// for until it has bytes (or its writer closed it), and the descriptor made blocking for the read.
    static func check(
        _ descriptor: Int32, _ status: stat, path: String, allowingFIFO: Bool
    ) throws(BookError) {
        let type = status.st_mode & S_IFMT
        if type == S_IFREG { return }
        if type == S_IFDIR { throw .isDirectory(path: path) }
        guard type == S_IFIFO, allowingFIFO else { throw .notRegularFile(path: path, kind: kind(status.st_mode)) }
        // POLLIN when a writer wrote, POLLHUP when one came and went; neither while none has come.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(TimeInterval(fifoWriterWait))
        while true {
            let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let ready = poll(&waiting, 1, left)
            if ready > 0 { break }
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { throw .readFailed(path: path, reason: String(cString: strerror(errno))) }
            throw .noWriter(path: path, seconds: fifoWriterWait)
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    }
}
