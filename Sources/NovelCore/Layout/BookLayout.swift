/// A whole book laid out for one viewport and settings, one chapter at a time on demand.
///
/// Chapter layouts are kept in a small least-recently-used cache, so memory stays bounded however
/// long the book is; page counts (cheap integers) are remembered for every chapter counted.
/// Positions are byte offsets: `locate` maps one to its page, `firstOffset(of:)` maps back.
public final class BookLayout {
    public let book: Book
    public private(set) var layouter: PageLayouter
    /// How many chapter layouts the cache keeps.
    public let capacity: Int

    private var cache: LRUCache<Int, ChapterLayout>
    private var pageCounts: [Int?]

    public init(book: Book, settings: LayoutSettings, viewport: Viewport, capacity: Int = 8) {
        self.book = book
        self.capacity = max(1, capacity)
        cache = LRUCache(capacity: capacity)
        layouter = PageLayouter(settings: settings, viewport: viewport)
        pageCounts = Array(repeating: nil, count: book.index.entries.count)
    }

    public var geometry: LayoutGeometry? { layouter.geometry }
    public var settings: LayoutSettings { layouter.settings }
    public var viewport: Viewport { layouter.viewport }

    /// The number of TOC entries (each starts on a new page).
    public var entryCount: Int { book.index.entries.count }

    /// The layout of `book.index.entries[entry]`, from the cache or laid out now.
    public func chapter(_ entry: Int) -> ChapterLayout {
        if let cached = cache.value(for: entry) { return cached }
        let layout = layouter.layout(book, entry: entry)
        cache.insert(layout, for: entry)
        pageCounts[entry] = layout.pages.count
        return layout
    }

    /// The entries whose layouts are cached, least recently used first (for tests).
    public var cachedEntries: [Int] { cache.keysByRecency }

    /// Whether `entry`'s layout is in the cache (`chapter(entry)` costs nothing).
    public func isCached(_ entry: Int) -> Bool { cache.contains(entry) }

    /// The page that shows byte `offset` (offsets past the end go to the last page).
    public func locate(_ offset: Int) -> PageLocation {
        let clamped = max(0, min(offset, book.text.utf8.count))
        let entry = book.index.entryIndex(containing: clamped)
        return PageLocation(entry: entry, page: chapter(entry).pageIndex(containing: clamped))
    }

    /// The first byte shown on `location`'s page: the reading position while it is on screen.
    public func firstOffset(of location: PageLocation) -> Int {
        let layout = chapter(location.entry)
        return layout.pages[max(0, min(location.page, layout.pages.count - 1))].firstOffset
    }

    /// The page after `location`, running into the next chapter that is shown; nil on the book's last page.
    public func next(after location: PageLocation) -> PageLocation? {
        if location.page + 1 < pageCount(of: location.entry) {
            return PageLocation(entry: location.entry, page: location.page + 1)
        }
        var entry = location.entry + 1
        while entry < entryCount && !isShown(entry) { entry += 1 }
        return entry < entryCount ? PageLocation(entry: entry, page: 0) : nil
    }

    /// The page before `location`, running into the previous shown chapter's last page; nil on the first page.
    public func previous(before location: PageLocation) -> PageLocation? {
        if location.page > 0 { return PageLocation(entry: location.entry, page: location.page - 1) }
        var entry = location.entry - 1
        while entry >= 0 && !isShown(entry) { entry -= 1 }
        return entry >= 0 ? PageLocation(entry: entry, page: pageCount(of: entry) - 1) : nil
    }

    /// Whether paging stops at `entry`. An empty entry followed by one that starts at the same offset —
    /// a volume named on its first chapter's heading line (`上卷 第一回 …`) — has nothing to show and
    /// `locate` never returns it: paging skips its blank page and it counts no pages in the totals.
    public func isShown(_ entry: Int) -> Bool { Self.isShown(entry, in: book.index) }

    /// `isShown` for an index without a layout (used by `novel print`).
    public static func isShown(_ entry: Int, in index: ChapterIndex) -> Bool {
        let entries = index.entries
        return !entries[entry].range.isEmpty || entry + 1 >= entries.count
            || entries[entry + 1].range.lowerBound != entries[entry].range.lowerBound
    }

    /// Pages in `entry`: remembered, or counted without keeping the lines.
    public func pageCount(of entry: Int) -> Int {
        if let known = pageCounts[entry] { return known }
        let count = layouter.pageCount(book, entry: entry)
        pageCounts[entry] = count
        return count
    }

    /// Counts the pages of every chapter (kept for `pageCount(of:)`) and returns the book's total.
    /// Whole-book pagination, not needed to show the first screen.
    @discardableResult
    public func layoutAll() -> Int {
        var total = 0
        for entry in 0..<entryCount where isShown(entry) { total += pageCount(of: entry) }
        return total
    }

    /// Switches to new settings or a new viewport and returns the page that now shows the first
    /// character that was on screen at `location`. Clears the cache only when the layout changes.
    @discardableResult
    public func reconfigure(settings: LayoutSettings, viewport: Viewport, keeping location: PageLocation)
        -> PageLocation
    {
        reconfigure(settings: settings, viewport: viewport, keepingOffset: firstOffset(of: location))
    }

    /// Switches to new settings or a new viewport and returns the page that shows `offset`. Use this
    /// with the reading position the caller kept while the geometry was nil (a page of a layout
    /// without geometry only knows its chapter's start).
    @discardableResult
    public func reconfigure(settings: LayoutSettings, viewport: Viewport, keepingOffset offset: Int) -> PageLocation {
        if settings != layouter.settings || viewport != layouter.viewport {
            layouter = PageLayouter(settings: settings, viewport: viewport)
            cache.removeAll()
            pageCounts = Array(repeating: nil, count: entryCount)
        }
        return locate(offset)
    }
}
