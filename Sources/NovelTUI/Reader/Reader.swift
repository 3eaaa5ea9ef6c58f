import NovelCore

/// The pager as a pure state machine: `handle` turns an input event into a new state and effects for
/// the host to perform; `screen()` builds the cells to show. Nothing here touches a terminal.
///
/// The reading position is a byte offset (`anchor`): the place navigation last chose. Pages and lines
/// are derived from it, so a resize or a new setting re-lays out and keeps it on screen. Layout is
/// lazy: the first screen lays out only the chapter it shows.
public struct Reader {
    /// Replaced when the reader switches the book's chapter rule (`Reader+ChapterRule`).
    public internal(set) var book: Book
    /// For the first screen's reader (`ReaderLaunch`), where its book's text lies in the whole book's
    /// (`BookPreview.part`); nil once the whole book is shown.
    let part: BookPart?
    /// The book's chapter pattern (nil: the built-in rules), to mark the rule in use.
    var chapterPattern: String?
    /// The book's own reflow (nil: the `reflow` setting); the settings overlay's Reflow row changes it.
    var bookReflow: DisplayOptions.Reflow?
    /// The book's own conversion (nil: the `convert` setting); the `c` key and the settings overlay change it.
    var bookConvert: Conversion?
    /// The conversion the `c` key switches on: the last one chosen for the book (the settings overlay,
    /// `--convert`) or the `convert` setting; nil lets the book's script decide (`Conversion.toggled`).
    var chosenConversion: Conversion?
    public internal(set) var settings: Settings
    /// The cleaning rules (`rules.json`); the rules overlay switches those that apply to this book.
    public internal(set) var rules: CleaningRules
    /// The book's bookmarks, changed through `BookState`'s operations as the stores change them.
    var bookState: BookState {
        didSet { bookmarks = Self.inBookOrder(bookState.bookmarks) }
    }
    /// The bookmarks as the overlay lists them: in book order (ties in the order they were made).
    public private(set) var bookmarks: [Bookmark]
    public internal(set) var keymap: Keymap
    public internal(set) var columns: Int
    public internal(set) var rows: Int
    /// Text rows asked for with `novel read --lines N`: the compact reader in any terminal (nil: only
    /// in a terminal of `TextFrame.compactRowLimit` rows or fewer).
    public let lines: Int?
    /// Where the text goes for this size and these settings; set with the layout (`reconfigure`).
    var frame: TextFrame
    /// The layouts of this book for `frame`'s settings and size. A layout is never configured anew in
    /// place: a new size or setting makes a new one (`reconfigure`), so copies of the reader that share
    /// one share only answers that are the same for all of them (chapters laid out, pages counted).
    var layout: BookLayout
    let measure: DisplayWidth

    /// The byte offset navigation last chose; what stays on screen through re-layouts.
    var anchor: Int
    /// The page on screen in page mode.
    var location = PageLocation(entry: 0, page: 0)
    /// The top line in scroll mode and in the compact reader (there a line with something on it).
    var scrollTop = LineLocation(entry: 0, line: 0)
    var overlay: Overlay?
    var numberPrefix = ""
    var message: String?
    /// Notices waiting for the status bar (`tell`), shown one at a time after `message`.
    var notices: [String] = []
    /// Another machine's newer place, offered when the book opened (`synced-place` goes there).
    var syncOffer: SyncOffer?
    var search: TextSearch?
    var searchDirection: TextSearch.Direction = .forward
    var currentMatch: Range<Int>?
    /// The link the link keys selected: an index into the book's `markup.links`, shown and followed only
    /// while it is on screen (`Reader+Links`).
    var selectedLink: Int?
    /// Every hit of the last search, found a piece at a time (`Reader+SearchHits`).
    var hits: SearchHits?
    var animation: PageAnimation?
    /// Reading aloud while it is on (`Reader+ReadAloud`).
    var readAloud: ReadAloud?
    /// The generation of the speech asked for (`SpeechRequest.generation`), bumped at every new start.
    public internal(set) var speechGeneration = 0
    /// Auto page turn while it runs (`Reader+AutoTurn`).
    public internal(set) var autoTurn: AutoTurn?
    /// The places jumps left (`Reader+History`), kept with the book.
    public internal(set) var history: JumpHistory
    /// This session's reading speed measure (`Reader+TimeLeft`).
    var meter = ReadingMeter()
    /// The reading measured in this book before this session.
    var bookReading: ReadingTime
    /// The reading measured over all books, for a book without a speed of its own yet.
    public var overallReading = ReadingTime()
    /// Whether the book's emphasis (an EPUB's bold, italic, underline) is drawn: not under `NO_COLOR`,
    /// which asks for plain output (links stay underlined: they are things to select, not the text's look).
    public var showsEmphasis = true
    /// The boss key's innocent screen is up: keys other than the boss key are ignored.
    var isHidden = false
    public internal(set) var isFinished = false
    /// The first screen's reader while the whole book loads behind it (`Reader+Loading`); nil otherwise.
    public internal(set) var loading: LoadingStatus?
    /// Where the reader asks how a conversion's tables stand (`ConverterRegistry`).
    let converters: ConverterRegistry
    /// How the chosen conversion stands: the text is shown converted only once it is `ready`. Set when a
    /// conversion is chosen and changed only by `conversionSettled`, never by a load's timing.
    public internal(set) var conversionReadiness: ConversionReadiness

