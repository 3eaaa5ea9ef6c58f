import NovelCore

/// Where the reader's text goes for a terminal size and settings: what it is laid out for (layout
/// settings and viewport), the screen column the viewport starts at, and how many rows show text.
///
/// One home for the reader's shapes:
/// - the page: margins, the text block centred, a status bar on the last row;
/// - the compact reader, in a terminal of `compactRowLimit` rows or fewer or when `novel read --lines N`
///   asks for it: no margins and no status bar, text from the first column, shown line by line (blank
///   rows skipped, `Reader+Compact`), with a short progress mark at the end of its last row when the
///   status bar is on;
/// - a disguise: text from the first column after the disguise's prefix (`DisguiseLook`), no blank rows
///   between paragraphs, at font scale 1;
/// - a two-page spread (`spread` setting `auto`, page mode): when the window fits two text blocks of the
///   chosen width with their margins and a gutter, the viewport is one half and the second page is drawn
///   from `rightPage` (`Reader+Spread`).
struct TextFrame: Equatable {
    /// A terminal this many rows tall or less gets the compact reader.
    static let compactRowLimit = 5
    /// Blank columns between the two pages of a spread (the book's spine).
    static let gutter = 2
    /// The compact reader's progress mark (" 100%") at the end of its last row.
    static let markWidth = 5

    let isCompact: Bool
    /// Rows that show text: the compact reader's lines, or the page's rows above the status bar.
    let textRows: Int
    /// The screen column where the viewport starts (a disguise's prefix is drawn before it).
    let left: Int
    let layout: LayoutSettings
    let viewport: Viewport
    /// Whether the compact reader folds the progress mark into its last row.
    let showsMark: Bool
    /// Two pages side by side: the viewport is the left half.
    let isSpread: Bool
    /// The screen column where the right page's viewport starts (0 without a spread).
    let rightPage: Int

    /// `shown` are the settings as the book is shown, `cleaning` the book's cleaning rules; `lines` is
    /// `novel read --lines N`.
    init(shown: Settings, cleaning: BookCleaning = .none, columns: Int, rows: Int, lines: Int?) {
        isCompact = lines != nil || rows <= Self.compactRowLimit
        let disguised = shown.disguise != .none
        showsMark = isCompact && shown.statusBar
        textRows = isCompact ? max(0, min(rows, lines ?? rows)) : max(0, rows - (shown.statusBar ? 1 : 0))
        left = DisguiseLook.prefixWidth(shown.disguise, columns: columns)
        var layout = LayoutSettings(shown)
        layout.display.cleaning = cleaning
        isSpread = !isCompact && !disguised && Self.fitsSpread(shown, columns: columns)
        guard isCompact || disguised else {
            self.layout = layout
            let pageColumns = isSpread ? (columns - Self.gutter) / 2 : columns
            viewport = Viewport(columns: pageColumns, rows: textRows)
            rightPage = isSpread ? columns - pageColumns : 0
            return
        }
        rightPage = 0
        // The text runs from the first column (after a prefix), one row a line: no margins, no
        // scaled glyphs, and in a disguise no blank rows between paragraphs (logs have none).
        let textColumns = max(0, min(shown.width, columns - left - (showsMark ? Self.markWidth : 0)))
        layout.width = textColumns
        layout.margin = 0
        layout.fontScale = 1
        layout.lineSpacing = 0
        if disguised { layout.paragraphSpacing = 0 }
        self.layout = layout
        viewport = Viewport(columns: textColumns, rows: textRows)
    }

    /// Whether `columns` hold two pages of `shown`'s width and margins and the gutter between them; only
    /// in page mode (scroll mode follows one column of lines) and when the `spread` setting allows it.
    static func fitsSpread(_ shown: Settings, columns: Int) -> Bool {
        guard shown.spread == .auto, shown.transition != .scroll else { return false }
        let page = shown.width + 2 * shown.margin
        return columns >= 2 * page + gutter
    }
}
