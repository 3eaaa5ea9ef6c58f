import Foundation
import NovelCore

/// `novel read` once its flags are read: the first screen from a `BookPreview` while the whole book opens
/// on a thread of its own (`LoadingWait`: a quit key or a signal meanwhile leaves at once), then the
/// reader at that place, the keys pressed meanwhile handled first. The terminal is restored on every way
/// out, errors included.
public struct ReaderLaunch {
    public var settings: Settings
    public var settingsStore: SettingsStore
    /// A transition for this session only (`--mode`) and the saved one it stands in for (`StoreStorage`).
    public var sessionTransition: (current: Settings.Transition, saved: Settings.Transition)?
    /// Problems found while loading settings, shown in the status bar.
    public var warnings: [String]
    /// `--lines N`: the compact reader with N text rows in any terminal.
    public var lines: Int?
    /// The cleaning rules and where switching one is saved.
    public var rules: CleaningRules
    public var rulesStore: RulesStore?
    /// Where books' states are: the library overlay lists and opens other books there (nil: it lists none).
    public var paths: NovelPaths?
    /// Makes the engines that read aloud (nil: the reader stays silent).
    public var speechEngines: SpeechDriver.EngineMaker?

    public init(
        settings: Settings, settingsStore: SettingsStore,
        sessionTransition: (current: Settings.Transition, saved: Settings.Transition)?, warnings: [String],
        lines: Int? = nil, rules: CleaningRules = CleaningRules(), rulesStore: RulesStore? = nil
    ) {
        self.settings = settings
        self.settingsStore = settingsStore
        self.sessionTransition = sessionTransition
        self.warnings = warnings
        self.lines = lines
        self.rules = rules
        self.rulesStore = rulesStore
    }

    /// Runs the reader until it quits or a signal arrives. `open` opens the whole book, telling the
    /// progress it is given how far it has got (the first screen's status bar shows it); `start` says
    /// where the reader opens in it; `preview` is the first screen's book (nil: open everything first);
    /// `terminal`, one set up already (else it is set up here), is restored on every way out.
    public func run(
        preview: BookPreview?, terminal early: CursesTerminal? = nil,
        open: @escaping @Sendable (LoadStep) throws -> ReadingSession, start: (ReadingSession) throws -> Int
    ) throws -> ReaderApp.Outcome {
        var terminal = early
        var session: ReadingSession?
        var pending: [InputEvent] = []
        if let preview {
            let first = try showPreview(preview, terminal: early, open: open)
            switch first.outcome {
            case .done(let opened, let events): (terminal, session, pending) = (first.terminal, opened, events)
            case .quit:
                first.terminal.restore()
                return .quit
            case .signal(let number):
                first.terminal.restore()
                return .signal(number)
            }
        }
        // The reader says when the conversion cannot be loaded: it must know by now (a preview's first
        // screen is up already; without one, the load began with the command and overlapped the open).
        ChineseConverter.waitForLoads()
        let opened: ReadingSession
        let offset: Int
        let screen: CursesTerminal
        do {
            opened = try session ?? open(.none)
            offset = try start(opened)
            screen = try terminal ?? CursesTerminal(theme: settings.theme)
        } catch {
            terminal?.restore()
            throw error
        }
        var reader = Reader(
            book: opened.book, settings: settings, state: opened.state, columns: screen.size.columns,
            rows: screen.size.rows, start: ReaderStart(offset: offset), lines: lines, rules: rules,
            converters: .background)
        reader.showsEmphasis = !screen.noColor
        reader.overallReading = ReadingTotals(stateDirectory: opened.store.stateDirectory).load()
        // Shown in the status bar, where they are seen, not on stderr behind the reader's screen (the
        // book's own problems, `EpubFacts.notice`, the reader tells of itself).
        reader.tell(opened.stateWarnings + warnings)
        let sync: BackgroundSync?
        do {
            sync = try makeSync()
        } catch {
            sync = nil
            reader.tell(["\(error)"])
        }
        let storage = StoreStorage(
            session: opened, settingsStore: settingsStore, sessionTransition: sessionTransition, rulesStore: rulesStore)
        screen.watcher = FileWatcher(path: opened.book.path)
        let storageFor = storageMaker()
        let shelf = makeShelf(currentPath: ReadingSession.absolutePath(opened.book.path), storageFor: storageFor)
        // The book as last reloaded: an append is read on from it (`ReadingSession.reloaded`).
        var current = opened
        let paths = self.paths
        let outcome = ReaderApp.run(
            &reader, terminal: screen, pending: pending, storage: storage,
            startIsSaved: opened.state?.position?.offset == offset,
            reopen: { place in
                current = try current.reloaded(at: place, paths: paths, reopen: { try open(.none) })
                return (current, storageFor(current))
            }, shelf: shelf, converters: .background, sync: sync,
            speech: speechEngines.map { SpeechDriver(makeEngine: $0) })
        screen.restore()
        return outcome
    }

