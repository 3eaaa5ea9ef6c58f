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
    /// stays empty).
    public static func run<Model: ReaderModel>(
        _ model: inout Model, terminal: TerminalDevice, pending: [InputEvent] = [], storage: ReaderStorage,
        startIsSaved: Bool = true, saveDelays: ProgressSaver.Delays = .standard,
        clock: () -> Double = CursesTerminal.now,
        reopen: Reopen? = nil, shelf: BookShelf? = nil
    ) -> Outcome {
        var storage = storage
        var reopen = reopen
        // The book being read, once the library switched to another one.
        var switched: String?
        var reloadDue: Double?
        var pending = pending[...]
        var saver = ProgressSaver(delays: saveDelays, savedOffset: startIsSaved ? model.positionOffset : nil)
        // A start the state does not have yet is written as soon as the reader rests, as a move would be.
        saver.moved(to: model.positionOffset, now: clock())
        if let title = model.windowTitle { terminal.setTitle(title) }
        terminal.draw(model.screen())
        var outcome = Outcome.quit
        // Work ahead is done once after each event, when the terminal has nothing pending (a poll that
        // does not wait), so that it never delays a key by more than one piece of it.
        var mayWorkAhead = true
        loop: while !model.isFinished {
            if let due = reloadDue, clock() >= due, let reopen {
                reloadDue = nil
                if let reopened = reload(&model, reopen: reopen) { storage = reopened }
                terminal.draw(model.screen())
            }
            let now = clock()
            let ahead = mayWorkAhead && model.hasWorkAhead
            let timeout =
                ahead
                ? 0 : [model.nextDeadline, saver.deadline, reloadDue].compactMap { $0 }.min().map { max($0 - now, 0) }
            switch pending.popFirst().map(TerminalInput.event) ?? terminal.nextInput(timeout: timeout) {
            case .signal(let number):
                outcome = .signal(number)
                break loop
            case .timeout where ahead:
                model.workAhead()
                mayWorkAhead = false
                continue loop
            case .timeout:
                model.tick(now: clock())
                // Nothing is waiting to be handled: the moment to write a due position.
                saver.moved(to: model.positionOffset, now: clock())
                if saver.isDue(now: clock()) { save(to: storage, model: &model, saver: &saver, now: clock()) }
            case .fileChanged:
                // A downloader writes in many pieces: reload a moment after the first change, not per write.
                if reloadDue == nil { reloadDue = clock() + reloadDelay }
            case .event(let event):
                mayWorkAhead = true
                var quit = false
                for action in model.respond(to: event, now: clock()) {
                    switch action {
                    case .quit: quit = true
                    case .saveProgress(let position):
                        saver.moved(to: position.offset, now: clock())
                    case .saveSettings(let settings):
                        terminal.setTheme(settings.theme)
                        perform("settings", &model) { try storage.saveSettings(settings) }
                    case .addBookmark(let bookmark):
                        let added = perform("the bookmark", &model) { try storage.addBookmark(bookmark) }
                        if let added, let stored = added.stored { model.adopt(stored, added: added.bookmark) }
                    case .deleteBookmark(let id):
                        let stored = perform("the bookmark removal", &model) { try storage.deleteBookmark(id: id) }
                        if let stored = stored ?? nil { model.adopt(stored, added: nil) }
                    case .saveChapterPattern(let pattern):
                        perform("the chapter rule", &model) { try storage.saveChapterPattern(pattern) }
                    case .saveBookReflow(let reflow):
                        perform("the book's reflow", &model) { try storage.saveBookReflow(reflow) }
                    case .saveHistory(let history):
                        perform("the jump history", &model) { try storage.saveHistory(history) }
                    case .saveBookConvert(let conversion):
                        perform("the book's conversion", &model) { try storage.saveBookConvert(conversion) }
                    case .saveRuleSwitch(let name, let enabled):
                        perform("the cleaning rules", &model) {
                            try storage.saveRuleSwitch(name: name, enabled: enabled)
                        }
                    case .addRule(let rule):
                        perform("the cleaning rules", &model) { try storage.addRule(rule) }
                    case .saveProgressNow(let position):
                        save(position, to: storage, model: &model, saver: &saver, now: clock())
                    case .setWindowTitle(let title):
                        terminal.setTitle(title)
                    case .listLibrary(let folder):
                        let listing: (books: [Shelf.Book], problems: [String]) = shelf?.list(folder) ?? ([], [])
                        let current = switched ?? shelf?.currentPath ?? ""
                        model.showLibrary(listing.books, current: current, problems: listing.problems)
                    case .loadReadingLog(let fingerprint):
                        let log = storage.readingLog().filter { $0.fingerprint == fingerprint }
                        model.showStatistics(log, now: Date(), timeZone: .current)
                    case .openBook(let path):
                        guard let shelf else { break }
                        // This book's place and reading time go to its own state before the other opens.
                        saveIfMoved(to: storage, model: &model, saver: &saver, now: clock())
                        do {
                            let opened = try shelf.open(path)
                            if let reading = model.sessionReading {
                                perform("the reading time", &model) { try storage.saveReadingTime(reading) }
                            }
                            storage = opened.storage
                            model.switchBook(opened.session.book, state: opened.session.state)
                            switched = path
                            // A book from the library reloads as it opens, whole, re-anchored from the
                            // place saved first (one that cannot be saved: from the last one that was,
                            // and the next save reports the failure).
                            reopen = { place in
                                _ = try? storage.saveProgress(place)
                                return try shelf.open(path)
                            }
                            reloadDue = nil
                            terminal.watch(path)
                            // Opening a book marks it read, as a reader started on it does.
                            saver = ProgressSaver(delays: saveDelays)
                            save(to: storage, model: &model, saver: &saver, now: clock())
                            if let title = model.windowTitle { terminal.setTitle(title) }
                        } catch {
                            model.report("could not open \(path): \(error)")
                        }
                    }
                }
                if quit { break loop }
                saver.moved(to: model.positionOffset, now: clock())
            }
            terminal.draw(model.screen())
        }
        // Whatever happened, the place the reader was at is written before leaving.
        if let failure = saveIfMoved(to: storage, model: &model, saver: &saver, now: clock()) {
            outcome.unsaved.append(failure.message)
        }
        if let reading = model.sessionReading,
            case .failure(let failure) = attempt("the reading time", &model, { try storage.saveReadingTime(reading) })
        {
            outcome.unsaved.append(failure.message)
        }
        return outcome
    }

    /// How long after its file first changed the book is reloaded.
    static let reloadDelay = 0.3

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

    /// Writes the place on screen now when it is not the one last written (quit, a signal, another book).
    @discardableResult
    private static func saveIfMoved<Model: ReaderModel>(
        to storage: ReaderStorage, model: inout Model, saver: inout ProgressSaver, now: Double
    ) -> SaveFailure? {
        saver.moved(to: model.positionOffset, now: now)
        guard saver.isPending else { return nil }
        return save(to: storage, model: &model, saver: &saver, now: now)
    }

    /// Writes the place on screen.
    @discardableResult
    private static func save<Model: ReaderModel>(
        to storage: ReaderStorage, model: inout Model, saver: inout ProgressSaver, now: Double
    ) -> SaveFailure? {
        save(model.position, to: storage, model: &model, saver: &saver, now: now)
    }

    /// The one way a position is written, debounced or not: through the storage's read-modify-write,
    /// the reader adopting the state as stored. Returns the failure, nil when it was written.
    @discardableResult
    private static func save<Model: ReaderModel>(
        _ position: ReadingPosition, to storage: ReaderStorage, model: inout Model, saver: inout ProgressSaver,
        now: Double
    ) -> SaveFailure? {
        switch attempt("the reading position", &model, { try storage.saveProgress(position) }) {
        case .failure(let failure):
            saver.failed(now: now)
            return failure
        case .success(let stored):
            if let stored { model.adopt(stored, added: nil) }
            saver.saved(position.offset)
            return nil
        }
    }

    /// A save that failed, in words: `could not save WHAT: WHY`.
    struct SaveFailure: Error {
        let message: String
    }

    /// What `body` returned, or nil when it failed (reported in the status bar).
    @discardableResult
    private static func perform<Model: ReaderModel, T>(_ what: String, _ model: inout Model, _ body: () throws -> T)
        -> T?
    {
        try? attempt(what, &model, body).get()
    }

    /// What `body` returned, or its failure, which the status bar shows too.
    private static func attempt<Model: ReaderModel, T>(
        _ what: String, _ model: inout Model, _ body: () throws -> T
    ) -> Result<T, SaveFailure> {
        do {
            return .success(try body())
        } catch {
            let failure = SaveFailure(message: "could not save \(what): \(error)")
            model.report(failure.message)
            return .failure(failure)
        }
    }
}
