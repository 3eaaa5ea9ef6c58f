import ArgumentParser
import NovelCore

struct PrintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print",
        abstract: "Print a book laid out in pages, as the reader would show it.",
        discussion: """
            Clusters are placed at their columns; chapters, and pages when --height is given, are \
            separated by a line holding a form feed. Without --height a chapter is not cut into pages, \
            so that no paragraph is split for a pipe. The text block is --width columns wide with no margin; reflow is \
            the book's (else the reflow setting), and so is the conversion (--convert); smart quotes \
            and hidden site junk follow the settings; the other layout settings are the defaults. With \
            --font-scale S each glyph takes round(S × width) cells and each line round(S) rows, the extra \
            rows printed blank.

            Examples:
              novel print book.txt --chapter 3 --width 40 --height 20
              novel print book.txt --font-scale 2 | less
              novel print book.txt --line-break loose
              novel print book.txt --convert s2t
            """)

    @Argument(help: "The book file.") var book: String
    @Option(help: "Only this entry of the table of contents, numbered as `novel toc` prints them (from 0).")
    var chapter: Int?
    @Option(help: "Text columns.") var width = 80
    @Option(help: "Rows per page (default: a chapter is one page).") var height: Int?
    @Option(help: "Font scale, \(SettingsKey.fontScale.allowed).") var fontScale = 1.0
    @Option(help: "How strictly lines break around CJK punctuation (CSS line-break): \(SettingsKey.lineBreak.allowed).")
    var lineBreak: LineBreakLevel = .strict
    @OptionGroup var bookOptions: BookOptions

    func run() throws {
        var settings = LayoutSettings()
        settings.fontScale = fontScale
        settings.lineBreak = lineBreak
        let paths = NovelPaths.fromEnvironment()
        let name = BookOpener.fileName(of: book)
        let opened = try TerminalProgress.run("reading \(name)") { progress in
            try BookOpener.open(
                path: book, encoding: bookOptions.encoding, chapterPattern: bookOptions.chapterPattern, paths: paths,
                progress: progress)
        }
        StandardError.warn(opened.epub?.warnings(path: book) ?? [])
        var warnings: [String] = []  // an unreadable state is `novel read`'s to report
        let state = BookStateStore(paths: paths).load(fingerprint: opened.fingerprint, warnings: &warnings)
        settings.display = try bookOptions.display(for: opened, state: state, paths: paths)
        let printer = try PrintFlagError.checked(fontScale: fontScale) { () throws(BookPrinter.Problem) in
            try BookPrinter(width: width, height: height ?? BookPrinter.unpaginated, settings: settings)
        }
        let count = opened.index.entries.count
        if let chapter, !(0..<count).contains(chapter) {
            throw PrintFlagError.chapterOutOfRange(chapter, count: count, path: book)
        }
        // Pages written to the terminal show their own progress; a line of ours would be mixed into them.
        TerminalProgress.run("printing \(name)", when: !TerminalProgress.outputIsTerminal) { progress in
            printer.print(opened, entry: chapter, progress: progress, write: StandardOutput.write)
        }
    }
}

/// A `novel print` (or `novel read` without a terminal) value out of range, named by its flag: bad
/// input (exit 2).
enum PrintFlagError: NovelError, Equatable {
    case problem(BookPrinter.Problem, fontScale: Double)
    case chapterOutOfRange(Int, count: Int, path: String)

    var isBadInput: Bool { true }

    /// The printer built by `make`, or its problem worded for the command line.
    static func checked(
        fontScale: Double, _ make: () throws(BookPrinter.Problem) -> BookPrinter
    ) throws(PrintFlagError) -> BookPrinter {
        do {
            return try make()
        } catch {
            throw .problem(error, fontScale: fontScale)
        }
    }

    var description: String {
        switch self {
        case .problem(.fontScale(let scale), _):
            "--font-scale \(scale): must be \(SettingsKey.fontScale.allowed)"
        case .problem(.widthTooSmall(let width, let needed), let scale):
            "--width \(width) is too small: font scale \(scale) needs at least \(needed) columns"
        case .problem(.heightTooSmall(let height, let needed), let scale):
            "--height \(height) is too small: font scale \(scale) needs at least \(needed) rows"
        case .chapterOutOfRange(let chapter, let count, let path):
            "--chapter \(chapter) is out of range: \(path) has entries 0 to \(count - 1) (see novel toc)"
        }
    }
}

extension LineBreakLevel: ExpressibleByArgument {}
