import ArgumentParser
import Foundation
import NovelCore

/// `novel line`: one line of the book at the saved reading position, for a tmux status line or a shell
/// prompt. Prints the line and nothing else; on any problem it prints nothing on stdout (the message goes
/// to stderr with a non-zero exit), so that a status line never shows half a line or an error.
struct LineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "line",
        abstract: "Print the line of a book at its reading position (for a status line or a prompt).",
        discussion: """
            The line is laid out as `novel print --width N` lays it out; --next and --prev move the saved \
            reading position that many lines (--count) and print the line reached. Parallel calls never \
            skip or repeat a line. Errors go to stderr only, with a non-zero exit.

            --place prints where the line starts, then a tab, then the line: for an EPUB the spine item's \
            member path and the byte offset in its XHTML (OEBPS/ch03.xhtml:1234), for a text file the byte \
            offset in the book's text.

            Examples:
              novel line book.txt --width 60
              novel line book.txt --next
              novel line book.epub --place
              tmux set -g status-right '#(novel line --width 60 book.txt)'
            """)

    /// The width when there is no terminal to ask (a status line runs without one).
    static let defaultWidth = 60

    @Argument(help: "The book file.") var book: String
    @Option(help: "Text columns (default: the terminal's, or \(LineCommand.defaultWidth) without one).")
    var width: Int?
    @Flag(help: "Move the reading position to the next line first.") var next = false
    @Flag(help: "Move the reading position to the previous line first.") var prev = false
    @Option(help: "Lines to move with --next or --prev.") var count = 1
    @Flag(help: "Print where the line starts (an EPUB's spine item and XHTML byte), a tab, then the line.")
    var place = false
    @OptionGroup var bookOptions: BookOptions

    /// The status line's own shapes without argument-parser: `line BOOK`, with `--width N` and one of
    /// `--next` / `--prev`, in any order. Parsing the command tree is a visible share of a call that runs
    /// every second (see `ReadRequest.plain`), and so is making a `LineCommand` at all (its property
    /// wrappers build the parser's name tables), so the short path gives a `LineRequest`.
    /// Anything else — another flag, a value that is not a number, a repeated flag — goes through the
    /// parser, which words the errors.
    static func plainLine(_ arguments: ArraySlice<String>) -> LineRequest? {
        guard arguments.first == "line" else { return nil }
        var (width, moving): (Int?, Int) = (nil, 0)
        var book: String?
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--width":
                guard width == nil, let value = rest.popFirst(), let number = Int(value) else { return nil }
                width = number
            case "--next" where moving == 0: moving = 1
            case "--prev" where moving == 0: moving = -1
            default:
                guard book == nil, !argument.hasPrefix("-") else { return nil }
                book = argument
            }
        }
        guard let book else { return nil }
        return LineRequest(book: book, width: width, moving: moving, encoding: nil, chapterPattern: nil, place: false)
    }

    func validate() throws {
        if next && prev { throw ValidationError("--next and --prev cannot be used together") }
        if count < 0 { throw ValidationError("--count \(count): must be 0 or more") }
        if count != 1 && !next && !prev { throw ValidationError("--count needs --next or --prev") }
    }

    func run() throws {
        try LineRequest(
            book: book, width: width, moving: next ? count : prev ? -count : 0, encoding: bookOptions.encoding,
            chapterPattern: bookOptions.chapterPattern, place: place
        ).run()
    }
}

/// One `novel line` call, from the parser (`LineCommand`) or from the status line's short path.
struct LineRequest {
    var book: String
    var width: Int?
    /// Lines to move the saved position first: forward when positive, back when negative.
    var moving: Int
    var encoding: String?
    var chapterPattern: String?
    /// Whether the line's place comes first (`--place`).
    var place: Bool

    func run() throws {
        let columns = width ?? TerminalWindow.size()?.columns ?? LineCommand.defaultWidth
        let printer = try PrintFlagError.checked(fontScale: 1) { () throws(BookPrinter.Problem) in
            try BookPrinter(width: columns, height: 24, settings: LayoutSettings())
        }
        let line = try LineStep.run(
            path: book, encoding: encoding, chapterPattern: chapterPattern, paths: NovelPaths.fromEnvironment(),
            printer: printer, moving: moving)
        StandardOutput.writeLine(place ? TerminalSafe.escaped(line.place) + "\t" + line.text : line.text)
    }
}