    /// The sync beside the reader the settings ask for (nil: sync is off, or no state folder is known).
    private func makeSync() throws(SyncError) -> BackgroundSync? {
        guard let paths,
            let store = try SyncStoreFactory.store(
                settings: settings, paths: paths, environment: ProcessInfo.processInfo.environment)
        else { return nil }
        let settings = settings
        return BackgroundSync(paths: paths) {
            BookSync(
                store: store, storeName: SyncStoreFactory.storeName(settings: settings),
                device: try SyncDevice.ofThisHome(paths: paths, settings: settings),
                states: BookStateStore(paths: paths))
        }
    }

    /// The first screen from `preview`, drawn on `terminal` or on one taken over for it, while the whole book
    /// opens behind it (`LoadingWait`): the terminal and how the wait ended (the terminal is restored on an
    /// error).
    private func showPreview(
        _ preview: BookPreview, terminal: CursesTerminal?, open: @escaping @Sendable (LoadStep) throws -> ReadingSession
    ) throws -> (terminal: CursesTerminal, outcome: LoadingWait.Outcome<ReadingSession>) {
        let display = Reader.displaySettings(
            settings, bookReflow: preview.state?.reflow, bookConvert: preview.state?.convert)
        // The conversion's tables load beside the terminal's set-up (made from OpenCC's data on the
        // machine's first conversion).
        ChineseConverter.preload(display.convert)
        let shown = try terminal ?? CursesTerminal(theme: settings.theme)
        // The glimpse waits for the conversion where it asks (`.waiting`): its first screen is drawn
        // converted, as the reader's next screens are.
        var glimpse = Reader(
            book: preview.book, part: preview.part, settings: display, state: nil, columns: shown.size.columns,
            rows: shown.size.rows, start: ReaderStart(offset: preview.offset), lines: lines, rules: rules,
            converters: .waiting)
        glimpse.showsEmphasis = !shown.noColor
        shown.draw(glimpse.screen())
        do {
            return (shown, try LoadingWait.run(open, behind: &glimpse, terminal: shown))
        } catch {
            shown.restore()
            throw error
        }
    }

    /// Makes the storage for a session opened in this launch (the library's books, a reload).
    private func storageMaker() -> (ReadingSession) -> ReaderStorage {
        let (settingsStore, sessionTransition, rulesStore) = (
            self.settingsStore, self.sessionTransition, self.rulesStore
        )
        return { session in
            StoreStorage(
                session: session, settingsStore: settingsStore, sessionTransition: sessionTransition,
                rulesStore: rulesStore)
        }
    }

    /// The library overlay's shelf (nil without `paths`): another book opens as `novel read` alone would
    /// open it (its own choices).
    private func makeShelf(currentPath: String, storageFor: @escaping (ReadingSession) -> ReaderStorage) -> BookShelf? {
        paths.map { paths in
            BookShelf(
                currentPath: currentPath,
                list: { Shelf.books(folder: $0, paths: paths) },
                open: { path in
                    let session = try ReadingSession.open(path: path, paths: paths)
                    session.keepHeadingScan(paths: paths)
                    return (session, storageFor(session))
                })
        }
    }
}
