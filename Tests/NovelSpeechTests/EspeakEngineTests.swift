import Foundation
import NovelCore
import NovelSpeech
import NovelTestSupport
import Synchronization
import Testing

/// espeak-ng through its library, writing samples instead of playing them (no audio device needed).
/// Serialized: espeak-ng is one synthesizer per process, and the stop test times an utterance of its own.
@Suite(.serialized, .enabled(if: EspeakInstalled.library, "libespeak-ng is not installed"))
struct EspeakEngineTests {
    static let chinesePage = """
        第一章　灯笼铺

        　　青溪镇上只有一家灯笼铺。铺子的主人姓沈，五十多岁，手很稳！“今晚会下雨吗？”学徒问。
        　　沈师傅没有抬头，只说：“会的。”过了一会儿，他又补了一句：“雨停了，灯还要亮。”

        """

    static let englishPage = """
        CHAPTER I.

        Mr. Wren lit the lamps at dusk. "Will it rain?" asked Nell. He did not answer at once; the wind rose
        over the pier. It was late, and the last lamp still burned!

        """

    /// The sentences of the first chapter of `text`, what espeak-ng reported speaking them and the samples.
    static func spoken(_ text: String, voice: String) throws -> (
        sentences: [SpokenSentence], events: [SpeechProgress], samples: Int
    ) {
        let book = TestBooks.book(text)
        let entry = try #require(book.index.entries.firstIndex { $0.kind == .chapter })
        let sentences = SentenceFinder.sentences(book, entry: entry, options: DisplayOptions())
        let samples = Atomic<Int>(0)
        let engine = try EspeakEngine(voice: voice, output: .samples { samples.add($0.count, ordering: .relaxed) })
        var events: [SpeechProgress] = []
        let spoken = try SentenceSpeaker.speak(sentences, with: engine) { events.append($0) }
        #expect(spoken == sentences.count)
        return (sentences, events, samples.load(ordering: .relaxed))
    }

    @Test(arguments: zip([chinesePage, englishPage], [SpeechVoice.mandarin, SpeechVoice.english]))
    func oneUtterancePerSentence(page: String, voice: String) throws {
        let (sentences, events, samples) = try Self.spoken(page, voice: voice)
        #expect(sentences.count >= 5)
        #expect(events.filter { $0.event == .started }.map(\.sentence) == Array(sentences.indices))
        #expect(events.filter { $0.event == .ended }.map(\.sentence) == Array(sentences.indices))
        #expect(samples > 0)
    }

    /// Each sentence's events come together and in order: started, its words front to back, ended; the
    /// sentences one after another. Word ranges lie inside the sentence's text.
    @Test(arguments: zip([chinesePage, englishPage], [SpeechVoice.mandarin, SpeechVoice.english]))
    func eventsArriveInOrderWithTheirSentences(page: String, voice: String) throws {
        let (sentences, events, _) = try Self.spoken(page, voice: voice)
        #expect(events.map(\.sentence) == events.map(\.sentence).sorted(), "sentence ids never go back")
        var words = 0
        for index in sentences.indices {
            let own = events.filter { $0.sentence == index }.map(\.event)
            #expect(own.first == .started && own.last == .ended, "sentence \(index): \(own)")
            #expect(own.dropFirst().dropLast().allSatisfy { if case .word = $0 { true } else { false } })
            let ranges = own.compactMap { event -> Range<Int>? in
                if case .word(let range) = event { range } else { nil }
            }
            #expect(ranges.map(\.lowerBound) == ranges.map(\.lowerBound).sorted(), "sentence \(index): \(ranges)")
            let length = sentences[index].text.unicodeScalars.count
            #expect(ranges.allSatisfy { $0.upperBound <= length }, "sentence \(index): \(ranges) in \(length)")
            words += ranges.count
        }
        // espeak-ng reports a word event for (nearly) every word: a word a character in Chinese.
        let expected =
            voice == SpeechVoice.english
            ? sentences.map { $0.text.split(separator: " ").count }.reduce(0, +)
            : sentences.map { $0.text.unicodeScalars.filter(\.properties.isIdeographic).count }.reduce(0, +)
        #expect(words * 2 >= expected, "\(words) word events for \(expected) words")
    }

