import Foundation
import NovelCore
import Synchronization

/// Waits for work on a thread of its own (opening the whole book behind the first screen) while the
/// terminal stays answerable: a quit key or a signal leaves at once, as `less` does, instead of after a
/// load of a tenth of a second or more; other keys are kept and handled in order once the work is done.
/// The work runs at a lower priority than the terminal, so that on a busy machine the first screen
/// just drawn is painted (by the terminal or tmux) before the load takes the core.
public enum LoadingWait {
    public enum Outcome<Value> {
        case done(Value, pending: [InputEvent])
        case quit
        case signal(Int32)
    }

    /// How long a load may take before its progress is shown: a book that loads quicker never flickers.
    public static let quietSeconds = 0.25

    /// How long the work behind a first screen just written waits before it starts: the screen is painted
    /// by other processes (the terminal, tmux), which need a core just then, while opening a long book
    /// takes every core for a while (the UTF-8 check, the fingerprint and the heading scan side by side).
    /// A lower priority alone does not keep it out of their way: a process woken on a core where such a
    /// thread runs may still wait out part of that thread's time slice. A pause of a few milliseconds,
    /// unseen behind a screen already drawn (docs/benchmarks.md).
    public static let paintSeconds = 0.008

    /// What the wait shows, through `show`: called on the loop's tick once `quietSeconds` have passed
    /// and whenever the loaded percentage moved, and at once for each event held (with that event).
    public typealias Show = (_ fraction: Double, _ held: InputEvent?) -> Void

    /// Runs `work` behind `glimpse`, the first screen's reader: its status bar shows how far the work
    /// has got and its bottom row which keys wait (`Reader+Loading`); its quit key and Ctrl-C leave.
    public static func run<Value: Sendable>(
        _ work: @escaping @Sendable (LoadStep) throws -> Value, behind glimpse: inout Reader,
        terminal: TerminalDevice, quietSeconds: Double = quietSeconds, pollInterval: Double = 0.005
    ) throws -> Outcome<Value> {
        let progress = LoadProgress()
        let keymap = glimpse.keymap
        return try run(
            { try work(progress.whole) }, terminal: terminal,
            isQuit: { keymap.command(for: $0) == .quit || $0 == Keymap.interrupt },
            progress: progress, quietSeconds: quietSeconds, pollInterval: pollInterval, headStart: paintSeconds
        ) { fraction, held in
            glimpse.showLoading(fraction)
            if let held { glimpse.holdWhileLoading(held) }
            terminal.draw(glimpse.screen())
        }
    }

    /// Runs `work` and returns its value with the events that arrived meanwhile; rethrows its error.
    /// `progress` is what the work moves on (read here on each tick for `show`); the work starts
    /// `headStart` seconds after the call (`paintSeconds`).
    public static func run<Value: Sendable>(
        _ work: @escaping @Sendable () throws -> Value, terminal: TerminalDevice, isQuit: (InputEvent) -> Bool,
        progress: LoadProgress? = nil, quietSeconds: Double = quietSeconds, pollInterval: Double = 0.005,
        headStart: Double = 0, show: Show = { _, _ in }
    ) throws -> Outcome<Value> {
        let box = ResultBox<Value>()
        let thread = Thread {
            if headStart > 0 { Thread.sleep(forTimeInterval: headStart) }
            BackgroundPriority.lowerThisThread()
            box.store(Result { try work() })
        }
        thread.stackSize = 1 << 23  // as the main thread's: the work is the same as on it
        thread.start()
        let started = Date()
        var shownPercent: Int?
        var pending: [InputEvent] = []
        while true {
            if let result = box.result { return .done(try result.get(), pending: pending) }
            switch terminal.nextInput(timeout: pollInterval) {
            case .timeout, .fileChanged, .woken:
                let fraction = progress?.fraction ?? 0
                let percent = Int(fraction * 100)
                if percent != shownPercent, Date().timeIntervalSince(started) >= quietSeconds {
                    shownPercent = percent
                    show(fraction, nil)
                }
            case .signal(let number): return .signal(number)
            case .event(let event):
                if isQuit(event) { return .quit }
                pending.append(event)
                show(progress?.fraction ?? 0, event)
            }
        }
    }
}

/// The work's result, handed from its thread to the waiting one.
private final class ResultBox<Value: Sendable>: Sendable {
    private let stored = Mutex<Result<Value, Error>?>(nil)

    func store(_ result: Result<Value, Error>) { stored.withLock { $0 = result } }
    /// The result once it is there; nil before.
    var result: Result<Value, Error>? { stored.withLock { $0 } }
}
