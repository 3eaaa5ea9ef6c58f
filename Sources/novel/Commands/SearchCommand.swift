import ArgumentParser
import Foundation
import NovelCore

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Print every place a query is found in a book, for pipes.",
        discussion: """
            The book is searched as the reader shows it: with a conversion on (the book's, the convert \
            setting or --convert), a Traditional query finds Simplified text shown as Traditional; curly \
            and straight quotes and -- for — find each other; ASCII letters match either case. One line \
            per hit: its byte offset, its place in percent, its chapter and the text around it on its \
            line, tab-separated. Exits 1 when nothing is found, as grep does.

            Examples:
              novel search book.txt 林黛玉
              novel search book.txt 林黛玉 --count
              novel search book.txt '第[一二三]回' --regex --json
              novel search book.txt '(?i)^chapter' --regex --max-count 5
            """)

    @Argument(help: "The book file.") var book: String
    @Argument(help: "The text to find (an ICU regular expression with --regex).") var query: String
    @Flag(help: "The query is an ICU regular expression: ^ and $ match at line ends, (?i) ignores case.")
    var regex = false
    @Flag(help: "Print only the number of hits.") var count = false
    @Option(name: [.customShort("m"), .long], help: "Stop after this many hits.") var maxCount: Int?
    @Flag(help: "Print JSON: an array of {offset, length, percent, chapterIndex, chapterTitle, before, match, after}.")
    var json = false
    @OptionGroup var bookOptions: BookOptions

    func validate() throws {
        if query.isEmpty { throw ValidationError("the query is empty") }
        if let maxCount, maxCount < 1 { throw ValidationError("--max-count \(maxCount): must be 1 or more") }
        if count && json { throw ValidationError("use --count or --json, not both") }
    }

    func run() throws {
        let paths = NovelPaths.fromEnvironment()
        // A book read before is searched from its file's bytes and its cached index, without reading it
        // whole first: the first hits of a long book come within twice grep's time (issue 32 item 9).
        let session = try bookOptions.openSession(book, paths: paths, trustingStamp: true)
        let opened = session.book
        let display = try bookOptions.display(for: opened, state: session.state, paths: paths)
        let search = try BookSearch(query, regex: regex, book: opened, options: display)
        let limit = maxCount ?? .max
        if count {
            let found = search.count(limit: limit)
            StandardOutput.writeLine(String(found))
            if found == 0 { throw NothingFound() }
            return
        }
        let rows = SearchRows(search: search, conversion: display.convert, limit: limit)
        let found = json ? try rows.writeJSON() : rows.writeLines()
        if found == 0 { throw NothingFound() }
    }
}

/// No hit: exit 1 with nothing on stderr, as grep does.
struct NothingFound: NovelError {
    var isBadInput: Bool { false }
    var description: String { "" }
}
