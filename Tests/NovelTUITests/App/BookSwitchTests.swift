import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore
@testable import NovelTUI

/// The app loop's side of the library overlay: the shelf is listed for the reader, and switching books
/// saves this book's place and reading time to its own storage before the other opens, whose saves then
/// go to its storage; a live reload after the switch reopens the new book.
@Suite struct BookSwitchTests {
    typealias MemoryStorage = ReaderAppTests.MemoryStorage

    /// "L" lists the library; "o" opens /books/other.txt; Space moves ten bytes; "q" quits.
    struct ShelfReader: ReaderModel {
        var offset = 0
        var isFinished = false
        var nextDeadline: Double?
        var listed: [(books: [String], current: String, problems: [String])] = []
        var switched: [String] = []
        var reloads: [String] = []
        var sessionReading: ReadingTime? = ReadingTime(characters: 42, seconds: 7, sessions: 1)
        var position: ReadingPosition {
            ReadingPosition(offset: offset, chapterIndex: 0, chapterTitle: "", snippet: "", percent: 0, saved: Date())
        }

        mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
            switch event {
            case .key(.character("L")): return [.listLibrary(folder: "/books")]
            case .key(.character("o")): return [.openBook(path: "/books/other.txt")]
            case .key(.character(" ")):
                offset += 10
                return [.saveProgress(position)]
            case .key(.character("q")):
                isFinished = true
                return [.quit]
            default: return []
            }
        }
        mutating func tick(now: Double) {}
        mutating func report(_ message: String) {}
        func screen() -> Screen { Screen(columns: 20, rows: 4) }
        mutating func showLibrary(_ books: [Shelf.Book], current: String, problems: [String]) {
            listed.append((books.map(\.path), current, problems))
        }
        mutating func switchBook(_ book: Book, state: BookState?) {
            switched.append(book.path)
            offset = 500
            sessionReading = ReadingTime()
        }
        mutating func reload(_ book: Book, state: BookState?) { reloads.append(book.path) }
    }

    /// Replays inputs, 0.1 s apart, and records the files it is asked to watch.
    final class WatchingTerminal: TerminalDevice {
        var inputs: [TerminalInput]
        var clock = 0.0
        var watched: [String] = []
        init(_ inputs: [TerminalInput]) { self.inputs = inputs }
        var size: (columns: Int, rows: Int) { (20, 4) }
        func draw(_ screen: Screen) {}
        func nextInput(timeout: Double?) -> TerminalInput {
            clock += 0.1
            return inputs.isEmpty ? .signal(SIGHUP) : inputs.removeFirst()
        }
        func setTheme(_ theme: Settings.Theme) {}
        func restore() {}
        func watch(_ path: String) { watched.append(path) }
    }

    @Test func switchingSavesThisBooksPlaceThenSavesGoToTheOtherBook() throws {
        let first = MemoryStorage()
        let second = MemoryStorage()
        let other = TestBooks.book("第一章\n\n正文\n", path: "/books/other.txt")
        let session = ReadingSession(
            book: other, state: nil, stateWarnings: [], store: BookStateStore(paths: NovelPaths.fromEnvironment([:])))
        var opened: [String] = []
        let shelf = BookShelf(
            currentPath: "/books/first.txt",
            list: { folder in ([Shelf.Book(title: "other", path: folder + "/other.txt")], ["one problem"]) },
            open: { path in
                opened.append(path)
                return (session, second)
            })
        let key = { (character: Character) in TerminalInput.event(.key(.character(character))) }
        let terminal = WatchingTerminal([
            key(" "), key("L"), key("o"), key(" "), .fileChanged, .timeout, .timeout, .timeout, .timeout, key("q"),
        ])
        var reader = ShelfReader()
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: first, saveDelays: .immediate, clock: { terminal.clock },
            shelf: shelf)
        #expect(reader.listed.count == 1)
        #expect(reader.listed.first?.books == ["/books/other.txt"])
        #expect(reader.listed.first?.current == "/books/first.txt")
        #expect(reader.listed.first?.problems == ["one problem"])
        #expect(reader.switched == ["/books/other.txt"])
        // The first book: its place when leaving and this session's reading, nothing after.
        #expect(first.progress == [10])
        #expect(first.readings == [ReadingTime(characters: 42, seconds: 7, sessions: 1)])
        // The other book: marked read at its own place on opening, then its own moves.
        #expect(second.progress.first == 500)
        #expect(second.progress.contains(510))
        #expect(terminal.watched == ["/books/other.txt"])
        // The live reload after the switch reopened the other book, not the first.
        #expect(opened == ["/books/other.txt", "/books/other.txt"])
        #expect(reader.reloads == ["/books/other.txt"])
    }
}
