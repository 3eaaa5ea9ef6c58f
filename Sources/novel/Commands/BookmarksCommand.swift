import ArgumentParser
import Foundation
import NovelCore

struct BookmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: "List, add, remove and annotate a book's bookmarks.",
        discussion: """
            Without a place, --add bookmarks the saved reading position (the start of the book when it was \
            never read). Chapters are numbered as in novel toc, or named by (part of) their title.

            Examples:
              novel bookmarks book.txt
              novel bookmarks book.txt --add --note "伏笔"
              novel bookmarks book.txt --add --chapter 12
              novel bookmarks book.txt --add --chapter 第三章 --note "see here"
              novel bookmarks book.txt --add --percent 40
              novel bookmarks book.txt --note b2 "a new note"
              novel bookmarks book.txt --remove b2
              novel bookmarks book.txt --json
            """)

    @Argument(help: "The book file.") var book: String
    @Flag(help: "Add a bookmark and print its id.") var add = false
    @Option(help: ArgumentHelp("With --add: the chapter (TOC index or title).", valueName: "n|title"))
    var chapter: String?
    @Option(help: "With --add: a place as a percentage of the book (0-100).") var percent: Double?
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("With --add: the note. Alone: --note ID TEXT edits bookmark ID's note.", valueName: "text"))
    var note: [String] = []
    @Option(help: ArgumentHelp("Remove the bookmark with this id.", valueName: "id")) var remove: String?
    @Flag(help: "Print JSON: an array of {id, chapterIndex, chapterTitle, offset, snippet, note, created}.")
    var json = false
    @OptionGroup var bookOptions: BookOptions

    func validate() throws {
        if add {
            if remove != nil { throw ValidationError("use --add or --remove, not both") }
            if chapter != nil && percent != nil { throw ValidationError("use --chapter or --percent, not both") }
            if note.count > 1 { throw ValidationError("--note takes one text with --add (quote it)") }
        } else {
            if chapter != nil || percent != nil { throw ValidationError("--chapter and --percent go with --add") }
            if !note.isEmpty && note.count != 2 {
                throw ValidationError("--note needs a bookmark id and a text: --note b1 \"text\"")
            }
            if !note.isEmpty && remove != nil { throw ValidationError("use --note or --remove, not both") }
        }
    }

    func run() throws {
        let session = try ReadingSession.open(
            path: book, encoding: bookOptions.encoding, chapterPattern: bookOptions.chapterPattern,
            paths: NovelPaths.fromEnvironment())
        StandardError.warn(session.warnings)
        if add {
            let place: BookPlace? = chapter.map(BookPlace.chapter) ?? percent.map(BookPlace.percent)
            let placed = try place?.offset(in: session.book, state: session.state)
            // Without a place: the reading position as the file holds it under the lock (a reader that is
            // open saves it as it goes).
            let bookmark = try session.update { state in
                state.addBookmark(
                    in: session.book,
                    offset: BookPlace.start(
                        named: placed, saved: state.position?.offset, length: session.book.text.utf8.count),
                    note: note.first)
            }
            StandardOutput.writeLine(bookmark.id)
            return
        }
        if let remove {
            try session.update { state in try state.removeBookmark(id: remove, path: book) }
            return
        }
        if note.count == 2 {
            try session.update { state in try state.setNote(note[1], bookmark: note[0], path: book) }
            return
        }
        let bookmarks = session.state?.bookmarks ?? []
        if json {
            let rows: [[String: Any]] = bookmarks.map { bookmark in
                [
                    "id": bookmark.id, "chapterIndex": bookmark.chapterIndex, "chapterTitle": bookmark.chapterTitle,
                    "offset": bookmark.offset, "snippet": bookmark.snippet, "note": bookmark.note ?? NSNull(),
                    "created": ISO8601DateFormatter().string(from: bookmark.created),
                ]
            }
            try StandardOutput.writeJSON(object: rows)
            return
        }
        let shownBook = TerminalSafe.escaped(book)
        if bookmarks.isEmpty {
            StandardOutput.writeLine("No bookmarks in \(shownBook). Add one with: novel bookmarks \(shownBook) --add")
            return
        }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var lines = ""
        let unanchored = Set(session.state?.unanchored ?? [])
        for bookmark in bookmarks {
            // Each field on one line: a line feed in a note cannot forge a row, a bidi control reorders nothing.
            let fields = [bookmark.id, bookmark.chapterTitle, bookmark.snippet, bookmark.note ?? ""]
            lines += fields.map { TerminalSafe.escaped($0) + "\t" }.joined()
            lines += formatter.string(from: bookmark.created)
            // Kept where it was: the book's text changed and its snippet was not found again.
            // (or, in a hand-edited file, its offset lies past the end of the book).
            lines += unanchored.contains(bookmark.id) ? "\t(not found after the book changed)\n" : "\n"
        }
        StandardOutput.write(lines)
    }
}
