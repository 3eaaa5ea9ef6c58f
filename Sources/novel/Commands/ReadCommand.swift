import ArgumentParser
import Foundation
import NovelCore
import NovelTUI

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Open a book in the reader.",
        discussion: """
            Opens at the saved position unless --chapter, --bookmark or --percent says otherwise. \
            When standard output is not a terminal, writes the laid-out text from that position instead.
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
        let text = try BookLoader.load(path: book, encoding: encoding)
        let title = URL(fileURLWithPath: book).deletingPathExtension().lastPathComponent
        let index = ChapterIndex(
            entries: [TOCEntry(level: .chapter, title: title, number: nil, range: 0..<text.utf8.count, bodyStart: 0, volumeIndex: nil)],
            ruleName: "none")
        let opened = Book(path: book, title: title, text: text, fingerprint: BookFingerprint.of(text.utf8), index: index)
        if isatty(STDOUT_FILENO) != 1 {
            FileHandle.standardOutput.write(Data(opened.text.utf8))
            return
        }
        try ReaderApp.run(book: opened, settings: Settings())
    }
}
