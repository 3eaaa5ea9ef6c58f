import ArgumentParser
import Foundation
import NovelCore
import NovelTUI

struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Open a book in the reader.",
        discussion: """
            Opens at the saved position unless --chapter, --bookmark or --percent says otherwise. \
            When standard output is not a terminal, writes the laid-out pages from that position, as novel \
            print does. In the reader, H or F1 lists every key.

            Examples:
              novel read book.txt
              novel read book.txt --chapter 12
              novel read book.txt --chapter 第三章
              novel read book.txt --bookmark b2
              novel read book.txt --percent 40 --mode scroll
              novel read book.txt --lines 1
              novel read book.txt --private
              novel read old.txt --encoding gb18030
              novel read simplified.txt --convert s2twp
            """)

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case page, scroll
    }

    @Argument(help: "The book file (.txt).") var book: String
    @Option(help: "Start at this chapter: its index in novel toc or (part of) its title.")
    var chapter: String?
    @Option(help: "Start at the bookmark with this id.") var bookmark: String?
    @Option(help: "Start this far through the book (0–100).") var percent: Double?
    @Option(help: "Page or scroll mode for this session (the saved setting is kept).") var mode: Mode?
    @Option(
        help: """
            The compact reader with this many text rows, in any terminal: text line by line from the \
            first column, no margins, no status bar (a terminal of \(Reader.compactRowLimit) rows \
            or fewer gets it anyway).
            """)
    var lines: Int?
    @Flag(
        name: .customLong("private"), inversion: .prefixedNo,
        help: "Keep this book out of novel recent and the history (remembered with the book; --no-private undoes it).")
    var isPrivate: Bool?
    @OptionGroup var bookOptions: BookOptions

    func validate() throws {
        if let percent, !(0...100).contains(percent) {
            throw ValidationError("--percent must be between 0 and 100, not \(percent)")
        }
        if let lines, lines < 1 { throw ValidationError("--lines must be 1 or more, not \(lines)") }
    }

    func run() throws {
        try ReadRequest(
            book: book, chapter: chapter, bookmark: bookmark, percent: percent, mode: mode, lines: lines,
            isPrivate: isPrivate, encoding: bookOptions.encoding, chapterPattern: bookOptions.chapterPattern,
            reflow: bookOptions.reflow, convert: bookOptions.convert
        ).run()
    }
}

/// One `novel read` call, from the parser (`ReadCommand`) or from `novel read BOOK`'s short path.
struct ReadRequest {
    var book: String
    var chapter: String?
    var bookmark: String?
    var percent: Double?
    var mode: ReadCommand.Mode?
    var lines: Int?
    var isPrivate: Bool?
    var encoding: String?
    var chapterPattern: String?
    var reflow: DisplayOptions.Reflow?
    var convert: Conversion?

    /// `novel read BOOK` without argument-parser: the launch people wait for, where parsing the command
    /// tree (reflection and protocol-conformance lookups in a large binary) and making a `ReadCommand` at
    /// all (its property wrappers build argument-parser's name tables) are a visible share of the launch
    /// (docs/benchmarks.md, *Costs behind the code's shape*). Anything else, such as a flag or a second
    /// argument, goes through the parser.
    static func plain(_ arguments: ArraySlice<String>) -> ReadRequest? {
        guard arguments.count == 2, arguments.first == "read", let book = arguments.last, !book.hasPrefix("-") else {
            return nil
        }
        return ReadRequest(book: book)
    }

