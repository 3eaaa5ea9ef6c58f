import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore
@testable import NovelTUI

/// The app loop, driven by a scripted terminal and a small fake reader: what gets saved, when, and what is shown.
@Suite struct ReaderAppTests {
    /// Replays inputs; records draws, themes and the timeouts the loop asked for. The clock moves 0.1 s per input.
    final class ScriptedTerminal: TerminalDevice {
        var inputs: [TerminalInput]
        var clock = 0.0
        var draws: [Screen] = []
        var themes: [Settings.Theme] = []
        var timeouts: [Double?] = []

        init(_ inputs: [TerminalInput]) { self.inputs = inputs }
        var size: (columns: Int, rows: Int) { (20, 4) }
        func draw(_ screen: Screen) { draws.append(screen) }
        func nextInput(timeout: Double?) -> TerminalInput {
            timeouts.append(timeout)
            clock += 0.1
            return inputs.isEmpty ? .signal(SIGHUP) : inputs.removeFirst()
        }
        func setTheme(_ theme: Settings.Theme) { themes.append(theme) }
        func restore() {}
    }

    /// Keeps the book's state as a file would: bookmarks change it by the same operations as the store's.
    final class MemoryStorage: ReaderStorage {
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/t.txt")
        var progress: [Int] = []
        var settings: [Settings] = []
        var bookmarks: [String] { state.bookmarks.map(\.id) }
        var chapterPatterns: [String?] = []
        var bookReflows: [DisplayOptions.Reflow] = []
        var histories: [JumpHistory] = []
        var readings: [ReadingTime] = []
        var bookConversions: [Conversion] = []
        var failing = false
        struct Refused: Error, CustomStringConvertible { var description: String { "disk full" } }

        func saveProgress(_ position: ReadingPosition) throws -> BookState? {
            if failing { throw Refused() }
            progress.append(position.offset)
            state.save(position)
            return state
        }
        func saveSettings(_ settings: Settings) throws { self.settings.append(settings) }
        func addBookmark(_ bookmark: Bookmark) throws -> (bookmark: Bookmark, stored: BookState?) {
            (state.insert(bookmark), state)
        }
        func deleteBookmark(id: String) throws -> BookState? {
            _ = try? state.removeBookmark(id: id)
            return state
        }
        func setBookmarkNote(id: String, note: String?) throws -> BookState? {
            try? state.setNote(note, bookmark: id)
            return state
        }
        func saveChapterPattern(_ pattern: String?) throws { chapterPatterns.append(pattern) }
        func saveBookReflow(_ reflow: DisplayOptions.Reflow) throws { bookReflows.append(reflow) }
        func saveHistory(_ history: JumpHistory) throws { histories.append(history) }
        func saveReadingTime(_ reading: ReadingTime) throws { readings.append(reading) }
        func saveBookConvert(_ conversion: Conversion) throws { bookConversions.append(conversion) }
        func saveRuleSwitch(name: String, enabled: Bool) throws {}
        func addRule(_ rule: CleaningRule) throws {}
    }

    /// Space moves ten bytes on; "s" switches to the night theme; "m" adds a bookmark; "a" starts a 0.5 s animation.
    struct FakeReader: ReaderModel {
        var offset = 0
        var isFinished = false
        var reported: [String] = []
        var nextDeadline: Double?
        var ticks = 0
        var sessionReading: ReadingTime? = ReadingTime(characters: 42, seconds: 7, sessions: 1)
        var reloads: [String] = []
        mutating func reload(_ book: Book, state: BookState?) { reloads.append(book.path) }
        /// The bookmark ids of each stored state adopted, and the ids of the bookmarks added as stored.
        var adopted: [[String]] = []
        var added: [String] = []
        mutating func adopt(_ stored: BookState, added: Bookmark?) {
            adopted.append(stored.bookmarks.map(\.id))
            if let added { self.added.append(added.id) }
        }

        var position: ReadingPosition {
            ReadingPosition(offset: offset, chapterIndex: 0, chapterTitle: "", snippet: "", percent: 0, saved: Date())
        }

        mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
            switch event {
            case .key(.character(" ")):
                offset += 10
                return [.saveProgress(position)]
            case .key(.character("s")):
                var settings = Settings()
                settings.theme = .night
                return [.saveSettings(settings)]
            case .key(.character("m")):
                let mark = Bookmark(
                    id: "b1", offset: offset, chapterIndex: 0, chapterTitle: "", snippet: "", note: nil, created: Date()
                )
                return [.addBookmark(mark)]
            case .key(.character("a")):
                nextDeadline = now + 0.5
                return []
            case .key(.character("q")):
                isFinished = true
                return [.quit]
            default: return []
            }
        }
        mutating func tick(now: Double) {
            ticks += 1
            nextDeadline = nil
        }
        mutating func report(_ message: String) { reported.append(message) }
        func screen() -> Screen {
            var screen = Screen(columns: 20, rows: 4)
            screen.write("offset \(offset)", row: 0, column: 0) { _ in 1 }
            return screen
        }
    }

    private func run(
        _ inputs: [TerminalInput], reader: inout FakeReader, storage: MemoryStorage,
        delays: ProgressSaver.Delays = .standard
    ) -> (ReaderApp.Outcome, ScriptedTerminal) {
        let terminal = ScriptedTerminal(inputs)
        let outcome = ReaderApp.run(
            &reader, terminal: terminal, storage: storage, saveDelays: delays, clock: { terminal.clock })
        return (outcome, terminal)
    }

    @Test func pageTurnsNeverWriteOnTheKeyPathAndQuitWritesTheLast() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let space = TerminalInput.event(.key(.character(" ")))
        let (outcome, terminal) = run(
            [space, space, space, .event(.key(.character("q")))], reader: &reader, storage: storage)
        #expect(outcome == .quit)
        // Keys followed keys: the wait never timed out, so nothing was written until quit wrote the last place.
        #expect(storage.progress == [30])
        #expect(terminal.draws.count == 4)
        #expect(terminal.draws.last?.textRows.first?.hasPrefix("offset 30") == true)
    }

    @Test func aChangedFileIsReopenedOnceAMomentAfterItsFirstChangeAndSavesGoToTheReopenedBook() throws {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let reopenedStorage = MemoryStorage()
        let book = TestBooks.book("第一章\n\n正文\n", path: "grown.txt")
        let session = ReadingSession(
            book: book, state: nil, stateWarnings: [], store: BookStateStore(paths: NovelPaths.fromEnvironment([:])))
        var reopenedAt: [Int] = []
        let terminal = ScriptedTerminal(
            [
                .fileChanged, .fileChanged, .timeout, .timeout, .timeout, .event(.key(.character(" "))),
                .event(.key(.character("q"))),
            ])
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: storage, saveDelays: .immediate, clock: { terminal.clock },
            reopen: { place in
                reopenedAt.append(place.offset)
                return (session, reopenedStorage)
            })
        #expect(reopenedAt == [0])
        #expect(reader.reloads == ["grown.txt"])
        // The place on screen went to the reopening (which saves it or carries it over, not the loop);
        // what came after goes to the reopened book's state.
        #expect(storage.progress.isEmpty)
        #expect(reopenedStorage.progress == [10])
        #expect(reopenedStorage.readings.count == 1)
    }

    @Test func theSessionsReadingIsSavedOnceOnQuitAndOnASignal() {
        for last in [TerminalInput.event(.key(.character("q"))), .signal(SIGTERM)] {
            var reader = FakeReader()
            let storage = MemoryStorage()
            _ = run([.event(.key(.character(" "))), last], reader: &reader, storage: storage)
            #expect(storage.readings == [ReadingTime(characters: 42, seconds: 7, sessions: 1)])
        }
    }

    @Test func eventsFromBeforeTheReaderExistedAreHandledFirstInOrder() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let space = InputEvent.key(.character(" "))
        let terminal = ScriptedTerminal([.event(.key(.character("q")))])
        let outcome = ReaderApp.run(
            &reader, terminal: terminal, pending: [space, space, .key(.character("m"))], storage: storage,
            clock: { terminal.clock })
        #expect(outcome == .quit)
        #expect(reader.offset == 20)
        #expect(storage.bookmarks == ["b1"])
        // The pending events took no input from the terminal: only the quit did.
        #expect(terminal.timeouts.count == 1)
    }

    @Test func aStartTheStateDoesNotHaveIsSavedOnQuitEvenWithoutMoving() {
        for startIsSaved in [true, false] {
            var reader = FakeReader()
            let storage = MemoryStorage()
            let terminal = ScriptedTerminal([.event(.key(.character("q")))])
            _ = ReaderApp.run(
                &reader, terminal: terminal, storage: storage, startIsSaved: startIsSaved, clock: { terminal.clock })
            #expect(storage.progress == (startIsSaved ? [] : [0]), "startIsSaved \(startIsSaved)")
        }
    }

    /// The clock moves 0.1 s per input: turns at 0.1 and 0.2, quiet for 0.25 s, written at the first
    /// timeout from 0.45 on (0.5), once; quit has nothing left to write.
    @Test func aPositionIsWrittenWhenTheReaderHasRestedForTheQuietDelay() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let space = TerminalInput.event(.key(.character(" ")))
        let (_, terminal) = run(
            [space, space, .timeout, .timeout, .timeout, .timeout, .event(.key(.character("q")))], reader: &reader,
            storage: storage, delays: ProgressSaver.Delays(quiet: 0.25, longest: 1))
        #expect(storage.progress == [20])
        // While a save is pending the loop waits no longer than until it is due (0.45 - 0.2).
        let waited = terminal.timeouts[2]
        #expect(waited.map { abs($0 - 0.25) < 1e-9 } == true, "waited \(String(describing: waited))")
        // Once written, nothing is pending: the loop waits for a key without a timeout.
        #expect(terminal.timeouts[5] == nil)
    }

    /// Steady turns never leave the reader quiet: the first unsaved one is written no later than
    /// `longest` after it, at the first moment the wait times out.
    @Test func steadyTurnsAreWrittenNoLaterThanTheLongestDelay() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let space = TerminalInput.event(.key(.character(" ")))
        let (_, terminal) = run(
            [space, space, space, space, space, space, .timeout, .event(.key(.character("q")))], reader: &reader,
            storage: storage, delays: ProgressSaver.Delays(quiet: 0.25, longest: 0.5))
        #expect(storage.progress == [60])
        // After the sixth turn (0.6) the save was already due (0.1 + 0.5): the loop asked for no wait at all.
        #expect(terminal.timeouts[6] == 0)
    }

    /// A save the disk refuses is reported, stays pending and is tried again on quit.
    @Test func aFailedDebouncedSaveIsReportedAndTriedAgainOnQuit() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        storage.failing = true
        let space = TerminalInput.event(.key(.character(" ")))
        // Written at the first rest (0.2); the retry waits `longest`, past the second rest (0.3); quit tries again.
        _ = run(
            [space, .timeout, .timeout, .event(.key(.character("q")))], reader: &reader, storage: storage,
            delays: ProgressSaver.Delays(quiet: 0, longest: 1))
        #expect(reader.reported == Array(repeating: "could not save the reading position: disk full", count: 2))
    }

    /// The storage answers with the state as stored: the reader adopts it, and a bookmark whose id the
    /// file had already handed out (another process added one) is shown with the id it was stored under.
    @Test func theReaderAdoptsTheStoredStateAndTheStoredBookmarkId() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let theirs = Bookmark(
            id: "b1", offset: 0, chapterIndex: 0, chapterTitle: "", snippet: "", note: "mine", created: Date())
        storage.state.insert(theirs)
        _ = run(
            [.event(.key(.character("m"))), .event(.key(.character(" "))), .event(.key(.character("q")))],
            reader: &reader, storage: storage)
        #expect(storage.bookmarks == ["b1", "b2"])
        #expect(reader.added == ["b2"])
        // Adopted after the bookmark and after the quit's save of the position.
        #expect(reader.adopted == [["b1", "b2"], ["b1", "b2"]])
    }

    @Test func aSignalSavesAndEnds() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let space = TerminalInput.event(.key(.character(" ")))
        let (outcome, _) = run([space, space, .signal(SIGTERM), space], reader: &reader, storage: storage)
        #expect(outcome == .signal(SIGTERM))
        #expect(storage.progress.last == 20)
    }

    @Test func theLastPositionIsSavedOnASignalEvenWhenTheReaderNeverAskedToSave() {
        // A reader that moves without emitting saveProgress: the loop still writes where it stopped.
        let storage = MemoryStorage()
        var silent = SilentReader()
        let second = ScriptedTerminal([.event(.key(.character(" "))), .signal(SIGHUP)])
        _ = ReaderApp.run(&silent, terminal: second, storage: storage, clock: { second.clock })
        #expect(storage.progress == [5])
    }

    /// Moves five bytes on Space and never asks to save.
    struct SilentReader: ReaderModel {
        var offset = 0
        var isFinished = false
        var nextDeadline: Double? { nil }
        var position: ReadingPosition {
            ReadingPosition(offset: offset, chapterIndex: 0, chapterTitle: "", snippet: "", percent: 0, saved: Date())
        }
        mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
            offset += 5
            return []
        }
        mutating func tick(now: Double) {}
        mutating func report(_ message: String) {}
        func screen() -> Screen { Screen(columns: 4, rows: 2) }
    }

    @Test func settingsAreSavedAndTheThemeSwitchesLive() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let (_, terminal) = run(
            [.event(.key(.character("s"))), .event(.key(.character("q")))], reader: &reader, storage: storage)
        #expect(storage.settings.map(\.theme) == [.night])
        #expect(terminal.themes == [.night])
    }

    @Test func bookmarksGoToTheStorage() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        _ = run([.event(.key(.character("m"))), .event(.key(.character("q")))], reader: &reader, storage: storage)
        #expect(storage.bookmarks == ["b1"])
    }

    @Test func failedSavesAreReportedInTheReader() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        storage.failing = true
        _ = run([.event(.key(.character(" "))), .event(.key(.character("q")))], reader: &reader, storage: storage)
        #expect(reader.reported.first == "could not save the reading position: disk full")
    }

    /// Issue 38, item 12: a place the last save could not write (a full disk) is in the outcome, for the
    /// command to say once the terminal is restored and to fail; a later save that succeeds clears it.
    @Test func whatTheLastSavesCouldNotWriteIsInTheOutcome() {
        for last in [TerminalInput.event(.key(.character("q"))), .signal(SIGTERM)] {
            var reader = FakeReader()
            let storage = MemoryStorage()
            storage.failing = true
            let (outcome, _) = run([.event(.key(.character(" "))), last], reader: &reader, storage: storage)
            #expect(outcome.unsaved == ["could not save the reading position: disk full"])
            #expect(outcome.signalNumber == (last == .signal(SIGTERM) ? SIGTERM : nil))
        }
        var reader = FakeReader()
        let storage = MemoryStorage()
        let (outcome, _) = run(
            [.event(.key(.character(" "))), .event(.key(.character("q")))], reader: &reader, storage: storage)
        #expect(outcome == .quit)
        #expect(outcome.unsaved.isEmpty)
    }

    @Test func animationsWaitForTheirDeadlineAndTick() {
        var reader = FakeReader()
        let storage = MemoryStorage()
        let (_, terminal) = run(
            [.event(.key(.character("a"))), .timeout, .event(.key(.character("q")))],
            reader: &reader, storage: storage)
        #expect(terminal.timeouts[0] == nil)
        let waited: Double? = terminal.timeouts[1]
        #expect(waited.map { abs($0 - 0.5) < 0.01 } == true, "waited \(String(describing: waited))")
        #expect(reader.ticks == 1)
    }
}

