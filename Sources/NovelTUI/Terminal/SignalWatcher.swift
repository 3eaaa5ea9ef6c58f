import Dispatch
import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into bytes on a pipe that the input loop polls,
/// so that no curses or reader code ever runs inside a signal handler.
final class SignalWatcher {
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Polled together with standard input; readable once a signal has arrived.
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "novel.signals")

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        for descriptor in descriptors where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        let target = writeDescriptor
        for number in Self.watched {
            // The default action would kill the process before the terminal is restored.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(target, &byte, 1)
            }
            source.resume()
            sources.append(source)
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
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.watched { signal(number, SIG_DFL) }
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }
}
