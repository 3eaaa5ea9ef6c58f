import NovelCore
import NovelSpeech

/// Reading aloud (issue 36): the read-aloud key starts at the first sentence on screen, pauses and resumes;
/// `+`/`-` change the rate and `Esc` stops while it is on; any move takes the voice to the new place; the
/// boss key silences it. The sentence the engine says it started is highlighted and kept on screen, the
/// page and the chapter turning with it; nothing here runs on a clock but the sleep timer.
extension Reader {
    /// What the voice should say now: nil for silence (off, paused, the boss screen, quitting).
    public var speechRequest: SpeechRequest? {
        guard let readAloud, !readAloud.isPaused, !isHidden, !isFinished else { return nil }
        return SpeechRequest(
            generation: speechGeneration, sentences: readAloud.sentences, first: readAloud.current,
            voice: SpeechVoiceChoice(
                voice: settings.speechVoice.isEmpty ? SpeechVoice.espeakVoice(for: book) : settings.speechVoice,
                rate: readAloud.rate))
    }

    /// The book bytes of the sentence being said, highlighted on screen.
    var spokenRange: Range<Int>? { readAloud?.spokenRange }

    /// The sentences of chapter `entry` as they are shown now.
    func shownSentences(_ entry: Int) -> [SpokenSentence] {
        SentenceFinder.sentences(book, entry: entry, options: frame.layout.display)
    }

    /// The read-aloud key: starts at the first sentence on screen, else pauses or resumes.
    mutating func toggleReadAloud(now: Double) {
        guard var running = readAloud else {
            startReadingAloud(now: now)
            return
        }
        running.isPaused.toggle()
        readAloud = running
        if !running.isPaused { speechGeneration += 1 }
        message = running.isPaused ? "Reading aloud paused" : nil
    }

    /// Reads aloud from the first sentence on screen (in a later chapter when this one has none left).
    mutating func startReadingAloud(now: Double) {
        guard canLayout, !entries.isEmpty else { return }
        guard let found = firstSentenceOnScreen() else {
            message = "Nothing to read aloud here"
            return
        }
        readAloud = ReadAloud(
            entry: found.entry, chapter: entries[found.entry].range, sentences: found.sentences,
            options: frame.layout.display, current: found.index,
            rate: readAloud?.rate ?? SpeechRate.clamped(settings.speechRate),
            sleepDeadline: ReadAloud.deadline(settings.speechSleep, now: now))
        speechGeneration += 1
        autoTurn = nil
    }

    /// The first sentence that shows on screen: its chapter, the chapter's sentences and its index.
    func firstSentenceOnScreen() -> (entry: Int, sentences: [SpokenSentence], index: Int)? {
        let start = firstVisibleOffset
        for entry in currentEntry..<entries.count {
            let sentences = shownSentences(entry)
            if let index = sentences.firstIndex(where: { $0.range.upperBound > start }) {
                return (entry, sentences, index)
            }
        }
        return nil
    }

    /// Reading aloud ends, with `reason` in the status bar.
    mutating func stopReadingAloud(_ reason: String) {
        guard readAloud != nil else { return }
        readAloud = nil
        message = reason
    }

    /// A key while reading aloud is on and no overlay is up: the read-aloud key pauses or resumes, the
    /// font keys (`+` `-`) change the rate (saved as `speech.rate`), `Esc` stops. Returns the actions when
    /// the key was taken here.
    mutating func handleWhileReadingAloud(_ event: InputEvent, now: Double) -> [ReaderAction]? {
        guard var running = readAloud, overlay == nil, !isHidden, numberPrefix.isEmpty else { return nil }
        if event == .key(.escape) {
            stopReadingAloud("Reading aloud stopped")
            return []
        }
        switch keymap.command(for: event) {
        case .readAloud:
            toggleReadAloud(now: now)
            return []
        case .fontLarger, .fontSmaller:
            running.rate = running.stepped(faster: keymap.command(for: event) == .fontLarger)
            guard running.rate != readAloud?.rate else { return [] }
            readAloud = running
            if !running.isPaused { speechGeneration += 1 }
            message = "Reading aloud at \(running.rate) words a minute"
            var paced = settings
            paced.speechRate = running.rate
            settings = paced
            return [.saveSettings(paced)]
        default:
            return nil
        }
    }