/// Curses key codes and characters become the reader's keys.
@Suite struct KeyDecoderTests {
    @Test(arguments: [
        (UInt32(10), Key.enter), (13, .enter), (27, .escape), (9, .tab), (127, .backspace), (8, .backspace),
        (3, .control("c")), (12, .control("l")), (0x20, .character(" ")), (0x71, .character("q")),
        (0x9752, .character("青")),
    ])
    func characters(value: UInt32, key: Key) {
        #expect(KeyDecoder.decode(character: value) == .key(key))
    }

    /// ESC with a key in the same read is Alt with that key, dropped: never Escape (which quits from the
    /// page) followed by the key.
    @Test func escapeAloneIsEscapeAndAltCombinationsAreDropped() {
        #expect(KeyDecoder.decodeEscape(followedByKey: false) == .key(.escape))
        #expect(KeyDecoder.decodeEscape(followedByKey: true) == nil)
    }

    @Test func functionAndCursorKeys() {
        #expect(KeyDecoder.decode(keyCode: 0o403) == .key(.up))  // KEY_UP
        #expect(KeyDecoder.decode(keyCode: 0o522) == .key(.pageDown))  // KEY_NPAGE
        #expect(KeyDecoder.decode(keyCode: 0o410 + 1) == .key(.function(1)))  // KEY_F(1)
        #expect(KeyDecoder.decode(keyCode: 0o541) == .key(.backTab))  // KEY_BTAB
    }
}
