import Foundation
import NovelCore

/// The reader's main loop: wait for input (or the next animation frame), let the reader handle it,
/// perform what it asks through the storage, draw. Progress is saved a moment after the reader moves
/// (`ProgressSaver`, only while no key waits), on quit and on signals; failed saves are shown in the
/// status bar. Every save goes through the storage's read-modify-write under the file's lock, and the
/// reader adopts the stored state (bookmarks another process added, ids as stored).
public enum ReaderApp {
    /// How the loop ended, and what it could not save on the way out.
    public struct Outcome: Equatable, Sendable {
        /// The signal that ended the reader; nil when it quit.
        public var signalNumber: Int32?
        /// What the last saves could not write (a full disk), one message each: the status bar is gone
        /// by then, so the caller says so on stderr once the terminal is restored, and fails.
        public var unsaved: [String] = []

        public static let quit = Outcome(signalNumber: nil)

        public static func signal(_ number: Int32) -> Outcome {
            Outcome(signalNumber: number)
        }
    }

    /// Runs until the reader quits or a signal arrives. The caller restores the terminal. `pending` are
    /// events that arrived before the model existed (see `LoadingWait`), handled first, in order.
    /// `startIsSaved` is false when the reader starts somewhere the state does not have yet (a first open,
    /// `--chapter`): that place is then saved on the way out even if the reader never moved. `reopen`
    /// opens the book again when the terminal reports its file changed (live reload), given the place on
    /// screen (which it saves or carries over, `ReadingSession.reloaded`), with the storage for the
    /// reopened book. `shelf` lists and opens the library overlay's books (nil: the overlay
    /// stays empty). `converters` is asked, between events, whether a conversion the model waits for
    /// has loaded (`ReaderModel.awaitedConversion`). `sync` syncs the book beside the reader (nil: sync is
    /// off): as it opens, every `syncInterval` while it is read, and as it is left. `speech` says what the
    /// model asks for (`ReaderModel.speechRequest`) after every step, before the screen is drawn, and
    /// hands its news to the model as soon as it wakes the loop (nil: the reader stays silent).
    public static func run<Model: ReaderModel>(
        _ model: inout Model, terminal: TerminalDevice, pending: [InputEvent] = [], storage: ReaderStorage,
        startIsSaved: Bool = true, saveDelays: ProgressSaver.Delays = .standard,
        clock: @escaping () -> Double = CursesTerminal.now,
        reopen: Reopen? = nil, shelf: BookShelf? = nil, converters: ConverterRegistry = .background,
        sync: BackgroundSync? = nil, speech: SpeechDriver? = nil
    ) -> Outcome {
        var loop = Loop(
            model: model, terminal: terminal, pending: pending[...], storage: storage, reopen: reopen, shelf: shelf,
            converters: converters, saveDelays: saveDelays, clock: clock,
            saver: ProgressSaver(delays: saveDelays, savedOffset: startIsSaved ? model.positionOffset : nil),
            sync: sync, speech: speech)
        let outcome = loop.run()
        model = loop.model
        return outcome
    }

    /// The loop's state between events: the book's storage (another once the library switched books),
    /// the reload due, the saves pending.
    struct Loop<Model: ReaderModel> {
        var model: Model
        let terminal: TerminalDevice
        var pending: ArraySlice<InputEvent>
        var storage: ReaderStorage
        var reopen: Reopen?
        let shelf: BookShelf?
        let converters: ConverterRegistry
        let saveDelays: ProgressSaver.Delays
        let clock: () -> Double
        var saver: ProgressSaver
        /// The book being read, once the library switched to another one.
        var switched: String?
        var reloadDue: Double?
        /// Work ahead is done once after each event, when the terminal has nothing pending (a poll that
        /// does not wait), so that it never delays a key by more than one piece of it.
        var mayWorkAhead = true
        let sync: BackgroundSync?
        /// When the next sync beside the reader is due (the loop's clock).
        var syncDue: Double?
        let speech: SpeechDriver?

