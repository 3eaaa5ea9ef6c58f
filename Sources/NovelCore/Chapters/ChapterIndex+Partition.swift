/// Whether an index has the shape every reader of it relies on, so that an index from outside (the
/// cache) can be checked before its ranges subscript a text.
extension ChapterIndex {
    /// The entries run from 0 without gaps or overlaps, each body starts inside its entry and each
    /// heading before its body, and each volume index names an earlier entry.
    public var isContiguousFromStart: Bool {
        var expectedStart = 0
        for (position, entry) in entries.enumerated() {
            guard entry.range.lowerBound == expectedStart,
                entry.range.contains(entry.bodyStart) || entry.bodyStart == entry.range.upperBound,
                (entry.range.lowerBound...entry.bodyStart).contains(entry.headingStart)
            else { return false }
            if let volume = entry.volumeIndex, !(0..<position).contains(volume) { return false }
            expectedStart = entry.range.upperBound
        }
        return true
    }

    /// The entries partition the text's first `length` bytes (an empty index only an empty text).
    public func partitions(length: Int) -> Bool {
        isContiguousFromStart && (entries.last?.range.upperBound ?? 0) == length
    }
}
