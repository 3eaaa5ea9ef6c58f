import Foundation
import NovelCore
import NovelSpeech
import Synchronization

/// Speaks the reader's `SpeechRequest`s beside the app loop, on a thread of its own per request, and hands
/// the engine's events back through a queue under a lock, with a byte on a pipe the loop polls to wake it
/// (as `SignalWatcher` does for signals): the highlight and the page follow the engine's own events, never
/// a clock.
public final class SpeechDriver: Sendable {
    /// Makes an engine for a voice. One engine per request: stopping an engine is for good, so the speech
    /// of a request left behind can never run on into the next one's.
    public typealias EngineMaker = @Sendable (SpeechVoiceChoice) throws(SpeechError) -> any SpeechEngine

    private struct State {
        var news: [SpeechNews] = []
        /// The request being spoken (nil: silence).
        var generation: Int?
        /// Its engine, once made.
        var engine: (any SpeechEngine)?
    }

    private let state = Mutex(State())
    private let makeEngine: EngineMaker
    /// Readable once news waits (`drain`); polled with the terminal's input.
    public let wakeDescriptor: Int32
    private let writeDescriptor: Int32

    public init(makeEngine: @escaping EngineMaker) {
        self.makeEngine = makeEngine
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        for descriptor in descriptors where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        follow(nil)
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    /// Makes the voice say `request`, unless it already says it; nil silences it. The engine of the speech
    /// it replaces is stopped before this returns (the boss key, `Esc`).
    public func follow(_ request: SpeechRequest?) {
        let (changed, replaced) = state.withLock { state -> (Bool, (any SpeechEngine)?) in
            guard state.generation != request?.generation else { return (false, nil) }
            let engine = state.engine
            state.engine = nil
            state.generation = request?.generation
            return (true, engine)
        }
        replaced?.stop()
        guard changed, let request else { return }
        Thread.detachNewThread { [self] in speak(request) }
    }

    /// The news since the last call, oldest first.
    public func drain() -> [SpeechNews] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while wakeDescriptor >= 0, read(wakeDescriptor, &buffer, buffer.count) > 0 {}
        return state.withLock { state in
            defer { state.news.removeAll() }
            return state.news
        }
    }

    private func speak(_ request: SpeechRequest) {
        let generation = request.generation
        let engine: any SpeechEngine
        do {
            engine = try makeEngine(request.voice)
        } catch {
            post(.failed(generation: generation, message: "\(error)"))
            return
        }
        let isCurrent = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            state.engine = engine
            return true
        }
        guard isCurrent else {
            engine.stop()
            return
        }
        do {
            let spoken = try SentenceSpeaker.speak(request.sentences, from: request.first, with: engine) {
                post(.progress(generation: generation, $0))
            }
            if spoken >= request.sentences.count - request.first { post(.finished(generation: generation)) }
        } catch {
            post(.failed(generation: generation, message: "\(error)"))
        }
    }

    /// Queues `news` and wakes the loop; news of a request no longer spoken is dropped here.
    private func post(_ news: SpeechNews) {
        let isCurrent = state.withLock { state -> Bool in
            guard state.generation == news.generation else { return false }
            state.news.append(news)
            return true
        }
        guard isCurrent else { return }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }
}
