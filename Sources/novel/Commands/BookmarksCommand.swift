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
              novel bookmarks book.txt --export md > notes.md
              novel bookmarks --export md --all > all-notes.md
            """)

    /// What `--export` writes.
    enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
        case md, json
    }

    @Argument(help: "The book file (none with --all).") var book: String?
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
    @Option(
        help: ArgumentHelp(
            "Write every bookmark in reading order with its chapter, the text around it and its note: md or json.",
            valueName: "format"))
    var export: ExportFormat?
    @Flag(help: "With --export: every book with bookmarks that novel keeps a state for (private books left out).")
    var all = false
    @OptionGroup var bookOptions: BookOptions

    func validate() throws {
        if all {
            if export == nil { throw ValidationError("--all goes with --export") }
            if book != nil { throw ValidationError("--all exports every book: name no book with it") }
        } else if book == nil {
            throw ValidationError("name a book (or use --export FORMAT --all)")
        }
        if export != nil, add || remove != nil || !note.isEmpty || json {
            throw ValidationError("--export cannot go with --add, --remove, --note or --json")
        }
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
        if let export {
            try writeExport(export)
            return
        }
        guard let book else { return }  // validate() asked for it
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

extension BookmarksCommand {
    /// `--export`: the named book's bookmarks, or every kept book's (`--all`), by title.
    func writeExport(_ format: ExportFormat) throws {
        let paths = NovelPaths.fromEnvironment()
        var books: [BookmarkExport] = []
        if let book {
            let session = try ReadingSession.open(
                path: book, encoding: bookOptions.encoding, chapterPattern: bookOptions.chapterPattern, paths: paths)
            StandardError.warn(session.warnings)
            let path = ReadingSession.absolutePath(book)
            let state =
                session.state
                ?? BookState(fingerprint: session.book.fingerprint, title: session.book.title, lastPath: path)
            books = [BookmarkExport(book: session.book, state: state, path: path)]
        } else {
            books = Self.exportEveryBook(paths: paths)
        }
        switch format {
        case .md:
            StandardOutput.write(BookmarkExportText.markdown(books))
        case .json:
            if self.book != nil {
                try StandardOutput.writeJSON(object: BookmarkExportText.object(books[0]))
            } else {
                try StandardOutput.writeJSONList(books.map(BookmarkExportText.object))
            }
        }
    }

    /// Every book with bookmarks, one a path (its latest state), private books left out, by title then
    /// path; each quoted from its file when that still opens, else from its snippets.
    static func exportEveryBook(paths: NovelPaths) -> [BookmarkExport] {
        var seenPaths: Set<String> = []
        let states = BookStateStore(paths: paths).all().filter { state in
            !state.isPrivate && seenPaths.insert(state.lastPath).inserted && !state.bookmarks.isEmpty
        }
        return states.map { state in
            let session = try? ReadingSession.open(path: state.lastPath, paths: paths)
            // A file that changed since is re-anchored as `novel read` would; one that cannot be read is quoted
            // from the snippets.
            guard let session, let opened = session.state else {
                return BookmarkExport(state: state)
            }
            return BookmarkExport(book: session.book, state: opened, path: state.lastPath)
        }.sorted { ($0.title, $0.path) < ($1.title, $1.path) }
    }
}
