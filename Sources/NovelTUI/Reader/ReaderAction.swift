import NovelCore

/// What the reader asks the app to do after handling an event; the app performs it through the stores.
public enum ReaderAction: Sendable, Equatable {
    case saveProgress(ReadingPosition)
    case saveSettings(Settings)
    case addBookmark(Bookmark)
    case deleteBookmark(id: String)
    case quit
}