    /// Smallest text area the reader lays text out in; below it a short message is shown. The compact
    /// reader shows text in a single row.
    static let minimumColumns = 8
    static let minimumTextRows = 2
    /// A terminal this many rows tall or less gets the compact reader (`TextFrame`).
    public static let compactRowLimit = TextFrame.compactRowLimit

    public init(
        book: Book, part: BookPart? = nil, settings: Settings, state: BookState?, columns: Int, rows: Int,
        start: ReaderStart, lines: Int? = nil, rules: CleaningRules = CleaningRules(),
        converters: ConverterRegistry = .waiting
    ) {
        self.book = book
        self.part = part
        self.converters = converters
        self.settings = settings
        self.rules = rules
        bookState = state ?? BookState(fingerprint: book.fingerprint, title: book.title, lastPath: book.path)
        bookmarks = Self.inBookOrder(bookState.bookmarks)
        chapterPattern = state?.chapterPattern
        bookReflow = state?.reflow
        history = state?.history ?? JumpHistory()
        bookReading = state?.reading ?? ReadingTime()
        bookConvert = state?.convert
        chosenConversion = [state?.convert, state?.chosenConvert, settings.convert].compactMap { $0 }.first {
            $0 != .none
        }
        keymap = Keymap(overrides: settings.keymap)
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        self.lines = lines.map { max($0, 1) }
        measure = DisplayWidth(ambiguous: settings.ambiguousWidth)
        let count = book.text.utf8.count
        anchor = BookPlace.start(named: start.offset, saved: state?.position?.offset, length: count)
        let chosen = Self.displaySettings(settings, bookReflow: state?.reflow, bookConvert: state?.convert).convert
        converters.begin(chosen)
        conversionReadiness = converters.status(chosen)
        frame = TextFrame(
            shown: Self.laidOut(
                Self.displaySettings(settings, bookReflow: state?.reflow, bookConvert: state?.convert),
                conversionReadiness),
            cleaning: rules.forBook(title: book.title, path: book.path), columns: self.columns, rows: self.rows,
            lines: self.lines)
        layout = BookLayout(book: book, settings: frame.layout, viewport: frame.viewport)
        let keymapProblems = keymap.problems.isEmpty ? nil : keymap.problems.joined(separator: "; ")
        tell([book.epub?.notice, keymapProblems, conversionProblem].compactMap { $0 })
        relocate()
    }

    static func inBookOrder(_ bookmarks: [Bookmark]) -> [Bookmark] {
        bookmarks.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }

    // MARK: - Public state

    /// Where the reader is: the first character on screen, with its chapter and snippet.
    public var position: ReadingPosition {
        var position = BookmarkFactory.position(book: book, offset: firstVisibleOffset)
        // The last page starts before the end of the text: a reader shown it has read the book, as the
        // status bar's 100% says (`novel recent`, and the books `novel stats` counts as finished).
        if showsBookEnd { position.percent = 100 }
        return position
    }

    /// The first byte on screen (the anchor while the terminal is too small).
    public var firstVisibleOffset: Int {
        guard canLayout else { return anchor }
        if followsLines {
            let lines = layout.chapter(scrollTop.entry).lines
            return lines.indices.contains(scrollTop.line) ? lines[scrollTop.line].bytes.lowerBound : anchor
        }
        return layout.firstOffset(of: location)
    }

    /// The window title the reader sets: the book's only when the `bookInTitle` setting asks for it
    /// (nil: the terminal's title is left alone, and the boss key's return sets the program's name).
    public var windowTitle: String? {
        settings.bookInTitle ? "\(BossScreen.readerTitle) — \(book.title)" : nil
    }

    /// Shows a message in the status bar until the next key, e.g. a failed save.
    public mutating func report(_ message: String) {
        self.message = message
    }

    /// Shows each of `notices` in the status bar in turn, each until the next key (a key whose own
    /// message takes the bar keeps the rest waiting): what opening the book found (a member missing from
    /// an EPUB, a damaged state file, a setting that could not be used), seen once each, none lost to the
    /// one after it.
    public mutating func tell(_ notices: [String]) {
        self.notices += notices
        if message == nil { showNextNotice() }
    }