    /// After a key: a new way of showing the text (a conversion, a reflow, cleaning rules) or another chapter
    /// rule finds the
    /// sentences again from the one being said; a move that took the sentence being said off screen takes
    /// the voice to the first sentence on the screen; a new sleep timer setting starts it again from now.
    mutating func followKeyWithVoice(sleep: SpeechSleep, now: Double) {
        guard var running = readAloud else { return }
        if settings.speechSleep != sleep {
            running.sleepDeadline = ReadAloud.deadline(settings.speechSleep, now: now)
            readAloud = running
        }
        if refindSentences() { return }
        guard canLayout, let visible = visibleByteRange(), running.entry != currentEntry || !isShown(running, visible)
        else { return }
        guard let found = firstSentenceOnScreen() else {
            stopReadingAloud("Nothing left to read aloud")
            return
        }
        running.entry = found.entry
        running.chapter = entries[found.entry].range
        running.sentences = found.sentences
        running.current = found.index
        running.spoken = nil
        readAloud = running
        speechGeneration += 1
    }

    /// Finds the sentences again, from the one being said, when the text they were found in is shown
    /// otherwise now (a conversion, a reflow, cleaning rules) or is another (a reload, another chapter
    /// rule); true when it did.
    @discardableResult
    mutating func refindSentences() -> Bool {
        guard var running = readAloud, !entries.isEmpty else { return false }
        let moved = !entries.indices.contains(running.entry) || entries[running.entry].range != running.chapter
        guard moved || frame.layout.display != running.options else { return false }
        let from =
            running.sentences.indices.contains(running.current)
            ? running.sentences[running.current].range.lowerBound : firstVisibleOffset
        let entry = book.index.entryIndex(containing: min(from, max(0, book.text.utf8.count - 1)))
        let sentences = shownSentences(entry)
        running.entry = entry
        running.chapter = entries[entry].range
        running.sentences = sentences
        running.options = frame.layout.display
        running.current = sentences.firstIndex { $0.range.upperBound > from } ?? max(0, sentences.count - 1)
        running.spoken = nil
        readAloud = running
        speechGeneration += 1
        return true
    }

    /// Whether the sentence being said (or the one to say next) shows within `visible`.
    private func isShown(_ running: ReadAloud, _ visible: Range<Int>) -> Bool {
        let index = running.spoken ?? running.current
        guard running.sentences.indices.contains(index) else { return true }
        let range = running.sentences[index].range
        return range.lowerBound < visible.upperBound && range.upperBound > visible.lowerBound
            || range.isEmpty && visible.contains(range.lowerBound)
    }

    /// What the host's speech reported: the sentence an engine started is highlighted and kept on screen;
    /// a chapter said to its end goes on with the next (unless the sleep timer stops at a chapter's end);
    /// a failure stops reading aloud with its reason, the reader reading on silently. News of speech
    /// already left behind (an older generation) changes nothing.
    public mutating func speechReported(_ news: [SpeechNews]) {
        for item in news where item.generation == speechGeneration {
            guard var running = readAloud else { return }
            switch item {
            case .progress(_, let progress):
                guard running.sentences.indices.contains(progress.sentence) else { continue }
                switch progress.event {
                case .started, .word:
                    running.current = progress.sentence
                    running.spoken = progress.sentence
                case .ended:
                    running.current = progress.sentence + 1
                }
                readAloud = running
                if progress.event == .started { keepOnScreen(running.sentences[progress.sentence].range) }
            case .finished:
                readNextChapter(after: running)
            case .failed(_, let reason):
                stopReadingAloud("\(reason); reading on silently")
            }
        }
    }

    /// Turns the page (or scrolls) when the sentence starting is not on screen.
    mutating func keepOnScreen(_ range: Range<Int>) {
        guard canLayout, let visible = visibleByteRange() else { return }
        if range.lowerBound >= visible.upperBound || range.upperBound <= visible.lowerBound {
            move(to: range.lowerBound)
        }
    }

    /// The chapter after `running`'s, from its heading, shown; at the book's end, or with the sleep timer
    /// set to the chapter's end, reading aloud stops.
    mutating func readNextChapter(after running: ReadAloud) {
        if settings.speechSleep == .chapter {
            stopReadingAloud("Sleep timer: reading aloud stopped at the chapter's end")
            return
        }
        var entry = running.entry + 1
        while entry < entries.count {
            let sentences = shownSentences(entry)
            if !sentences.isEmpty {
                var next = running
                next.entry = entry
                next.chapter = entries[entry].range
                next.sentences = sentences
                next.current = 0
                next.spoken = nil
                readAloud = next
                speechGeneration += 1
                move(to: entries[entry].range.lowerBound)
                return
            }
            entry += 1
        }
        stopReadingAloud("End of the book: reading aloud stopped")
    }

    /// The sleep timer's end, when it is due.
    mutating func tickReadAloud(now: Double) {
        guard let deadline = readAloud?.sleepDeadline, now >= deadline else { return }
        stopReadingAloud("Sleep timer: reading aloud stopped")
    }
}
