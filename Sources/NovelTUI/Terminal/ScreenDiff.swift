/// Which cells of each row must be redrawn to turn one screen into the next.
enum ScreenDiff {
    /// Per row, the columns from the first changed cell (moved back to the start of a wide cluster
    /// whose right half changed) to the last changed one; nil for rows that did not change.
    /// Every row is changed when there is no previous screen or its size differs.
    static func changedSpans(from previous: Screen?, to screen: Screen) -> [ClosedRange<Int>?] {
        let comparable = previous.flatMap { $0.columns == screen.columns && $0.rows == screen.rows ? $0 : nil }
        return (0..<screen.rows).map { row in
            var first = -1
            var last = -1
            for column in 0..<screen.columns where comparable == nil || comparable![row, column] != screen[row, column]
            {
                if first < 0 { first = column }
                last = column
            }
            guard first >= 0 else { return nil }
            while first > 0, screen[row, first].width == 0, screen[row, first].cluster.isEmpty { first -= 1 }
            return first...last
        }
    }
}
