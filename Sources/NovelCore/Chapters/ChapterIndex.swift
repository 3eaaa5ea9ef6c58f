/// A book's table of contents: entries in reading order that together cover the whole text.
public struct ChapterIndex: Sendable, Equatable, Codable {
    public var entries: [TOCEntry]
    /// The name of the rule that produced the headings ("custom" for a user pattern, "none" when there were none).
    public var ruleName: String

    public init(entries: [TOCEntry], ruleName: String) {
        self.entries = entries
        self.ruleName = ruleName
    }

    /// The index of the entry that holds `offset` (binary search); the last entry for offsets at the end.
    public func entryIndex(containing offset: Int) -> Int {
        entries.lastIndex(keyedBy: { $0.range.lowerBound }, atOrBefore: offset)
    }
}
