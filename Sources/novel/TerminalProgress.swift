import Foundation
import NovelCore

/// A line on stderr that says how far a long command has got ("novel: reading big.txt… 42%"), for the
/// commands that go over a whole book or a folder of them (`toc`, `print`, `info`, `library`). Only
/// when stderr is a terminal, and only once the work has taken `quietSeconds`: most books load sooner,
/// and a pipe or a file gets nothing. A thread of its own reads the work's `LoadProgress` on a tick and
/// rewrites the line; the line is cleared when the work ends, before the command writes its output.
enum TerminalProgress {
    /// How long the work runs before its line appears.
    static let quietSeconds = 0.5
    /// How often the line is rewritten.
    static let tickSeconds = 0.1

    /// Whether stdout is a terminal (then it may be the one this line would be written to).
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Runs `work` with a step to report to (`.none` when nothing is shown) and returns its value.
    /// `when` adds a condition of the caller's (output that goes to the same terminal, say).
    static func run<Value>(
        _ label: String, when condition: Bool = true, _ work: (LoadStep) throws -> Value
    ) rethrows -> Value {
        guard condition, isatty(STDERR_FILENO) == 1 else { return try work(.none) }
        let progress = LoadProgress()
        let line = ProgressLine(label: TerminalSafe.escaped(label, keepingLayout: false), progress: progress)
        let thread = Thread { line.show() }
        thread.start()
        defer { line.stop() }
        return try work(progress.whole)
    }
}

/// The line itself: drawn by its thread until `stop`, which waits for the thread and clears the line.
private final class ProgressLine: Sendable {
    let label: String
    let progress: LoadProgress
    /// Signalled once by `stop`; the line's thread waits on it for a tick at a time.
    private let stopping = DispatchSemaphore(value: 0)
    /// Signalled once by the line's thread when the line is cleared.
    private let finished = DispatchSemaphore(value: 0)

    init(label: String, progress: LoadProgress) {
        self.label = label
        self.progress = progress
    }

    /// The thread's loop: waits out the quiet time, then rewrites the line on every tick until stopped.
    func show() {
        let start = Date()
        defer { finished.signal() }
        // The percentage on the line; nil before it is first drawn.
        var shown: Int?
        while stopping.wait(timeout: .now() + TerminalProgress.tickSeconds) == .timedOut {
            guard Date().timeIntervalSince(start) >= TerminalProgress.quietSeconds else { continue }
            let percent = Int(progress.fraction * 100)
            guard percent != shown else { continue }
            write("\rnovel: \(label)… \(percent)%\u{1B}[K")
            shown = percent
        }
        if shown != nil { write("\r\u{1B}[K") }
    }

    /// Ends the line and returns once it is cleared.
    func stop() {
        stopping.signal()
        finished.wait()
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = Foundation.write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
