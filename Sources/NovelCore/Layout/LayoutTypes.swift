/// The terminal area the text is laid out in: the whole screen minus the status bar.
public struct Viewport: Sendable, Equatable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// The settings that change layout, taken from `Settings` (`State/Settings+Layout.swift`: Layout knows
/// nothing of the settings file).
public struct LayoutSettings: Sendable, Equatable, Hashable {
    public var width: Int
    public var margin: Int
    public var lineSpacing: Int
    public var letterSpacing: Int
    public var paragraphSpacing: Int
    public var indent: Int
    public var ambiguousWidth: AmbiguousWidth
    public var fontScale: Double
    /// Display transforms: reflow, smart quotes, hidden site junk.
    public var display: DisplayOptions
    public var lineBreak: LineBreakLevel

    /// The font scales a layout takes: 1 to 3 in steps of a half (`PageLayouter.clampedScale`).
    public static let fontScaleRange = NumberRange(1...3, granularity: 0.5)
}

/// Where the text block sits on screen and how big a glyph is, for one viewport and settings.
public struct LayoutGeometry: Sendable, Equatable {
    /// Screen column of the text block's first cell.
    public var left: Int
    /// Cells available per text line.
    public var textWidth: Int
    /// Rows a text line takes: round(fontScale); the glyph is drawn in the top-left of its box.
    public var rowsPerGlyph: Int
    /// Rows available for text.
    public var textHeight: Int

    public init(left: Int, textWidth: Int, rowsPerGlyph: Int, textHeight: Int) {
        self.left = left
        self.textWidth = textWidth
        self.rowsPerGlyph = rowsPerGlyph
        self.textHeight = textHeight
    }
}

/// One grapheme cluster placed on a line.
public struct PlacedCluster: Sendable, Equatable {
    /// The cluster's bytes in the book text: its position, the same whatever display transform shows it.
    public var bytes: Range<Int>
    /// The bytes drawn: in `ChapterLayout.shownText` (the book text itself when no transform applies,
    /// then equal to `bytes`).
    public var shown: Range<Int>
    /// Column within the text block (0 = `LayoutGeometry.left`).
    public var column: Int
    /// Cells the cluster covers after font scaling: round(width × fontScale).
    public var width: Int
    /// Cells the cluster takes at font scale 1: what the terminal draws in the top-left of its box.
    public var naturalWidth: Int

    public init(bytes: Range<Int>, column: Int, width: Int, naturalWidth: Int? = nil, shown: Range<Int>? = nil) {
        self.bytes = bytes
        self.shown = shown ?? bytes
        self.column = column
        self.width = width
        self.naturalWidth = naturalWidth ?? width
    }
}

/// One laid-out line of a chapter.
public struct LayoutLine: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The chapter title, styled, at the top of the chapter's first page.
        case title
        case text
    }

    public var kind: Kind
    /// The bytes of the book this line shows (leading indentation spaces included in the first line of a paragraph).
    public var bytes: Range<Int>
    /// Visible clusters in order. Blanks (spaces, TABs, U+3000) are not placed: indentation and gaps
    /// show only in the columns.
    public var clusters: PlacedClusters
    /// Screen row of the line's top relative to the top of its page; the line takes
    /// `LayoutGeometry.rowsPerGlyph` rows.
    public var row: Int

    public init(kind: Kind, bytes: Range<Int>, clusters: PlacedClusters, row: Int) {
        self.kind = kind
        self.bytes = bytes
        self.clusters = clusters
        self.row = row
    }
}

/// A page: a run of consecutive lines of one chapter that fits the text height.
public struct LayoutPage: Sendable, Equatable {
    /// Indices into `ChapterLayout.lines`.
    public var lines: Range<Int>
    /// The first byte shown on the page: the reading position when this page is on screen.
    public var firstOffset: Int

    public init(lines: Range<Int>, firstOffset: Int) {
        self.lines = lines
        self.firstOffset = firstOffset
    }
}
