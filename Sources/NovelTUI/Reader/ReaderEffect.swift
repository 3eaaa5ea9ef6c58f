import NovelCore

/// What the reader asks its host to do after an event; the app loop performs these through the stores.
public enum ReaderEffect: Sendable, Equatable {
    case saveProgress(ReadingPosition)
    case saveSettings(Settings)
    case addBookmark(Bookmark)
    case deleteBookmark(id: String)
    /// The book's chapter rule changed (nil: the built-in rules).
    case saveChapterPattern(String?)
    case quit
}