    /// Stop ends an utterance being spoken within 100 ms of the call: measured from `stop` to `speak`
    /// returning, once it has started and made sound.
    @Test func stopEndsTheUtteranceWithin100ms() throws {
        let samples = Atomic<Int>(0)
        // The samples are taken as a device ten times faster than real time would take them: unpaced,
        // espeak-ng makes minutes of sound in a few milliseconds, and a stopper thread that a loaded machine
        // runs late finds the utterance nearly done (a chunk is 60 ms of sound, so 6 ms here).
        let engine = try EspeakEngine(
            voice: SpeechVoice.english,
            output: .samples { chunk in
                samples.add(chunk.count, ordering: .relaxed)
                Thread.sleep(forTimeInterval: Double(chunk.count) / 22_050 / 10)
            })
        // Minutes of speech, were it not stopped.
        let long = String(repeating: "The lamps were lit one by one along the sea wall. ", count: 100)
        let started = Atomic<Bool>(false)
        let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
        let samplesAtStop = Atomic<Int>(0)
        let stopper = Thread {
            while !started.load(ordering: .acquiring) || samples.load(ordering: .relaxed) == 0 {
                Thread.sleep(forTimeInterval: 0.005)
            }
            samplesAtStop.store(samples.load(ordering: .relaxed), ordering: .relaxed)
            stoppedAt.withLock { $0 = .now }
            engine.stop()
        }
        stopper.start()
        var events: [SpeechEvent] = []
        let finished = try engine.speak(long) { event in
            events.append(event)
            if event == .started { started.store(true, ordering: .releasing) }
        }
        let returned = ContinuousClock.now
        #expect(!finished)
        #expect(events.first == .started && !events.contains(.ended))
        let lag = returned - (try #require(stoppedAt.withLock { $0 }))
        #expect(lag < .milliseconds(100), "speech ended \(lag) after stop")
        #expect(samplesAtStop.load(ordering: .relaxed) > 0, "it was speaking when stopped")
        // Cut short: less than a tenth of the text's sound (about 0.3 s of it a sentence).
        let made = Double(samples.load(ordering: .relaxed)) / Double(engine.sampleRate)
        #expect(made < 100 * 3.0 / 10, "\(made) s of sound made")
        #expect(try !engine.speak("Again.") { _ in }, "a stopped engine stays stopped until reset")
        engine.reset()
        #expect(try engine.speak("Again.") { _ in })
    }

    /// A stop and a reset in quick succession (the reader moving the voice) end the utterance being spoken
    /// for good.
    @Test func aResetDoesNotReviveTheStoppedUtterance() throws {
        let engine = try EspeakEngine(voice: SpeechVoice.english, output: .samples { _ in })
        let long = String(repeating: "The wind rose over the pier. ", count: 100)
        let started = Atomic<Bool>(false)
        let stopper = Thread {
            while !started.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.005) }
            engine.stop()
            engine.reset()
        }
        stopper.start()
        let began = ContinuousClock.now
        let finished = try engine.speak(long) { if $0 == .started { started.store(true, ordering: .releasing) } }
        #expect(!finished)
        #expect(ContinuousClock.now - began < .seconds(5), "the stopped utterance ran on")
        #expect(try engine.speak("On again.") { _ in })
    }

    /// Engines in one process share espeak-ng's synthesizer, each speaking in its own voice and rate.
    @Test func eachEngineKeepsItsVoiceAndRate() throws {
        func samples(of text: String, voice: String, rate: Int = SpeechRate.defaultWordsPerMinute) throws -> Int {
            let count = Atomic<Int>(0)
            let engine = try EspeakEngine(
                voice: voice, rate: rate, output: .samples { count.add($0.count, ordering: .relaxed) })
            #expect(try engine.speak(text) { _ in })
            return count.load(ordering: .relaxed)
        }
        let sentence = "The lamp was lit at dusk."
        let before = try samples(of: sentence, voice: SpeechVoice.english)
        _ = try samples(of: "灯亮了。", voice: SpeechVoice.mandarin)
        let fast = try samples(of: sentence, voice: SpeechVoice.english, rate: 350)
        // espeak-ng varies its speech a little from one utterance to the next (a few samples in thousands).
        let after = try samples(of: sentence, voice: SpeechVoice.english)
        #expect(abs(after - before) * 50 < before, "English before a Mandarin utterance: \(before), after: \(after)")
        #expect(Double(fast) < Double(before) * 0.7, "350 words a minute: \(fast) samples, 175: \(before)")
    }

    @Test func voicesOfTheBooksLanguagesAreInstalled() throws {
        let languages = Set(try EspeakEngine.voices().map(\.language))
        for voice in [SpeechVoice.mandarin, SpeechVoice.cantonese, SpeechVoice.english] {
            #expect(languages.contains { $0 == voice || $0.hasPrefix(voice + "-") }, "\(voice)")
        }
    }

    @Test func anUnknownVoiceIsRefusedInOneLine() throws {
        let error = try #require(throws: SpeechError.self) {
            try EspeakEngine(voice: "no-such-voice", output: .samples { _ in })
        }
        #expect(error.message.contains("no-such-voice") && error.isBadInput)
    }
}

/// Whether espeak-ng's library and voices are here (`scripts/setup --testing` installs them).
enum EspeakInstalled {
    static let library = (try? EspeakEngine.voices()) != nil
}
