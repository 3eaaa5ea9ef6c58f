import NovelCore
import NovelTUI

/// The pager's benchmark steps: from a key to the finished screen model, through the same public
/// `handle` and `screen()` the terminal uses. Here, not in NovelTUI, so that the shipped binary holds
/// no benchmark code.
enum ReaderBenchmark {
    /// One page turn (`PgDn`) and the screen it produces.
    static func pageTurn(_ reader: inout Reader, now: Double = 0) -> Screen {
        _ = reader.handle(.key(.pageDown), now: now)
        return reader.screen()
    }

    /// Opens the TOC, selects `entry` and presses Enter: a jump into a chapter that may not be laid out yet.
    static func tocJump(_ reader: inout Reader, to entry: Int, now: Double = 0) -> Screen {
        _ = reader.handle(.key(.tab), now: now)
        reader.selectInTOC(entry)
        _ = reader.handle(.key(.enter), now: now)
        return reader.screen()
    }

    /// Opens the library overlay (`L`), lists the shelf as the reader's host does and builds the screen;
    /// closes it again. Returns how many books were listed.
    static func openLibrary(_ reader: inout Reader, paths: NovelPaths, now: Double = 0) -> Int {
        var listed = 0
        for case .listLibrary(let folder) in reader.handle(.key(.character("L")), now: now) {
            let shelf = Shelf.books(folder: folder, paths: paths)
            listed = shelf.books.count
            reader.showLibrary(shelf.books, current: "", problems: shelf.problems)
        }
        keep(reader.screen())
        _ = reader.handle(.key(.escape), now: now)
        return listed
    }

    /// The TOC entry on screen, to check where a benchmark's jumps landed.
    static func currentEntry(_ reader: Reader) -> Int { reader.currentEntry }

    /// `/`, `query` and Enter: a search from the screen, and the screen it leaves.
    static func search(_ reader: inout Reader, for query: String, now: Double = 0) -> Screen {
        _ = reader.handle(.key(.character("/")), now: now)
        for character in query { _ = reader.handle(.key(.character(character)), now: now) }
        _ = reader.handle(.key(.enter), now: now)
        return reader.screen()
    }

    /// What the app loop does while no key is pending (`ReaderModel.workAhead`).
    static func idle(_ reader: inout Reader) {
        if reader.hasWorkAhead { reader.workAhead() }
    }
}