        /// How often a conversion being loaded is asked after, while the model waits for it.
        static var conversionPoll: Double { 0.02 }

        mutating func run() -> Outcome {
            // A start the state does not have yet is written as soon as the reader rests, as a move would be.
            saver.moved(to: model.positionOffset, now: clock())
            if let title = model.windowTitle { terminal.setTitle(title) }
            if let speech { terminal.wake(on: speech.wakeDescriptor) }
            terminal.draw(model.screen())
            startSync(opening: true)
            var outcome = Outcome.quit
            loop: while !model.isFinished {
                let step = step()
                // Before the screen is drawn: the boss key or Esc silences the voice within the key's handling.
                speech?.follow(model.isFinished ? nil : model.speechRequest)
                switch step {
                case .signal(let number):
                    outcome = .signal(number)
                    break loop
                case .quit: break loop
                case .workedAhead: continue loop
                case .handled: terminal.draw(model.screen())
                }
            }
            speech?.follow(nil)
            // Whatever happened, the place the reader was at is written before leaving.
            outcome.unsaved += leaveBook()
            return outcome
        }

        /// What one step of the loop came to.
        enum Step {
            case handled
            /// Work ahead was done: nothing on screen changed.
            case workedAhead
            case quit
            case signal(Int32)
        }

        /// Waits for one input and handles it.
        mutating func step() -> Step {
            if let due = reloadDue, clock() >= due, let reopen {
                reloadDue = nil
                if let reopened = ReaderApp.reload(&model, reopen: reopen) { storage = reopened }
                terminal.draw(model.screen())
            }
            settleConversion()
            if takeSpeechNews() { return .handled }
            let now = clock()
            let searching = model.isSearching
            let ahead = mayWorkAhead && model.hasWorkAhead
            let polling = model.awaitedConversion == nil ? nil : now + Self.conversionPoll
            let syncPoll = sync?.isRunning == true ? now + ReaderApp.syncPoll : syncDue
            let timeout =
                ahead || searching
                ? 0
                : [model.nextDeadline, saver.deadline, reloadDue, polling, syncPoll].compactMap { $0 }.min().map {
                    max($0 - now, 0)
                }
            switch pending.popFirst().map(TerminalInput.event) ?? terminal.nextInput(timeout: timeout) {
            case .signal(let number):
                return .signal(number)
            case .timeout where ahead && !searching:
                model.workAhead()
                mayWorkAhead = false
                return .workedAhead
            case .timeout:
                // A search's hits come a piece at a time while no key waits, each piece drawn (the count grows).
                if searching { model.searchAhead() }
                model.tick(now: clock())
                // Nothing is waiting to be handled: the moment to write a due position.
                saver.moved(to: model.positionOffset, now: clock())
                if saver.isDue(now: clock()) { save() }
                settleSync()
                if let due = syncDue, clock() >= due { startSync(opening: false) }
            case .fileChanged:
                // A downloader writes in many pieces: reload a moment after the first change, not per write.
                if reloadDue == nil { reloadDue = clock() + ReaderApp.reloadDelay }
            case .woken:
                if !takeSpeechNews() { return .workedAhead }
            case .event(let event):
                mayWorkAhead = true
                let actions = model.respond(to: event, now: clock())
                for action in actions { perform(action) }
                if actions.contains(.quit) { return .quit }
                saver.moved(to: model.positionOffset, now: clock())
                settleSync()
            }
            return .handled
        }

        /// Hands the model the speech's news, if any came; true when some did (the screen changes).
        mutating func takeSpeechNews() -> Bool {
            guard let news = speech?.drain(), !news.isEmpty else { return false }
            model.speechReported(news)
            return true
        }

        /// Starts a sync of the book shown, beside the reader; the next is due `syncInterval` later (a
        /// failed one is tried again then).
        mutating func startSync(opening: Bool) {
            guard let sync, let fingerprint = model.bookFingerprint else { return }
            sync.start(fingerprint: fingerprint, opening: opening, legado: model.legadoBook)
            syncDue = clock() + ReaderApp.syncInterval
        }

