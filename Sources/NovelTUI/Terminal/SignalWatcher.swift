import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP into bytes on a pipe that the input loop polls,
/// so that no curses or reader code ever runs inside a signal handler: the handler only writes the
/// signal's number to the pipe, and `write` is async-signal-safe. A handler of our own rather than a
/// dispatch source, which would start libdispatch's signal thread while the first screen is made.
final class SignalWatcher {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Polled together with standard input; readable once a signal has arrived.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        for descriptor in descriptors where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        // Stored before the handler is installed, so the handler never meets the global uninitialised.
        watchedSignalPipe.store(writeDescriptor, ordering: .releasing)
        for number in Self.watched {
            // The default action would kill the process before the terminal is restored.
            var action = sigaction()
            action.__sigaction_handler.sa_handler = watchedSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// The signals that arrived since the last call, oldest first.
    func drain() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 16)
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count].map { Int32($0) }
        }
        return received
    }

    /// Restores the default signal actions and closes the pipe.
    func stop() {
        for number in Self.watched { signal(number, SIG_DFL) }
        watchedSignalPipe.store(-1, ordering: .releasing)
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }
}

/// The pipe the handler writes to (-1 when none): one reader's terminal at a time watches the signals.
private let watchedSignalPipe = Atomic<Int32>(-1)

private func watchedSignalHandler(_ number: Int32) {
    let descriptor = watchedSignalPipe.load(ordering: .acquiring)
    guard descriptor >= 0 else { return }
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(descriptor, &byte, 1)
    errno = saved
}
