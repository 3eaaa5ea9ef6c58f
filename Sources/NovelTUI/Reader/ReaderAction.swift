import NovelCore

/// What the reader asks the app to do after handling an event; the app performs it through the stores.
public enum ReaderAction: Sendable, Equatable {
    /// Save this place, debounced (`ProgressSaver`); the reader asks on quit, and the app writes every
    /// move a moment later whether asked or not.
    case saveProgress(ReadingPosition)
    case saveSettings(Settings)
    case addBookmark(Bookmark)
    case deleteBookmark(id: String)
    /// Bookmark `id`'s note was edited (nil: removed).
    case setBookmarkNote(id: String, note: String?)
    /// The book's chapter rule changed (nil: the built-in rules).
    case saveChapterPattern(String?)
    /// The book's own reflow changed (the settings overlay's Reflow row).
    case saveBookReflow(DisplayOptions.Reflow)
    /// A jump (or going back or forward) changed the places kept for going back.
    case saveHistory(JumpHistory)
    /// The book's own conversion changed (the `c` key, the settings overlay's Convert row).
    case saveBookConvert(Conversion)
    /// A cleaning rule was switched on or off (the rules overlay).
    case saveRuleSwitch(name: String, enabled: Bool)
    /// A cleaning rule was added ("hide lines like this").
    case addRule(CleaningRule)
    case quit
    /// Give the terminal back and stop the process as the shell's Ctrl-Z would (`TerminalDevice.suspend`);
    /// the screen is drawn whole when the shell continues it.
    case suspend
    /// Save the position now, not debounced (the boss key).
    case saveProgressNow(ReadingPosition)
    /// Set the terminal window's title.
    case setWindowTitle(String)
    /// List the library overlay's books (`Shelf.books`, with the `libraryFolder` setting) and hand them to
    /// `Reader.showLibrary`.
    case listLibrary(folder: String)
    /// Save this book's place and reading time, open the book at `path` at its own last place and hand
    /// it to `Reader.switchBook` (the library overlay).
    case openBook(path: String)
    /// Read the sessions of the book with this fingerprint from the reading log and hand them to
    /// `Reader.showStatistics` (the statistics overlay).
    case loadReadingLog(fingerprint: String)
}