        /// Hands the model what a finished sync brought (for the book still shown), or its one-line error.
        mutating func settleSync() {
            guard let finished = sync?.take(), finished.fingerprint == model.bookFingerprint else { return }
            if let failure = finished.failure {
                model.report(failure)
            } else if let outcome = finished.outcome {
                model.synced(outcome.state, offer: finished.opening ? outcome.offer : nil, now: Date())
            }
        }

        /// The sync as a book is left: after the place and reading time are written, waiting a moment at
        /// most (`syncLeaveWait`) for it, and for one still running first.
        func syncLeaving() {
            guard let sync, let fingerprint = model.bookFingerprint else { return }
            guard sync.wait(seconds: ReaderApp.syncLeaveWait) else { return }
            sync.start(fingerprint: fingerprint, opening: false, legado: model.legadoBook)
            sync.wait(seconds: ReaderApp.syncLeaveWait)
        }

        /// Tells the model that the conversion it waits for has loaded (or failed), once the registry says so.
        mutating func settleConversion() {
            guard let conversion = model.awaitedConversion else { return }
            let readiness = converters.status(conversion)
            if readiness != .loading { model.conversionSettled(conversion, readiness) }
        }

        /// Does what the model asked for after an event.
        mutating func perform(_ action: ReaderAction) {
            switch action {
            case .quit: break  // the model is finished: the loop ends
            case .suspend: terminal.suspend()
            case .saveProgress(let position): saver.moved(to: position.offset, now: clock())
            case .saveProgressNow(let position): save(position)
            case .saveSettings(let settings):
                terminal.setTheme(settings.theme)
                store("settings") { try $0.saveSettings(settings) }
            case .addBookmark(let bookmark):
                if let added = store("the bookmark", { try $0.addBookmark(bookmark) }), let stored = added.stored {
                    model.adopt(stored, added: added.bookmark)
                }
            case .deleteBookmark(let id):
                if let stored = store("the bookmark removal", { try $0.deleteBookmark(id: id) }) ?? nil {
                    model.adopt(stored, added: nil)
                }
            case .setBookmarkNote(let id, let note):
                if let stored = store("the bookmark's note", { try $0.setBookmarkNote(id: id, note: note) }) ?? nil {
                    model.adopt(stored, added: nil)
                }
            case .saveChapterPattern(let pattern): store("the chapter rule") { try $0.saveChapterPattern(pattern) }
            case .saveBookReflow(let reflow): store("the book's reflow") { try $0.saveBookReflow(reflow) }
            case .saveHistory(let history): store("the jump history") { try $0.saveHistory(history) }
            case .saveBookConvert(let conversion): store("the book's conversion") { try $0.saveBookConvert(conversion) }
            case .saveRuleSwitch(let name, let enabled):
                store("the cleaning rules") { try $0.saveRuleSwitch(name: name, enabled: enabled) }
            case .addRule(let rule): store("the cleaning rules") { try $0.addRule(rule) }
            case .setWindowTitle(let title): terminal.setTitle(title)
            case .listLibrary(let folder):
                let listing: (books: [Shelf.Book], problems: [String]) = shelf?.list(folder) ?? ([], [])
                model.showLibrary(
                    listing.books, current: switched ?? shelf?.currentPath ?? "", problems: listing.problems)
            case .loadReadingLog(let fingerprint):
                let log = storage.readingLog().filter { $0.fingerprint == fingerprint }
                model.showStatistics(log, now: Date(), timeZone: .current)
            case .openBook(let path): openFromShelf(path)
            }
        }

