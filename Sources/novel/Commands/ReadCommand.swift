import ArgumentParser
import Foundation
import NovelCore
import NovelTUI

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Open a book in the reader.",
        discussion: """
            Opens at the saved position unless --chapter, --bookmark or --percent says otherwise. \
            When standard output is not a terminal, writes the text from that position instead.
            """)

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case page, scroll
    }

    @Argument(help: "The book file (.txt).") var book: String
    @Option(help: "Start at this chapter: its number in the table of contents or (part of) its title.")
    var chapter: String?
    @Option(help: "Start at the bookmark with this id.") var bookmark: String?
    @Option(help: "Start this far through the book (0–100).") var percent: Double?
    @Option(help: "Page or scroll mode for this session (the saved setting is kept).") var mode: Mode?
    @Option(help: "Decode with this encoding instead of detecting it.") var encoding: String?
    @Option(help: "A regular expression that matches chapter heading lines.") var chapterPattern: String?

    func validate() throws {
        if let percent, !(0...100).contains(percent) {
            throw ValidationError("--percent must be between 0 and 100, not \(percent)")
        }
    }

    func run() throws {
        let paths = NovelPaths.fromEnvironment()
        let session = try ReadingSession.open(
            path: book, encoding: encoding, chapterPattern: chapterPattern, paths: paths, remember: true)
        let settingsStore = SettingsStore(paths: paths)
        let (settings, warnings) = settingsStore.load()
        let start = try startOffset(session)
        if isatty(STDOUT_FILENO) != 1 {
            FileHandle.standardOutput.write(Data(session.book.text.utf8[start...]))
            return
        }
        for warning in session.warnings + warnings {
            FileHandle.standardError.write(Data("novel: \(warning)\n".utf8))
        }
        let terminal = try CursesTerminal(theme: settings.theme)
        var reader = PreviewReader(
            book: session.book, columns: terminal.size.columns, rows: terminal.size.rows, offset: start)
        let outcome = ReaderApp.run(
            &reader, terminal: terminal, storage: StoreStorage(session: session, settingsStore: settingsStore))
        terminal.restore()
        if case .signal(let number) = outcome { Foundation.exit(128 + number) }
    }

    /// Where the reader opens: the flags first, then the saved position, else the beginning.
    private func startOffset(_ session: ReadingSession) throws -> Int {
        let book = session.book
        if let bookmark {
            guard let found = session.state?.bookmarks.first(where: { $0.id == bookmark }) else {
                throw ValidationError("\(book.path) has no bookmark '\(bookmark)'")
            }
            return found.offset
        }
        if let chapter {
            let entries = book.index.entries
            if let number = Int(chapter), entries.indices.contains(number - 1) { return entries[number - 1].range.lowerBound }
            if let entry = entries.first(where: { $0.title.localizedCaseInsensitiveContains(chapter) }) {
                return entry.range.lowerBound
            }
            throw ValidationError("\(book.path) has no chapter '\(chapter)'")
        }
        if let percent {
            var offset = min(Int(Double(book.text.utf8.count) * percent / 100), book.text.utf8.count)
            while offset < book.text.utf8.count, book.text.utf8[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        }
        return session.state?.position?.offset ?? 0
    }
}
