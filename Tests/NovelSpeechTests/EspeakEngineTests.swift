import Foundation
import NovelCore
import NovelSpeech
import NovelTestSupport
import Synchronization
import Testing

/// espeak-ng through its library, writing samples instead of playing them (no audio device needed).
@Suite(.enabled(if: EspeakInstalled.library, "libespeak-ng is not installed"))
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

    /// The sentences of the first chapter of `text`, and what espeak-ng reported speaking them.
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
        #expect(sentences.count >= 6)
        let started = events.filter { $0.event == .started }.map(\.sentence)
        let ended = events.filter { $0.event == .ended }.map(\.sentence)
        #expect(started == Array(sentences.indices))
        #expect(ended == Array(sentences.indices))
        #expect(samples > 0)
        // Every event belongs to the sentence being spoken: indices never go back.
        #expect(events.map(\.sentence) == events.map(\.sentence).sorted())
    }

    /// espeak-ng's word events point inside the sentence's text.
    @Test func wordEventsFallInsideTheirSentence() throws {
        let (sentences, events, _) = try Self.spoken(Self.englishPage, voice: SpeechVoice.english)
        var words = 0
        for progress in events {
            guard case .word(let range) = progress.event else { continue }
            words += 1
            #expect(range.upperBound <= sentences[progress.sentence].text.unicodeScalars.count)
        }
        #expect(words >= sentences.map { $0.text.split(separator: " ").count }.reduce(0, +) / 2)
    }

    @Test func stopEndsTheUtteranceAtOnce() throws {
        let engine = try EspeakEngine(voice: SpeechVoice.english, output: .samples { _ in })
        let long = String(repeating: "The lamps were lit one by one along the sea wall. ", count: 200)
        let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            stoppedAt.withLock { $0 = .now }
            engine.stop()
        }
        stopper.start()
        let finished = try engine.speak(long) { _ in }
        let returned = ContinuousClock.now
        #expect(!finished)
        let lag = returned - (try #require(stoppedAt.withLock { $0 }))
        #expect(lag < .milliseconds(100), "speech ended \(lag) after stop")
        #expect(try !engine.speak("Again.") { _ in }, "a stopped engine stays stopped until reset")
        engine.reset()
        #expect(try engine.speak("Again.") { _ in })
    }

    @Test func voicesOfTheBooksLanguagesAreInstalled() throws {
        let languages = Set(try EspeakEngine.voices().map(\.language))
        for voice in [SpeechVoice.mandarin, SpeechVoice.cantonese, SpeechVoice.english] {
            #expect(languages.contains { $0 == voice || $0.hasPrefix(voice + "-") }, "\(voice)")
        }
    }

    @Test func anUnknownVoiceIsRefusedInOneLine() {
        #expect(throws: SpeechError.self) { try EspeakEngine(voice: "no-such-voice", output: .samples { _ in }) }
    }
}

/// Whether espeak-ng's library and voices are here (`scripts/setup --testing` installs them).
enum EspeakInstalled {
    static let library = (try? EspeakEngine.voices()) != nil
}
