/// A page of a laid-out book: the chapter (`ChapterIndex.entries` index) and the page within it.
/// Derived from a byte offset for one viewport and settings; never stored (store the offset).
public struct PageLocation: Sendable, Hashable, Comparable {
    public var entry: Int
    public var page: Int

    public init(entry: Int, page: Int) {
        self.entry = entry
        self.page = page
    }

    public static func < (left: PageLocation, right: PageLocation) -> Bool {
        (left.entry, left.page) < (right.entry, right.page)
    }
}