        /// Opens the library's book at `path` in place of this one: this book is left (its place and
        /// reading time saved to its own storage), and the other is shown at its own last place.
        mutating func openFromShelf(_ path: String) {
            guard let shelf else { return }
            let opened: (session: ReadingSession, storage: ReaderStorage)
            do {
                opened = try shelf.open(path)
            } catch {
                model.report("could not open \(path): \(error)")
                return
            }
            leaveBook()
            storage = opened.storage
            model.switchBook(opened.session.book, state: opened.session.state)
            switched = path
            // A book from the library reloads as it opens, whole, re-anchored from the place saved first
            // (one that cannot be saved: from the last one that was, and the next save reports the failure).
            let storage = opened.storage
            reopen = { place in
                _ = try? storage.saveProgress(place)
                return try shelf.open(path)
            }
            reloadDue = nil
            terminal.watch(path)
            // Opening a book marks it read, as a reader started on it does.
            saver = ProgressSaver(delays: saveDelays)
            save()
            if let title = model.windowTitle { terminal.setTitle(title) }
            _ = sync?.take()  // the last book's
            startSync(opening: true)
        }

        /// The one way a book is left (quit, a signal, another book from the library): its place on screen
        /// written when it is not the one last written, and this session's reading time. Returns what
        /// could not be written, one message each.
        @discardableResult
        mutating func leaveBook() -> [String] {
            var failures: [String] = []
            saver.moved(to: model.positionOffset, now: clock())
            if saver.isPending, let failure = save() { failures.append(failure.message) }
            if let reading = model.sessionReading,
                case .failure(let failure) = attempt("the reading time", { try $0.saveReadingTime(reading) })
            {
                failures.append(failure.message)
            }
            syncLeaving()
            return failures
        }

        /// The one way a position is written, debounced or not: through the storage's read-modify-write,
        /// the reader adopting the state as stored. Returns the failure, nil when it was written.
        @discardableResult
        mutating func save(_ position: ReadingPosition? = nil) -> SaveFailure? {
            let position = position ?? model.position
            switch attempt("the reading position", { try $0.saveProgress(position) }) {
            case .failure(let failure):
                saver.failed(now: clock())
                return failure
            case .success(let stored):
                if let stored { model.adopt(stored, added: nil) }
                saver.saved(position.offset)
                return nil
            }
        }

        /// What `body` returned with the storage, or nil when it failed (reported in the status bar).
        @discardableResult
        mutating func store<T>(_ what: String, _ body: (ReaderStorage) throws -> T) -> T? {
            try? attempt(what, body).get()
        }

        /// What `body` returned with the storage, or its failure, which the status bar shows too.
        mutating func attempt<T>(_ what: String, _ body: (ReaderStorage) throws -> T) -> Result<T, SaveFailure> {
            do {
                return .success(try body(storage))
            } catch {
                let failure = SaveFailure(message: "could not save \(what): \(error)")
                model.report(failure.message)
                return .failure(failure)
            }
        }
    }

    /// How long after its file first changed the book is reloaded.
    static let reloadDelay = 0.3
    /// How often the book is synced while it is read, in seconds.
    static let syncInterval = 300.0
    /// How often the loop looks for a running sync's result.
    static let syncPoll = 0.1
    /// The longest a book's leaving waits for its sync (the sync goes on failing or not; the next opening
    /// syncs again).
    static let syncLeaveWait = 3.0

    /// Opens the book again when its file changed, from the place on screen.
    public typealias Reopen = (_ place: ReadingPosition) throws -> (session: ReadingSession, storage: ReaderStorage)

    /// Opens the changed book again at the place on screen, which `reopen` saves or carries over to the
    /// reopened book's state; returns the reopened book's storage (nil: it could not be reopened).
    private static func reload<Model: ReaderModel>(_ model: inout Model, reopen: Reopen) -> ReaderStorage? {
        do {
            let reopened = try reopen(model.position)
            model.reload(reopened.session.book, state: reopened.session.state)
            return reopened.storage
        } catch {
            model.report("could not reload the book: \(error)")
            return nil
        }
    }

    /// A save that failed, in words: `could not save WHAT: WHY`.
    struct SaveFailure: Error {
        let message: String
    }
}
