/// Turns a chapter into lines and pages for one viewport and settings (see docs/layout.md).
///
/// Lines: grapheme clusters measured by `DisplayWidth`, scaled by `fontScale`, broken greedily at word
/// boundaries with Chinese kinsoku rules. Pages: the lines that fit the text height; every chapter
/// starts on a new page.
public struct PageLayouter: Sendable {
    public let settings: LayoutSettings
    public let viewport: Viewport
    /// Where the text goes, or nil when the viewport is too small for text.
    public let geometry: LayoutGeometry?

    public init(settings: LayoutSettings, viewport: Viewport) {
        self.settings = settings
        self.viewport = viewport
        geometry = Self.geometry(settings: settings, viewport: viewport)
    }

    /// The text block for `viewport`: at most `width` cells wide, `margin` cells each side, centred.
    /// Nil when a wide character would not fit on a line or a line would not fit on the screen.
    public static func geometry(settings: LayoutSettings, viewport: Viewport) -> LayoutGeometry? {
        let scale = Self.clampedScale(settings.fontScale)
        let rowsPerGlyph = Int(scale.rounded())
        let available = viewport.columns - 2 * max(0, settings.margin)
        let textWidth = min(max(0, settings.width), available)
        guard textWidth >= Int((2 * scale).rounded()), viewport.rows >= rowsPerGlyph else { return nil }
        return LayoutGeometry(
            left: (viewport.columns - textWidth) / 2, textWidth: textWidth, rowsPerGlyph: rowsPerGlyph,
            textHeight: viewport.rows)
    }

    /// Lays out one entry of `book.index.entries`. When the viewport is too small (`geometry` is nil) the
    /// chapter is laid out in the smallest block that holds one wide character, so callers never crash.
    public func layout(_ book: Book, entry: Int) -> ChapterLayout {
        let geometry = effectiveGeometry
        var builder = ChapterBuilder(geometry: geometry, settings: scaledSettings, materialise: true)
        book.text.utf8.withUnsafeBufferPointer { builder.build($0, book.index.entries[entry]) }
        return ChapterLayout(entryIndex: entry, geometry: geometry, lines: builder.lines, pages: builder.pages)
    }

    /// The number of pages of one entry, found by the same line breaking without storing any line.
    public func pageCount(_ book: Book, entry: Int) -> Int {
        var builder = ChapterBuilder(geometry: effectiveGeometry, settings: scaledSettings, materialise: false)
        book.text.utf8.withUnsafeBufferPointer { builder.build($0, book.index.entries[entry]) }
        return builder.pageCount
    }

    /// Pages of every entry, in order: the whole book laid out once, for page totals and benchmarks.
    public func pageCounts(_ book: Book) -> [Int] {
        book.text.utf8.withUnsafeBufferPointer { bytes in
            book.index.entries.map { entry in
                var builder = ChapterBuilder(geometry: effectiveGeometry, settings: scaledSettings, materialise: false)
                builder.build(bytes, entry)
                return builder.pageCount
            }
        }
    }

    private var effectiveGeometry: LayoutGeometry {
        if let geometry { return geometry }
        let scale = Self.clampedScale(settings.fontScale)
        let rows = Int(scale.rounded())
        return LayoutGeometry(left: 0, textWidth: Int((2 * scale).rounded()), rowsPerGlyph: rows, textHeight: rows)
    }

    private var scaledSettings: LayoutSettings {
        var settings = settings
        settings.fontScale = Self.clampedScale(settings.fontScale)
        return settings
    }

    /// `fontScale` within 1.0…3.0 and on a half step, whatever the caller passed.
    static func clampedScale(_ scale: Double) -> Double {
        guard scale.isFinite else { return 1 }
        return (min(3, max(1, scale)) * 2).rounded() / 2
    }
}
