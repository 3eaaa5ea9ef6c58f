import Foundation
import NovelCore

/// Where the app keeps what the reader asks to save. `ReadingSession` and `SettingsStore` are the real ones.
/// The changes to the book's place and bookmarks return the book's state as stored after the change (nil:
/// this storage keeps none), for the reader to adopt: what another novel process wrote meanwhile, and
/// ids as they are in the file.
public protocol ReaderStorage {
    @discardableResult
    func saveProgress(_ position: ReadingPosition) throws -> BookState?
    func saveSettings(_ settings: Settings) throws
    /// `bookmark` as stored: its id is the file's next one when the reader's copy was behind.
    @discardableResult
    func addBookmark(_ bookmark: Bookmark) throws -> (bookmark: Bookmark, stored: BookState?)
    @discardableResult
    func deleteBookmark(id: String) throws -> BookState?
    /// Sets bookmark `id`'s note (nil: removes it) as the file has it.
    @discardableResult
    func setBookmarkNote(id: String, note: String?) throws -> BookState?
    /// The book's chapter rule, as `--chapter-pattern` remembers it (nil: the built-in rules).
    func saveChapterPattern(_ pattern: String?) throws
    /// The book's own reflow, as `--reflow` remembers it.
    func saveBookReflow(_ reflow: DisplayOptions.Reflow) throws
    /// The places the reader's jumps left.
    func saveHistory(_ history: JumpHistory) throws
    /// Adds a session's measured reading to the book's and to the totals over all books, and notes the
    /// session in the reading log (`novel stats`).
    func saveReadingTime(_ reading: ReadingTime) throws
    /// The book's own conversion, as `--convert` remembers it.
    func saveBookConvert(_ conversion: Conversion) throws
    /// A cleaning rule switched on or off, in rules.json.
    func saveRuleSwitch(name: String, enabled: Bool) throws
    /// A cleaning rule added at the end of rules.json.
    func addRule(_ rule: CleaningRule) throws
    /// The sessions in the reading log (`novel stats`), lines that cannot be read left out.
    func readingLog() -> [ReadingLog.Entry]
}

extension ReaderStorage {
    public func readingLog() -> [ReadingLog.Entry] { [] }
}

/// Saves to the book's state file and settings.json.
public struct StoreStorage: ReaderStorage {
    public let session: ReadingSession
    public let settingsStore: SettingsStore
    /// A transition chosen for this session only (`--mode`) and the saved one it stands in for:
    /// saving other settings must not make the session's mode permanent.
    public let sessionTransition: (current: Settings.Transition, saved: Settings.Transition)?
    /// rules.json, where the rules overlay's switches go (nil: they last this session only).
    public let rulesStore: RulesStore?

    public init(
        session: ReadingSession, settingsStore: SettingsStore,
        sessionTransition: (current: Settings.Transition, saved: Settings.Transition)? = nil,
        rulesStore: RulesStore? = nil
    ) {
        self.session = session
        self.settingsStore = settingsStore
        self.sessionTransition = sessionTransition
        self.rulesStore = rulesStore
    }

    @discardableResult
    public func saveProgress(_ position: ReadingPosition) throws -> BookState? {
        try session.update { state in
            state.save(position)
            return state
        }
    }

    public func saveSettings(_ settings: Settings) throws {
        var saved = settings
        if let sessionTransition, settings.transition == sessionTransition.current {
            saved.transition = sessionTransition.saved
        }
        try settingsStore.save(saved)
    }

    /// Bookmark ids come from the state file under its lock, so two readers never hand out the same id.
    @discardableResult
    public func addBookmark(_ bookmark: Bookmark) throws -> (bookmark: Bookmark, stored: BookState?) {
        try session.update { state in (state.insert(bookmark), state) }
    }

    /// Removes bookmark `id` as the file has it (already gone: nothing to do).
    @discardableResult
    public func deleteBookmark(id: String) throws -> BookState? {
        try session.update { state in
            _ = try? state.removeBookmark(id: id)
            return state
        }
    }

    /// Sets bookmark `id`'s note as the file has it (gone meanwhile: nothing to do).
    @discardableResult
    public func setBookmarkNote(id: String, note: String?) throws -> BookState? {
        try session.update { state in
            try? state.setNote(note, bookmark: id)
            return state
        }
    }

    public func saveChapterPattern(_ pattern: String?) throws {
        try session.update { state in state.chapterPattern = pattern }
    }

    public func saveBookReflow(_ reflow: DisplayOptions.Reflow) throws {
        try session.update { state in state.reflow = reflow }
    }

    public func saveHistory(_ history: JumpHistory) throws {
        try session.update { state in state.history = history }
    }

    public func saveReadingTime(_ reading: ReadingTime) throws {
        let isPrivate = try session.update { state in
            state.reading = state.reading + reading
            return state.isPrivate
        }
        try ReadingTotals(stateDirectory: session.store.stateDirectory).add(reading)
        // The day's line for `novel stats`; a private book leaves no trace of when it was read.
        guard !isPrivate, reading.seconds > 0 else { return }
        let entry = ReadingLog.Entry(
            ended: Date(), seconds: reading.seconds, characters: reading.characters,
            fingerprint: session.book.fingerprint, title: session.book.title)
        try ReadingLog(stateDirectory: session.store.stateDirectory).append(entry)
    }

    public func readingLog() -> [ReadingLog.Entry] {
        ReadingLog(stateDirectory: session.store.stateDirectory).load().entries
    }

    public func saveBookConvert(_ conversion: Conversion) throws {
        try session.update { state in state.setConvert(conversion) }
    }

    public func saveRuleSwitch(name: String, enabled: Bool) throws {
        try rulesStore?.update { try $0.setEnabled(name, enabled) }
    }

    public func addRule(_ rule: CleaningRule) throws {
        try rulesStore?.update { try $0.add(rule) }
    }
}
