import Foundation

/// The books the reader's library overlay offers to switch to: the recent books (`BookStateStore.recent`,
/// most recent first), then, given a folder (the `libraryFolder` setting), that folder's books as
/// `novel library DIR` lists them (`Library.list`, with its cache) that are not among the recent ones.
public enum Shelf {
    /// One book on the shelf.
    public struct Book: Sendable, Equatable {
        public var title: String
        /// The file, absolute.
        public var path: String
        /// Percent through the book at the saved position; nil when not started.
        public var percent: Double?
        public var lastRead: Date?
        /// At the measured reading speed (`BookState.minutesLeft`); nil before there is one.
        public var minutesLeft: Double?

        public init(
            title: String, path: String, percent: Double? = nil, lastRead: Date? = nil, minutesLeft: Double? = nil
        ) {
            self.title = title
            self.path = path
            self.percent = percent
            self.lastRead = lastRead
            self.minutesLeft = minutesLeft
        }
    }

    /// The shelf, and one line for each problem met (an unreadable folder, a book that would not open):
    /// the rest is listed.
    public static func books(folder: String, paths: NovelPaths) -> (books: [Book], problems: [String]) {
        let store = BookStateStore(paths: paths)
        let overall = ReadingTotals(stateDirectory: store.stateDirectory).load()
        var listed: [Library.Book] = []
        var problems: [String] = []
        let folder = expandingHome(folder)
        if !folder.isEmpty {
            do {
                (listed, problems) = try Library.list(folder: ReadingSession.absolutePath(folder), paths: paths)
            } catch {
                problems = [error.description]
            }
        }
        // A book's title from its front matter, as a listing learned it; else the one in its state.
        let titles = LibraryCache(paths: paths).load().mapValues(\.title)
        var books = store.recent().map { state in
            Book(
                title: titles[state.lastPath] ?? state.title, path: state.lastPath, percent: state.position?.percent,
                lastRead: state.lastRead, minutesLeft: state.minutesLeft(overall: overall))
        }
        var shelved = Set(books.map(\.path))
        for book in listed where shelved.insert(book.entry.path).inserted {
            let state = store.load(fingerprint: book.entry.fingerprint)
            books.append(
                Book(
                    title: book.entry.title, path: book.entry.path, percent: book.percent, lastRead: book.lastRead,
                    minutesLeft: state?.minutesLeft(overall: overall)))
        }
        return (books, problems)
    }

    /// `~` and `~/…` as the home folder, as a shell would.
    static func expandingHome(_ folder: String) -> String {
        guard folder == "~" || folder.hasPrefix("~/") else { return folder }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + folder.dropFirst()
    }
}