    /// The next waiting notice, when the status bar holds no message.
    mutating func showNextNotice() {
        if message == nil, !notices.isEmpty { message = notices.removeFirst() }
    }

    // MARK: - Derived

    var entries: [TOCEntry] { book.index.entries }
    var isScrollMode: Bool { settings.transition == .scroll }
    /// The compact reader (`TextFrame`): text line by line in a few rows. Its next page is the next
    /// `textRows` lines and `lineDown` one line, so a timed turn at a line pace is `lineDown`.
    public var isCompact: Bool { frame.isCompact }
    /// Whether the screen follows a top line (`scrollTop`) rather than a page.
    var followsLines: Bool { isScrollMode || isCompact }
    var textRows: Int { frame.textRows }

    /// Whether there is text and room to lay it out.
    var canLayout: Bool {
        !entries.isEmpty && layout.geometry != nil && columns >= Self.minimumColumns
            && textRows >= (isCompact ? 1 : Self.minimumTextRows)
    }

    /// The TOC entry on screen.
    public var currentEntry: Int {
        guard canLayout else { return entries.isEmpty ? 0 : book.index.entryIndex(containing: anchor) }
        return followsLines ? scrollTop.entry : location.entry
    }

    /// Puts the page or top line that shows `anchor` on screen.
    mutating func relocate() {
        guard canLayout else { return }
        if isCompact {
            scrollTop = shownLineLocation(containing: anchor)
        } else if isScrollMode {
            scrollTop = lineLocation(containing: anchor)
        } else {
            location = spreadStart(layout.locate(anchor))
        }
    }

    /// The settings as this book is shown: the book's own reflow and conversion in place of the settings'.
    var displaySettings: Settings { Self.displaySettings(settings, bookReflow: bookReflow, bookConvert: bookConvert) }

    /// `settings` with a book's own reflow and conversion in place of the settings'.
    public static func displaySettings(
        _ settings: Settings, bookReflow: DisplayOptions.Reflow?, bookConvert: Conversion? = nil
    )
        -> Settings
    {
        settings.forBook(reflow: bookReflow, convert: bookConvert)
    }

    /// `settings` as the text is laid out: the conversion only once it is ready (unconverted before).
    static func laidOut(_ settings: Settings, _ readiness: ConversionReadiness) -> Settings {
        var laidOut = settings
        if readiness != .ready { laidOut.convert = .none }
        return laidOut
    }

    /// The text frame for the current settings and size: the display settings (the conversion once it is
    /// ready) and this book's cleaning rules are what the layout follows.
    func makeFrame() -> TextFrame {
        TextFrame(
            shown: Self.laidOut(displaySettings, conversionReadiness),
            cleaning: rules.forBook(title: book.title, path: book.path), columns: columns, rows: rows, lines: lines)
    }

    /// The conversion the text is shown through now: the chosen one once it is ready, else none.
    var shownConversion: Conversion { frame.layout.display.convert }

    /// Title `entry` of the table of contents as it is shown (converted with the text).
    func shownTitle(_ entry: Int) -> String {
        entries.indices.contains(entry) ? shownConversion.apply(to: entries[entry].title) : ""
    }

    /// Why the chosen conversion cannot be shown, when it cannot (the text is then shown unconverted).
    var conversionProblem: String? {
        guard case .failed(let reason) = conversionReadiness else { return nil }
        return "\(reason); shown unconverted"
    }

    /// The conversion the reader waits for, while its tables load: the host asks the registry and says
    /// when it settled (`conversionSettled`).
    public var awaitedConversion: Conversion? {
        conversionReadiness == .loading ? displaySettings.convert : nil
    }

    /// The event that `conversion`'s load settled: shown converted from now on when it is ready, else
    /// unconverted with the reason. An outcome for a conversion no longer chosen changes nothing.
    public mutating func conversionSettled(_ conversion: Conversion, _ readiness: ConversionReadiness) {
        guard conversion == displaySettings.convert, conversionReadiness == .loading, readiness != .loading else {
            return
        }
        conversionReadiness = readiness
        reconfigure()
        message = conversionProblem ?? "Conversion: \(conversion.summary)"
    }

    /// Chooses `conversion` to show the text through: asks the registry to load it and takes how it
    /// stands now, then re-lays out (unconverted while it loads).
    mutating func choose(_ conversion: Conversion) {
        bookConvert = conversion
        converters.begin(conversion)
        conversionReadiness = converters.status(conversion)
        reconfigure()
    }

    /// Re-lays out for the current settings and size, keeping the anchor.
    mutating func reconfigure() {
        frame = makeFrame()
        if frame.layout != layout.settings || frame.viewport != layout.viewport {
            layout = BookLayout(book: book, settings: frame.layout, viewport: frame.viewport)
        }
        relocate()
        keepHitsCurrent()
    }
}
