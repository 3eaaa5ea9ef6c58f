import CEspeak
import Synchronization

/// espeak-ng through libespeak-ng, loaded on first use (`CEspeak`). Its samples go to a sink (a WAV file, a
/// progress count) or it plays them itself on the audio device, reporting each event as it is heard.
/// espeak-ng holds one synthesizer per process: engines made in one process share it, one utterance at a
/// time, and all of them in the output mode of the last one made.
public final class EspeakEngine: SpeechEngine {
    public enum Output: Sendable {
        /// espeak-ng plays the speech on the audio device.
        case playback
        /// The speech as 16-bit mono samples at `sampleRate`, handed over block by block.
        case samples(@Sendable (UnsafeBufferPointer<Int16>) -> Void)
    }

    /// espeak-ng's rate range, in words per minute, and its default.
    public static let rates = 80...450
    public static let defaultRate = 175

    public let voice: String
    public let rate: Int
    public let sampleRate: Int
    private let output: Output
    private let stopped = Atomic<Bool>(false)

    public init(voice: String, rate: Int = EspeakEngine.defaultRate, output: Output) throws(SpeechError) {
        var error = nespeak_error()
        let sampleRate: Int32
        if case .playback = output {
            sampleRate = nespeak_open(1, &error)
        } else {
            sampleRate = nespeak_open(0, &error)
        }
        guard sampleRate > 0 else { throw .espeak(Self.message(error)) }
        guard nespeak_set_voice(voice, &error) != 0 else { throw SpeechError(Self.message(error), isBadInput: true) }
        self.voice = voice
        self.rate = min(max(rate, Self.rates.lowerBound), Self.rates.upperBound)
        self.sampleRate = Int(sampleRate)
        self.output = output
    }

    /// The installed voices: name, language and file, in espeak-ng's order.
    public static func voices() throws(SpeechError) -> [(name: String, language: String, file: String)] {
        var error = nespeak_error()
        // The voice list needs the synthesizer's data path, which opening finds.
        guard nespeak_open(0, &error) > 0 else { throw .espeak(message(error)) }
        final class Collected { var voices: [(name: String, language: String, file: String)] = [] }
        let collected = Collected()
        let visit: nespeak_voice_visitor = { context, name, language, file in
            let collected = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            collected.voices.append(
                (
                    name.map { String(cString: $0) } ?? "", language.map { String(cString: $0) } ?? "",
                    file.map { String(cString: $0) } ?? ""
                ))
        }
        guard nespeak_list_voices(Unmanaged.passUnretained(collected).toOpaque(), visit, &error) != 0 else {
            throw .espeak(message(error))
        }
        return collected.voices
    }

    public func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool {
        if stopped.load(ordering: .acquiring) { return false }
        return try withoutActuallyEscaping(event) { (event) throws(SpeechError) -> Bool in
            let call = Call(engine: self, event: event)
            var error = nespeak_error()
            let sink: nespeak_sink = { context, samples, count, events, eventCount in
                Unmanaged<Call>.fromOpaque(context!).takeUnretainedValue().receive(samples, count, events, eventCount)
            }
            nespeak_set_rate(Int32(rate))
            let ran = text.withCString {
                nespeak_set_voice(voice, &error) != 0
                    && nespeak_synthesize($0, Unmanaged.passUnretained(call).toOpaque(), sink, &error) != 0
            }
            guard ran else { throw .espeak(Self.message(error)) }
            if !call.hasEnded && !stopped.load(ordering: .acquiring) { event(.ended) }
            return !stopped.load(ordering: .acquiring)
        }
    }

    public func stop() { stopped.store(true, ordering: .releasing) }

    public func reset() { stopped.store(false, ordering: .releasing) }

    /// One utterance's callback state: the events seen so far, passed to the caller's closure.
    private final class Call {
        let engine: EspeakEngine
        let event: (SpeechEvent) -> Void
        var hasStarted = false
        var hasEnded = false

        init(engine: EspeakEngine, event: @escaping (SpeechEvent) -> Void) {
            self.engine = engine
            self.event = event
        }

        /// One block from espeak-ng; nonzero asks it to stop.
        func receive(
            _ samples: UnsafePointer<Int16>?, _ count: Int32, _ events: UnsafePointer<nespeak_event>?,
            _ eventCount: Int32
        ) -> Int32 {
            if engine.stopped.load(ordering: .acquiring) { return 1 }
            if let samples, count > 0, case .samples(let sink) = engine.output {
                start()
                sink(UnsafeBufferPointer(start: samples, count: Int(count)))
            }
            for index in 0..<Int(eventCount) {
                let reported = events![index]
                switch reported.type {
                case Int32(NESPEAK_EVENT_SENTENCE): start()
                case Int32(NESPEAK_EVENT_WORD):
                    start()
                    let start = Int(reported.text_position)
                    event(.word(start..<(start + max(0, Int(reported.length)))))
                case Int32(NESPEAK_EVENT_DONE):
                    start()
                    if !hasEnded {
                        hasEnded = true
                        event(.ended)
                    }
                default: break
                }
            }
            return engine.stopped.load(ordering: .acquiring) ? 1 : 0
        }

        private func start() {
            guard !hasStarted else { return }
            hasStarted = true
            event(.started)
        }
    }

    private static func message(_ error: nespeak_error) -> String {
        withUnsafeBytes(of: error.message) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
