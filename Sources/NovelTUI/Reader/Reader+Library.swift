import Foundation
import NovelCore

/// The library overlay (`L`): books to switch to without leaving the reader. The reader cannot list
/// files itself (it is a pure state machine), so opening the overlay asks the host for the shelf
/// (`ReaderAction.listLibrary`), which hands it back through `showLibrary`; Enter on another book asks
/// the host to open it (`ReaderAction.openBook`), which saves this book's place first and hands the
/// opened book to `switchBook`.
extension Reader {
    mutating func openLibrary() -> [ReaderAction] {
        overlay = .library(LibraryOverlay())
        return [.listLibrary(folder: settings.libraryFolder)]
    }

    /// The host listed the shelf: shown in the overlay when it is still open, the book being read marked
    /// (`current`, the absolute path of this book's file) and the first other book selected.
    public mutating func showLibrary(_ books: [Shelf.Book], current: String, problems: [String]) {
        guard case .library = overlay else { return }
        let here = books.firstIndex { $0.path == current }
        let first = books.indices.first { $0 != here } ?? 0
        overlay = .library(LibraryOverlay(books: books, selected: first, current: here))
        if let problem = problems.first {
            message = problems.count == 1 ? problem : "\(problem) (and \(problems.count - 1) more)"
        }
    }

    mutating func handleLibrary(_ library: LibraryOverlay, _ event: InputEvent) -> [ReaderAction] {
        var library = library
        let books = library.books ?? []
        if let moved = Self.moved(
            library.selected, count: books.count, page: max(1, textRows - 1), by: event, letters: true)
        {
            library.selected = moved
            overlay = .library(library)
            return []
        }
        switch event {
        case .key(.enter):
            overlay = nil
            guard books.indices.contains(library.selected), library.selected != library.current else { return [] }
            return [.openBook(path: books[library.selected].path)]
        default:
            break
        }
        return []
    }

    /// Shows another book at its own last place (`state`'s position), as a reader opened on it would;
    /// the settings, rules, size, whether emphasis is drawn and the reading measured so far carry over.
    public mutating func switchBook(_ other: Book, state: BookState?) {
        var next = Reader(
            book: other, settings: settings, state: state, columns: columns, rows: rows, start: .saved, lines: lines,
            rules: rules, converters: converters)
        next.overallReading = overallReading + meter.measured
        next.showsEmphasis = showsEmphasis
        self = next
    }
}
