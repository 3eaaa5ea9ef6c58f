/// Binary searches over byte ranges kept in text order, none overlapping another (so their ends are in
/// order too): search matches, styled runs, links. What a screen asks of them for each cluster it draws.
///
/// Inlinable, so that the reader's drawing (another module) gets them made for its own collections: called
/// through the generic entry points, three searches a cluster cost an EPUB's first screen 7M instructions.
public enum SortedRanges {
    /// The index of the first of `ranges` that ends after `offset`, or `ranges.count` when none does.
    @inlinable public static func firstEnding<Element>(
        after offset: Int, in ranges: some RandomAccessCollection<Element>, range: (Element) -> Range<Int>
    ) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let element = ranges[ranges.index(ranges.startIndex, offsetBy: middle)]
            if range(element).upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first of `ranges` that shares a byte with `bytes`, or nil when none does.
    @inlinable public static func firstOverlapping<Element>(
        _ bytes: Range<Int>, in ranges: some RandomAccessCollection<Element>, range: (Element) -> Range<Int>
    ) -> Int? {
        let index = firstEnding(after: bytes.lowerBound, in: ranges, range: range)
        guard index < ranges.count else { return nil }
        let element = ranges[ranges.index(ranges.startIndex, offsetBy: index)]
        return range(element).overlaps(bytes) ? index : nil
    }

    /// The positions in `ranges` of those that share a byte with `bytes`, in order: two binary searches.
    @inlinable public static func overlapping<Element>(
        _ bytes: Range<Int>, in ranges: some RandomAccessCollection<Element>, range: (Element) -> Range<Int>
    ) -> Range<Int> {
        guard !bytes.isEmpty else { return 0..<0 }
        let first = firstEnding(after: bytes.lowerBound, in: ranges, range: range)
        var low = first
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let element = ranges[ranges.index(ranges.startIndex, offsetBy: middle)]
            if range(element).lowerBound < bytes.upperBound { low = middle + 1 } else { high = middle }
        }
        return first..<low
    }
}
