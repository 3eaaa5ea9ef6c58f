/// A page of a laid-out book: the TOC entry and the page within that entry's `ChapterLayout`.
/// Derived from a byte offset for one viewport and settings; never stored (positions are offsets).
public struct PageLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var entry: Int
    public var page: Int

    public init(entry: Int, page: Int) {
        self.entry = entry
        self.page = page
    }

    public static func < (left: PageLocation, right: PageLocation) -> Bool {
        (left.entry, left.page) < (right.entry, right.page)
    }

    public var description: String { "entry \(entry) page \(page)" }
}
