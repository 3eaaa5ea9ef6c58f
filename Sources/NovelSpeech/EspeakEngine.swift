import CEspeak
import NovelCore

/// espeak-ng through libespeak-ng, loaded on first use (`CEspeak`). Its samples go to a sink (a WAV file, a
/// progress count), or to the audio device, each block's events reported as the block is handed over.
/// espeak-ng holds one synthesizer per process, initialised once: engines made in one process share it, one
/// utterance at a time, each with its own voice and rate.
public final class EspeakEngine: SpeechEngine {
    public enum Output: Sendable {
        /// The speech is played on the audio device (libpcaudio, as espeak-ng plays).
        case playback
        /// The speech as 16-bit mono samples at `sampleRate`, handed over block by block.
        case samples(@Sendable (UnsafeBufferPointer<Int16>) -> Void)
    }

    public let voice: String
    /// Words per minute, within `SpeechRate.wordsPerMinute`.
    public let rate: Int
    public let sampleRate: Int
    private let output: Output
    private let stopSwitch = SpeechStop()

    /// Opens espeak-ng (and for `.playback` the audio device) and checks the voice; throws in one line
    /// when the library, its voice data, the voice or the audio device is missing.
    public init(voice: String, rate: Int = SpeechRate.defaultWordsPerMinute, output: Output) throws(SpeechError) {
        var error = nespeak_error()
        let playback: Int32 = if case .playback = output { 1 } else { 0 }
        let sampleRate = nespeak_open(playback, &error)
        guard sampleRate > 0 else { throw Self.speechError(error) }
        guard nespeak_set_voice(voice, &error) != 0 else { throw SpeechError(Self.message(error), isBadInput: true) }
        self.voice = voice
        self.rate = SpeechRate.clamped(rate)
        self.sampleRate = Int(sampleRate)
        self.output = output
    }

    /// The sample rate of espeak-ng's speech (opening it, once per process): what a file of its samples is
    /// written at.
    public static func samplesPerSecond() throws(SpeechError) -> Int {
        var error = nespeak_error()
        let rate = nespeak_open(0, &error)
        guard rate > 0 else { throw speechError(error) }
        return Int(rate)
    }

    /// The installed voices: name, language and file, in espeak-ng's order.
    public static func voices() throws(SpeechError) -> [(name: String, language: String, file: String)] {
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
        var error = nespeak_error()
        let listed = withExtendedLifetime(collected) {
            nespeak_list_voices(Unmanaged.passUnretained(collected).toOpaque(), visit, &error)
        }
        guard listed != 0 else { throw speechError(error) }
        return collected.voices
    }

    public func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool {
        guard let ticket = stopSwitch.begin() else { return false }
        return try withoutActuallyEscaping(event) { (event) throws(SpeechError) -> Bool in
            let call = Call(engine: self, ticket: ticket, event: event)
            var error = nespeak_error()
            let sink: nespeak_sink = { context, samples, count, events, eventCount in
                Unmanaged<Call>.fromOpaque(context!).takeUnretainedValue().receive(samples, count, events, eventCount)
            }
            let playback: Int32 = if case .playback = output { 1 } else { 0 }
            let ran = withExtendedLifetime(call) {
                nespeak_synthesize(
                    text, voice, Int32(rate), playback, Unmanaged.passUnretained(call).toOpaque(), sink, &error)
            }
            guard ran != 0 else { throw Self.speechError(error) }
            if stopSwitch.hasStopped(ticket) { return false }
            // An utterance with no sound at all (only punctuation) still starts and ends.
            call.start()
            event(.ended)
            return true
        }
    }

    public func stop() { stopSwitch.stop() }

    public func reset() { stopSwitch.reset() }

    /// One utterance's callback state: passes espeak-ng's events to the caller's closure, started first.
    private final class Call {
        let engine: EspeakEngine
        let ticket: Int
        let event: (SpeechEvent) -> Void
        private var hasStarted = false

        init(engine: EspeakEngine, ticket: Int, event: @escaping (SpeechEvent) -> Void) {
            self.engine = engine
            self.ticket = ticket
            self.event = event
        }

        /// One block from espeak-ng; nonzero asks it to stop.
        func receive(
            _ samples: UnsafePointer<Int16>?, _ count: Int32, _ events: UnsafePointer<nespeak_event>?,
            _ eventCount: Int32
        ) -> Int32 {
            if engine.stopSwitch.hasStopped(ticket) { return 1 }
            if let samples, count > 0 {
                start()
                if case .samples(let sink) = engine.output {
                    sink(UnsafeBufferPointer(start: samples, count: Int(count)))
                }
            }
            for index in 0..<Int(eventCount) {
                let reported = events![index]
                switch reported.type {
                case Int32(NESPEAK_EVENT_SENTENCE): start()
                case Int32(NESPEAK_EVENT_WORD):
                    start()
                    let start = Int(reported.text_position)
                    event(.word(start..<(start + max(0, Int(reported.length)))))
                default: break
                }
            }
            return engine.stopSwitch.hasStopped(ticket) ? 1 : 0
        }

        func start() {
            guard !hasStarted else { return }
            hasStarted = true
            event(.started)
        }
    }

    private static func speechError(_ error: nespeak_error) -> SpeechError {
        switch error.kind {
        case Int32(NESPEAK_NO_AUDIO_DEVICE.rawValue): SpeechError("speech: \(message(error))")
        case Int32(NESPEAK_NO_SUCH_VOICE.rawValue): SpeechError(message(error), isBadInput: true)
        default: .espeak(message(error))
        }
    }

    private static func message(_ error: nespeak_error) -> String {
        withUnsafeBytes(of: error.message) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
