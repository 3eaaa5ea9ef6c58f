import NovelCore
import NovelSpeech
import Testing

@testable import NovelTUI

/// Reading aloud in the reader as a state machine: what it asks the voice to say, what it highlights after
/// each of the engine's events, and how keys, moves, the sleep timer and failures change it.
@Suite struct ReadAloudTests {
    static let chapterOne = ReaderStart(offset: sampleBook.index.entries[1].range.lowerBound)

    /// Reports the engine's `event` for sentence `index` of the speech asked for now.
    static func report(_ reader: inout Reader, _ index: Int, _ event: SpeechEvent) {
        reader.speechReported([
            .progress(generation: reader.speechGeneration, SpeechProgress(sentence: index, event: event))
        ])
    }

    @Test func theKeyStartsAtTheFirstSentenceOnScreen() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("Space")
        let top = reader.firstVisibleOffset
        reader.press("A")
        let request = try #require(reader.speechRequest)
        #expect(request.sentences[request.first].range.upperBound > top)
        #expect(request.first == 0 || request.sentences[request.first - 1].range.upperBound <= top)
        #expect(request.sentences == reader.shownSentences(reader.currentEntry))
        #expect(reader.spokenRange == nil, "nothing is highlighted before the engine says it started")
    }

    @Test func eachStartHighlightsTheSentenceSpokenAndThePagesFollowIntoTheNextChapter() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("A")
        let request = try #require(reader.speechRequest)
        let start = reader.firstVisibleOffset
        var pagesTurned = 0
        for index in request.first..<request.sentences.count {
            let before = reader.firstVisibleOffset
            Self.report(&reader, index, .started)
            let range = request.sentences[index].range
            #expect(reader.spokenRange == range)
            #expect(reader.clusterMarks().spoken == range)
            let visible = try #require(reader.visibleByteRange())
            #expect(visible.overlaps(range), "sentence \(index) is on screen")
            if reader.firstVisibleOffset != before { pagesTurned += 1 }
            Self.report(&reader, index, .ended)
            #expect(reader.spokenRange == range, "the highlight stays until the next sentence starts")
        }
        #expect(pagesTurned >= 1 && reader.firstVisibleOffset > start)
        let entry = reader.currentEntry
        reader.speechReported([.finished(generation: reader.speechGeneration)])
        #expect(reader.currentEntry == entry + 1)
        let next = try #require(reader.speechRequest)
        #expect(next.generation > request.generation && next.first == 0)
        #expect(next.sentences.first?.isHeading == true)
        #expect(reader.firstVisibleOffset == sampleBook.index.entries[entry + 1].range.lowerBound)
    }

    @Test func newsOfSpeechLeftBehindChangesNothing() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("A")
        let old = reader.speechGeneration
        reader.press("+")
        #expect(reader.speechGeneration > old)
        reader.speechReported([.progress(generation: old, SpeechProgress(sentence: 3, event: .started))])
        #expect(reader.spokenRange == nil)
        reader.speechReported([.finished(generation: old)])
        #expect(reader.currentEntry == 1)
    }

    @Test func theKeyPausesAndResumesAndTheRateKeysStartTheSentenceAgain() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("A")
        let first = try #require(reader.speechRequest)
        Self.report(&reader, first.first, .started)
        Self.report(&reader, first.first, .ended)
        Self.report(&reader, first.first + 1, .started)
        reader.press("A")
        #expect(reader.speechRequest == nil)
        #expect(reader.screen().textRows.last?.contains("paused") == true)
        reader.press("A")
        let resumed = try #require(reader.speechRequest)
        #expect(resumed.first == first.first + 1 && resumed.generation > first.generation)
        let saved = reader.press("+")
        #expect(saved == [.saveSettings(reader.settings)] && reader.settings.speechRate == resumed.voice.rate + 25)
        let faster = try #require(reader.speechRequest)
        #expect(faster.voice.rate == resumed.voice.rate + ReadAloud.rateStep)
        #expect(faster.first == first.first + 1 && faster.generation > resumed.generation)
        #expect(reader.settings.fontScale == Settings().fontScale, "+ is the rate while reading aloud")
        reader.press("-", "-")
        #expect(reader.speechRequest?.voice.rate == resumed.voice.rate - ReadAloud.rateStep)
        let effects = reader.press("Esc")
        #expect(effects.isEmpty && reader.speechRequest == nil && !reader.isFinished)
        #expect(reader.readAloud == nil && reader.spokenRange == nil)
    }

    @Test func aMoveTakesTheVoiceToTheNewPlace() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("A")
        let before = try #require(reader.speechRequest)
        Self.report(&reader, before.first, .started)
        reader.press("]")
        let moved = try #require(reader.speechRequest)
        #expect(moved.generation > before.generation && reader.currentEntry == 2)
        #expect(moved.sentences == reader.shownSentences(2))
        #expect(moved.sentences[moved.first].range.upperBound > reader.firstVisibleOffset)
        #expect(reader.spokenRange == nil)
        // Paused, a page turn moves where it resumes.
        reader.press("A", "Space")
        #expect(reader.speechRequest == nil)
        let top = reader.firstVisibleOffset
        reader.press("A")
        let resumed = try #require(reader.speechRequest)
        #expect(resumed.sentences[resumed.first].range.upperBound > top)
        #expect(resumed.first > moved.first)
    }

    @Test func theBossKeySilencesAtOnceAndStaysQuietOnTheWayBack() {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("A")
        #expect(reader.speechRequest != nil)
        reader.press("`")
        #expect(reader.speechRequest == nil)
        reader.press("`")
        #expect(reader.speechRequest == nil, "paused, not speaking again behind the reader's back")
        reader.press("A")
        #expect(reader.speechRequest != nil)
    }

    @Test func aConversionChangesWhatIsSaidButNotWhereItIs() throws {
        var reader = makeReader(book: ConversionKeyTests.simplified)
        reader.press("A")
        let plain = try #require(reader.speechRequest)
        #expect(plain.sentences.contains { $0.text.contains("说起这些年") })
        reader.press("c")
        let converted = try #require(reader.speechRequest)
        #expect(converted.generation > plain.generation)
        #expect(converted.sentences.contains { $0.text.contains("說起這些年") })
        #expect(!converted.sentences.contains { $0.text.contains("说起这些年") })
        #expect(converted.sentences.map(\.range) == plain.sentences.map(\.range))
    }

    @Test func theSleepTimerStopsAfterItsMinutes() {
        var settings = Settings()
        settings.speechSleep = .minutes15
        var reader = makeReader(settings: settings, start: Self.chapterOne)
        reader.press("A", now: 100)
        #expect(reader.nextDeadline == Double(100 + 15 * 60))
        reader.tick(now: 100 + 15 * 60 - 1)
        #expect(reader.speechRequest != nil)
        reader.tick(now: 100 + 15 * 60)
        #expect(reader.speechRequest == nil && reader.readAloud == nil)
        #expect(reader.screen().textRows.last?.contains("Sleep timer") == true)
    }

    @Test func theSleepTimerStopsAtTheChaptersEnd() {
        var settings = Settings()
        settings.speechSleep = .chapter
        var reader = makeReader(settings: settings, start: Self.chapterOne)
        reader.press("A")
        reader.speechReported([.finished(generation: reader.speechGeneration)])
        #expect(reader.speechRequest == nil && reader.currentEntry == 1)
    }

    @Test func theSleepTimerIsSetInTheSettingsOverlay() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("s")
        let row = try #require(SettingsItem.allCases.firstIndex(of: .speechSleep))
        for _ in 0..<row { reader.press("Down") }
        let effects = reader.press("Right")
        #expect(reader.settings.speechSleep == .chapter)
        #expect(effects.contains(.saveSettings(reader.settings)))
        #expect(SettingsItem.speechSleep.value(reader.settings) == "chapter's end")
    }

    @Test func noAudioDeviceIsOneLineAndTheReaderReadsOn() throws {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("A")
        let generation = reader.speechGeneration
        reader.speechReported([.failed(generation: generation, message: "speech: no audio device")])
        #expect(reader.speechRequest == nil)
        #expect(reader.screen().textRows.last?.hasPrefix("speech: no audio device; reading") == true)
        let top = reader.firstVisibleOffset
        reader.press("Space")
        #expect(reader.firstVisibleOffset > top)
    }

    /// The last chapter grew (a download went on): its sentences are found again in the grown text, the
    /// voice going on from the sentence it was saying.
    @Test func aReloadFindsTheSentencesAgainFromTheOneBeingSaid() throws {
        let last = sampleBook.index.entries.count - 1
        var reader = makeReader(start: ReaderStart(offset: sampleBook.index.entries[last].range.lowerBound))
        reader.press("A")
        let before = try #require(reader.speechRequest)
        Self.report(&reader, before.first + 1, .started)
        var text = String(decoding: sampleBook.text.utf8.withUnsafeBufferPointer { Array($0) }, as: UTF8.self)
        text += "　　雨停了，天边露出一线光。\n"
        reader.reload(makeBook(text), state: nil)
        let after = try #require(reader.speechRequest)
        #expect(after.generation > before.generation)
        #expect(after.sentences.last?.text == "雨停了，天边露出一线光。")
        #expect(after.sentences[after.first].range == before.sentences[before.first + 1].range)
    }

    @Test func autoPageTurnWaitsWhileTheVoiceTurnsThePages() {
        var reader = makeReader(start: Self.chapterOne)
        reader.press("a")
        #expect(reader.autoTurn != nil)
        reader.press("A")
        #expect(reader.autoTurn == nil && reader.speechRequest != nil)
        reader.press("a")
        #expect(reader.autoTurn == nil && reader.speechRequest != nil)
    }
}
