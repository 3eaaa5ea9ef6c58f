/// What `novel print` lays out: a book, one TOC entry or all of them, a page size and a font scale.
/// The text block is `width` columns wide with no margin; other layout settings are the defaults.
public struct PrintOptions: Sendable, Equatable {
    public var path: String
    /// The `ChapterIndex.entries` index, numbered as `novel toc` prints it; nil for the whole book.
    public var chapter: Int?
    public var width: Int
    public var height: Int
    public var fontScale: Double
    public var encoding: String?
    public var chapterPattern: String?
    public var lineBreak: LineBreakLevel

    public init(
        path: String, chapter: Int? = nil, width: Int = 80, height: Int = 24, fontScale: Double = 1,
        encoding: String? = nil, chapterPattern: String? = nil, lineBreak: LineBreakLevel = .strict
    ) {
        self.path = path
        self.chapter = chapter
        self.width = width
        self.height = height
        self.fontScale = fontScale
        self.encoding = encoding
        self.chapterPattern = chapterPattern
        self.lineBreak = lineBreak
    }

    /// The layout settings: defaults, with this width, font scale and line-break level and no margin.
    public var settings: LayoutSettings {
        var settings = LayoutSettings()
        settings.width = width
        settings.margin = 0
        settings.fontScale = fontScale
        settings.lineBreak = lineBreak
        return settings
    }

    public var viewport: Viewport { Viewport(columns: width, rows: height) }

    /// Checks the numbers that do not need the book: font scale, then width and height for it.
    public func validate() throws(PrintError) {
        guard fontScale >= 1, fontScale <= 3, (fontScale * 2).rounded() == fontScale * 2 else {
            throw .fontScale(fontScale)
        }
        let neededColumns = PageLayouter.scaledWidth(2, scale: fontScale)
        guard width >= neededColumns else { throw .widthTooSmall(width, needed: neededColumns, fontScale: fontScale) }
        let neededRows = PageLayouter.scaledWidth(1, scale: fontScale)
        guard height >= neededRows else { throw .heightTooSmall(height, needed: neededRows, fontScale: fontScale) }
    }

    /// Validates, opens the book and passes the printed text to `write` one chapter at a time
    /// (chapters, like pages, are separated by a form-feed line).
    public func run(paths: NovelPaths?, write: (String) -> Void) throws {
        try validate()
        let book = try BookOpener.open(path: path, encoding: encoding, chapterPattern: chapterPattern, paths: paths)
        let entries = book.index.entries
        if let chapter, !entries.indices.contains(chapter) {
            throw PrintError.chapterOutOfRange(chapter, count: entries.count, path: path)
        }
        let layouter = PageLayouter(settings: settings, viewport: viewport)
        let printer = LayoutPrinter(ambiguous: settings.ambiguousWidth)
        // The whole book skips empty volume entries, as paging does; --chapter prints what it names.
        let chosen = chapter.map { [$0] } ?? entries.indices.filter { BookLayout.isShown($0, in: book.index) }
        for entry in chosen {
            if entry != chosen.first { write(LayoutPrinter.pageSeparator + "\n") }
            write(printer.render(layouter.layout(book, entry: entry), text: book.text))
        }
    }
}

/// A `novel print` option out of range: bad input (exit 2).
public enum PrintError: NovelError, Equatable {
    case fontScale(Double)
    case widthTooSmall(Int, needed: Int, fontScale: Double)
    case heightTooSmall(Int, needed: Int, fontScale: Double)
    case chapterOutOfRange(Int, count: Int, path: String)

    public var isBadInput: Bool { true }

    public var description: String {
        switch self {
        case .fontScale(let scale):
            "--font-scale \(scale): must be 1.0 to 3.0 in steps of 0.5"
        case .widthTooSmall(let width, let needed, let scale):
            "--width \(width) is too small: font scale \(scale) needs at least \(needed) columns"
        case .heightTooSmall(let height, let needed, let scale):
            "--height \(height) is too small: font scale \(scale) needs at least \(needed) rows"
        case .chapterOutOfRange(let chapter, let count, let path):
            "--chapter \(chapter) is out of range: \(path) has entries 0 to \(count - 1) (see novel toc)"
        }
    }
}
