/// Lays out one chapter at a time for a viewport and settings: lines broken by the rules in
/// docs/layout.md, then pages of the lines that fit the text height.
public struct PageLayouter: Sendable {
    public let settings: LayoutSettings
    public let viewport: Viewport
    /// Nil when the viewport is too small for one line of text; callers then show a message instead.
    public let geometry: LayoutGeometry?

    public init(settings: LayoutSettings, viewport: Viewport) {
        self.settings = settings
        self.viewport = viewport
        geometry = Self.geometry(settings: settings, viewport: viewport)
    }

    /// The font scale laid out: the nearest value `LayoutSettings.fontScaleRange` allows.
    static func clampedScale(_ scale: Double) -> Double {
        LayoutSettings.fontScaleRange.clamped(scale)
    }

    /// Cells a cluster of natural width `width` takes at `scale`: round(width × scale).
    static func scaledWidth(_ width: Int, scale: Double) -> Int {
        Int((Double(width) * scale).rounded())
    }

    /// The widest text block: placed columns are stored in 16 bits (`StoredCluster`).
    static let maximumTextWidth = Int(UInt16.max)

    /// Where the text block goes: `width` columns at most, centred, with `margin` cells each side
    /// (margins shrink before the text does when the terminal is narrow).
    static func geometry(settings: LayoutSettings, viewport: Viewport) -> LayoutGeometry? {
        let scale = clampedScale(settings.fontScale)
        let rowsPerGlyph = scaledWidth(1, scale: scale)
        let wide = scaledWidth(2, scale: scale)
        let margin = max(0, min(settings.margin, (viewport.columns - wide) / 2))
        let available = viewport.columns - 2 * margin
        let textWidth = min(max(settings.width, 0), available, maximumTextWidth)
        guard textWidth >= wide, viewport.rows >= rowsPerGlyph else { return nil }
        return LayoutGeometry(
            left: margin + (available - textWidth) / 2, textWidth: textWidth, rowsPerGlyph: rowsPerGlyph,
            textHeight: viewport.rows)
    }

    /// Lines and pages of `book.index.entries[entry]`. Without a geometry: one empty page.
    public func layout(_ book: Book, entry: Int) -> ChapterLayout {
        let section = book.index.entries[entry]
        guard let geometry else {
            return ChapterLayout(
                entryIndex: entry, geometry: LayoutGeometry(left: 0, textWidth: 0, rowsPerGlyph: 1, textHeight: 0),
                lines: LayoutLines(), pages: [LayoutPage(lines: 0..<0, firstOffset: section.range.lowerBound)])
        }
        var builder = ChapterBuilder(settings: settings, geometry: geometry, materialize: true)
        // The chapters shown are checked for a file changed under the map; page counts are not (a
        // wrong count is harmless, and the check would cost a pass over the whole book).
        let shown =
            UnreadableChapter.shown(book.text, chapter: section.range)
            ?? DisplayTransform.chapterText(book, entry: entry, options: settings.display)
        builder.build(
            book.text, section, shown: shown, preformatted: book.markup?.preformatted(overlapping: section.range) ?? [])
        return ChapterLayout(entryIndex: entry, geometry: geometry, lines: builder.lines, pages: builder.pages)
    }

    /// The number of pages of `book.index.entries[entry]`, without keeping lines (for page totals).
    public func pageCount(_ book: Book, entry: Int) -> Int {
        guard let geometry else { return 1 }
        var builder = ChapterBuilder(settings: settings, geometry: geometry, materialize: false)
        let section = book.index.entries[entry]
        builder.build(
            book.text, section, shown: DisplayTransform.chapterText(book, entry: entry, options: settings.display),
            preformatted: book.markup?.preformatted(overlapping: section.range) ?? [])
        return max(builder.pageCount, 1)
    }
}
