/// A whole book laid out for one viewport and settings, lazily: a chapter is laid out when first asked
/// for and kept in a least-recently-used cache bounded by the clusters it holds.
///
/// After a resize or a settings change, build a new `BookLayout` and `locate` the first offset of the page
/// that was on screen: the page shown is the one that contains that character.
public final class BookLayout {
    public let book: Book
    public let layouter: PageLayouter
    /// The most chapters kept, and the most placed clusters kept (about 32 bytes each).
    public let chapterLimit: Int
    public let clusterLimit: Int

    private var cache: [Int: ChapterLayout] = [:]
    /// Entries in the cache, least recently used first.
    private var recency: [Int] = []
    private var cachedClusters = 0
    private var pageCountsCache: [Int]?

    public init(
        book: Book, settings: LayoutSettings, viewport: Viewport, chapterLimit: Int = 24,
        clusterLimit: Int = 600_000
    ) {
        self.book = book
        layouter = PageLayouter(settings: settings, viewport: viewport)
        self.chapterLimit = max(1, chapterLimit)
        self.clusterLimit = clusterLimit
    }

    public var geometry: LayoutGeometry? { layouter.geometry }
    public var settings: LayoutSettings { layouter.settings }
    public var viewport: Viewport { layouter.viewport }
    public var entryCount: Int { book.index.entries.count }

    /// Entries currently laid out in the cache, least recently used first (for tests and diagnostics).
    public var cachedEntries: [Int] { recency }

    /// The layout of entry `entry`, from the cache or laid out now.
    public func chapter(_ entry: Int) -> ChapterLayout {
        if let layout = cache[entry] {
            if recency.last != entry, let position = recency.firstIndex(of: entry) {
                recency.remove(at: position)
                recency.append(entry)
            }
            return layout
        }
        let layout = layouter.layout(book, entry: entry)
        cache[entry] = layout
        recency.append(entry)
        cachedClusters += Self.clusterCount(layout)
        while recency.count > 1 && (recency.count > chapterLimit || cachedClusters > clusterLimit) {
            let evicted = recency.removeFirst()
            if let old = cache.removeValue(forKey: evicted) { cachedClusters -= Self.clusterCount(old) }
        }
        return layout
    }

    /// The page that shows byte `offset` (clamped to the text).
    public func locate(_ offset: Int) -> PageLocation {
        let offset = min(max(0, offset), max(0, book.text.utf8.count - 1))
        let entry = book.index.entryIndex(containing: offset)
        return PageLocation(entry: entry, page: chapter(entry).pageIndex(containing: offset))
    }

    /// The page after `location`, running on into the next chapter that has something to show; nil at
    /// the end of the book.
    public func next(after location: PageLocation) -> PageLocation? {
        if location.page + 1 < chapter(location.entry).pages.count {
            return PageLocation(entry: location.entry, page: location.page + 1)
        }
        var entry = location.entry + 1
        while entry < entryCount {
            if !chapter(entry).lines.isEmpty { return PageLocation(entry: entry, page: 0) }
            entry += 1
        }
        return nil
    }

    /// The page before `location`, running back into the previous chapter's last page; nil at the start.
    public func previous(before location: PageLocation) -> PageLocation? {
        if location.page > 0 {
            return PageLocation(entry: location.entry, page: min(location.page - 1, chapter(location.entry).pages.count - 1))
        }
        var entry = location.entry - 1
        while entry >= 0 {
            let layout = chapter(entry)
            if !layout.lines.isEmpty { return PageLocation(entry: entry, page: layout.pages.count - 1) }
            entry -= 1
        }
        return nil
    }

    /// The first byte shown on the page at `location`: the reading position while it is on screen.
    public func firstOffset(of location: PageLocation) -> Int {
        let pages = chapter(location.entry).pages
        return pages[min(max(0, location.page), pages.count - 1)].firstOffset
    }

    /// The page at `location`.
    public func page(_ location: PageLocation) -> LayoutPage {
        let pages = chapter(location.entry).pages
        return pages[min(max(0, location.page), pages.count - 1)]
    }

    /// The number of pages of every entry: the whole book laid out once without keeping its lines (the
    /// result is kept). For page totals; may take a while on a large book, so callers may run
    /// `layouter.pageCounts(book)` in the background instead.
    @discardableResult
    public func layoutAll() -> [Int] {
        if let pageCountsCache { return pageCountsCache }
        let counts = layouter.pageCounts(book)
        pageCountsCache = counts
        return counts
    }

    private static func clusterCount(_ layout: ChapterLayout) -> Int {
        layout.lines.reduce(layout.lines.count) { $0 + $1.clusters.count }
    }
}
