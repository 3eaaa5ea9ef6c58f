/// A book's table of contents: entries in reading order that together cover the whole text.
public struct ChapterIndex: Sendable, Equatable, Codable {
    public var entries: [TOCEntry]
    /// The name of the rule that produced the headings ("custom" for a user pattern, "none" when there were none).
    public var ruleName: String
    /// The entries in the order the book's own navigation lists them, when that is not the text's order
    /// (an NCX that lists the copyright page first while the spine holds it last); nil when it is. The
    /// entries stay in the text's order, which they partition; a table of contents is shown in this one.
    public var navigationOrder: [Int]?

    public init(entries: [TOCEntry], ruleName: String) {
        self.entries = entries
        self.ruleName = ruleName
    }

    /// The entries' indices in the order a table of contents lists them: the navigation's when it has its
    /// own order, else the text's.
    public var listed: [Int] { navigationOrder ?? Array(entries.indices) }

    /// Where the table of contents lists `entry`.
    public func listedPosition(of entry: Int) -> Int {
        navigationOrder?.firstIndex(of: entry) ?? entry
    }

    /// The index of the entry that holds `offset` (binary search); the last entry for offsets at the end.
    public func entryIndex(containing offset: Int) -> Int {
        entries.lastIndex(keyedBy: { $0.range.lowerBound }, atOrBefore: offset)
    }
}
