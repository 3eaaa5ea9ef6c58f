extension RandomAccessCollection where Index == Int {
    /// The index of the last element whose `key` is at or before `value`, for elements sorted by `key`
    /// (binary search); the first index when none is, and 0 for an empty collection. Pages by their first
    /// offset, chapters by their start, lines by their first byte and display pieces all look up this way.
    /// Callers give `key` as a closure, not a key path: the key path's function form was not folded into a
    /// field access and cost a runtime call (`swift_getAtKeyPath`) on every probe, most of the instructions
    /// of `novel print`'s drawing (docs/benchmarks.md).
    public func lastIndex(keyedBy key: (Element) -> Int, atOrBefore value: Int) -> Int {
        var low = startIndex
        var high = endIndex - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if key(self[middle]) <= value { low = middle } else { high = middle - 1 }
        }
        return Swift.max(low, 0)
    }
}
