/// A chapter (one `TOCEntry`) laid out for one viewport and settings: lines and the pages they form.
/// Built by `PageLayouter`; a chapter always starts on a new page.
public struct ChapterLayout: Sendable {
    /// The `ChapterIndex.entries` index this layout is for.
    public var entryIndex: Int
    public var geometry: LayoutGeometry
    public var lines: LayoutLines
    /// Never empty: an empty chapter has one page holding its title.
    public var pages: [LayoutPage]

    public init(entryIndex: Int, geometry: LayoutGeometry, lines: LayoutLines, pages: [LayoutPage]) {
        self.entryIndex = entryIndex
        self.geometry = geometry
        self.lines = lines
        self.pages = pages
    }

    /// The display text this chapter was laid out from, when a display transform applied.
    public var display: DisplayText? { lines.display }

    /// The bytes `PlacedCluster.shown` ranges index: the display text, or `text` itself.
    public func shownText(_ text: BookText) -> TextBytes { lines.display.map { TextBytes($0.utf8) } ?? text.utf8 }

    /// The page that shows `offset` (the last page whose first offset is at or before it).
    public func pageIndex(containing offset: Int) -> Int {
        pages.lastIndex(keyedBy: { $0.firstOffset }, atOrBefore: offset)
    }
}