    func run() throws {
        // An EPUB's libzip starts loading before anything else: its first screen's archive waits for it. A book
        // named on the command line started it before main already (CLaunch); `novel` alone starts it here.
        let startsLikeZip = EpubFormat.startsLikeZip(path: book)
        if startsLikeZip { EpubArchive.loadLibraryBeside() }
        let paths = NovelPaths.fromEnvironment()
        let settingsStore = SettingsStore(paths: paths)
        let (saved, warnings) = settingsStore.load()
        let settings = sessionSettings(saved)
        let (path, encoding, chapterPattern, reflow, isPrivate, convert) =
            (book, encoding, chapterPattern, reflow, isPrivate, convert)
        // The conversion's tables load while the book's start is read and the terminal set up.
        ChineseConverter.preload(convert ?? settings.convert)
        let openSession: @Sendable (LoadStep) throws -> ReadingSession = { progress in
            try ReadingSession.open(
                path: path, encoding: encoding, chapterPattern: chapterPattern, reflow: reflow, isPrivate: isPrivate,
                convert: convert,
                paths: paths, remember: true, progress: progress)
        }
        // The reader keeps the heading scan for a live reload; printed pages have no reload.
        let open: @Sendable (LoadStep) throws -> ReadingSession = { progress in
            let session = try openSession(progress)
            session.keepHeadingScan(paths: paths)
            return session
        }
        guard isatty(STDOUT_FILENO) == 1 else {
            let session = try openSession(.none)
            StandardError.warn(session.warnings)
            let bookSettings = settings.forBook(reflow: session.state?.reflow, convert: session.state?.convert)
            // The book is still shown, unconverted.
            do { try ChineseConverter.check(bookSettings.convert) } catch {
                StandardError.warn(["\(error); shown unconverted"])
            }
            try printLaidOut(session.book, from: try startOffset(session), settings: bookSettings)
            return
        }
        // The first screen early, unless a flag needs the whole book to find the place (or a new
        // --reflow or --convert, which the preview's state does not know yet). An EPUB's terminal is set up
        // while libzip loads (a failure there is met again, and reported, when the reader sets it up).
        var terminal: CursesTerminal?
        let preview =
            chapter == nil && bookmark == nil && percent == nil && reflow == nil && convert == nil
            ? BookPreview.launch(
                path: path, encoding: encoding, chapterPattern: chapterPattern, paths: paths,
                screenCells: TerminalWindow.size().map { $0.columns * $0.rows }, startsLikeZip: startsLikeZip,
                meanwhile: { terminal = try? CursesTerminal(theme: settings.theme) })
            : nil
        let rulesStore = RulesStore(paths: paths)
        let rules = rulesStore.load()
        var launch = ReaderLaunch(
            settings: settings, settingsStore: settingsStore,
            sessionTransition: settings.transition == saved.transition ? nil : (settings.transition, saved.transition),
            warnings: warnings + rules.warnings, lines: lines, rules: rules.rules, rulesStore: rulesStore)
        launch.paths = paths
        launch.speechEngines = ReaderVoices.maker(command: settings.speechCommand)
        let outcome = try launch.run(preview: preview, terminal: terminal, open: open, start: startOffset)
        // The terminal is restored by now: what could not be saved is said where it stays visible.
        StandardError.warn(outcome.unsaved)
        if let number = outcome.signalNumber { Foundation.exit(128 + number) }
        if !outcome.unsaved.isEmpty { Foundation.exit(1) }
    }

    /// Without a terminal: the pages from the one holding `offset` to the end of the book, laid out as
    /// `novel print` does (the text block `width` columns wide, no margin, 24 rows a page).
    private func printLaidOut(_ book: Book, from offset: Int, settings: Settings) throws {
        let printer = try PrintFlagError.checked(fontScale: settings.fontScale) { () throws(BookPrinter.Problem) in
            try BookPrinter(width: settings.width, height: 24, settings: LayoutSettings(settings))
        }
        printer.print(book, from: offset, write: StandardOutput.write)
    }

    /// `--mode` for this session only: scroll, or paging with the saved transition (or plain pages after scroll).
    private func sessionSettings(_ saved: Settings) -> Settings {
        var settings = saved
        switch mode {
        case .scroll: settings.transition = .scroll
        case .page where settings.transition == .scroll: settings.transition = .page
        default: break
        }
        return settings
    }

    /// Where the reader opens: the flags first, then the saved position, else the beginning.
    private func startOffset(_ session: ReadingSession) throws -> Int {
        let place: BookPlace? =
            bookmark.map(BookPlace.bookmark) ?? chapter.map(BookPlace.chapter) ?? percent.map(BookPlace.percent)
        return try BookPlace.start(place, in: session.book, state: session.state)
    }
}
