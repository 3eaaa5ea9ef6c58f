import ArgumentParser
import Foundation
import NovelCore

struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "List every .txt book in a folder: title, encoding, chapters, progress.",
        discussion: """
            The title comes from the book's front matter when it has one (《水浒传》施耐庵, 书名：…, a short \
            first line), else the file name. What each file says is cached by its size and modification \
            time, so a second listing opens only new or changed files. A file that cannot be opened is \
            reported on stderr and the others are listed.

            Examples:
              novel library ~/books
              novel library ~/books --json
            """)

    @Argument(help: "The folder of books.") var folder: String
    @Flag(help: "Print JSON: an array of {title, path, encoding, chapters, percent, lastRead}.") var json = false

    func run() throws {
        let listing = try TerminalProgress.run("reading the books in \(folder)") { progress in
            try Library.list(folder: folder, paths: NovelPaths.fromEnvironment(), progress: progress)
        }
        StandardError.warn(listing.problems)
        if json {
            let rows: [[String: Any]] = listing.books.map { book in
                [
                    "title": book.entry.title, "path": book.entry.path, "encoding": book.entry.encoding,
                    "chapters": book.entry.chapters, "percent": book.percent.map { $0 as Any } ?? NSNull(),
                    "lastRead": book.lastRead.map(RecentCommand.isoDate) ?? NSNull(),
                ]
            }
            try StandardOutput.writeJSON(object: rows)
            return
        }
        if listing.books.isEmpty {
            StandardOutput.writeLine("No .txt books in " + TerminalSafe.escaped(folder))
            return
        }
        var table = TextTable([.right, .left, .left, .right, .left])
        for book in listing.books {
            table.rows.append([
                book.percent.map { String(format: "%.1f%%", $0) } ?? "new", TerminalSafe.escaped(book.entry.title),
                book.entry.encoding, "\(book.entry.chapters) chapters", TerminalSafe.escaped(book.entry.path),
            ])
        }
        StandardOutput.write(table.text)
    }
}
