extension TextSearch: SearchMatcher {
    /// Every match of the query and of its typographic alternatives, in order: each needle keeps its
    /// own next match and the earliest is given, so that a form that never occurs is scanned for once,
    /// not once per match. A match overlapping the one given before it is skipped.
    public func forEachMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ body: (Range<Int>) -> Bool
    ) -> Bool {
        guard !isEmpty else { return true }
        let needles = [self] + alternatives
        var next = needles.map { $0.firstMatch(bytes, from: from, to: to) }
        var covered = from
        while true {
            var earliest: Int?
            for index in needles.indices {
                guard let start = next[index] else { continue }
                if let best = earliest, let bestStart = next[best], bestStart <= start { continue }
                earliest = index
            }
            guard let index = earliest, let start = next[index] else { return true }
            let end = start + needles[index].needle.count
            if start >= covered {
                guard body(start..<end) else { return false }
                covered = end
            }
            next[index] = needles[index].firstMatch(bytes, from: end, to: to)
        }
    }
}
