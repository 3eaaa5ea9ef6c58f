import Foundation
import NovelSpeech
import Synchronization

/// A speech engine of our own for tests: it records each utterance it is asked to say and each stop, and
/// reports an event only when the test hands it one (`emit`), so that a test decides what the engine
/// "heard" and when. `speak` returns once `.ended` was reported, or at once when stopped.
public final class FakeSpeechEngine: SpeechEngine {
    private struct State {
        var said: [String] = []
        var stops = 0
        var queued: [SpeechEvent] = []
        var isStopped = false
    }

    private let state = Mutex(State())

    public init() {}

    /// The utterances asked for, in order.
    public var said: [String] { state.withLock { $0.said } }
    /// How many times `stop` was called.
    public var stops: Int { state.withLock { $0.stops } }

    /// Has the utterance being said (or the next one) report `event`; `.ended` ends it.
    public func emit(_ event: SpeechEvent) {
        state.withLock { $0.queued.append(event) }
    }

    /// Waits up to `timeout` seconds until `count` utterances were asked for; true when they were.
    public func waitUntilSaid(_ count: Int, timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while said.count < count {
            if Date() > deadline { return false }
            usleep(1000)
        }
        return true
    }

    public func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool {
        let stopped = state.withLock { state in
            if !state.isStopped { state.said.append(text) }
            return state.isStopped
        }
        if stopped { return false }
        while true {
            let next = state.withLock { state -> (stopped: Bool, event: SpeechEvent?) in
                if state.isStopped { return (true, nil) }
                return (false, state.queued.isEmpty ? nil : state.queued.removeFirst())
            }
            if next.stopped { return false }
            if let reported = next.event {
                event(reported)
                if reported == .ended { return true }
            } else {
                usleep(500)
            }
        }
    }

    public func stop() {
        state.withLock { state in
            state.isStopped = true
            state.stops += 1
        }
    }

    public func reset() { state.withLock { $0.isStopped = false } }
}
