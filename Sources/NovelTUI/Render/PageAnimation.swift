/// An animated page flip: frames interpolated between the old and the new page's screens.
/// `slide` moves both pages sideways; `cover` draws the new page over the old one as it slides in.
struct PageAnimation {
    static let duration = 0.15
    static let frameInterval = 1.0 / 60

    var from: Screen
    var start: Double
    var forward: Bool
    var cover: Bool
    /// 0 at the start, 1 when finished.
    var progress = 0.0
    var lastFrame: Double

    init(from: Screen, start: Double, forward: Bool, cover: Bool) {
        self.from = from
        self.start = start
        self.forward = forward
        self.cover = cover
        lastFrame = start
    }

    var nextDeadline: Double { min(lastFrame + Self.frameInterval, start + Self.duration) }

    /// The frame between `from` and `to`; rows at and below `animatedRows` come from `to` unchanged.
    func frame(to target: Screen, animatedRows: Int) -> Screen {
        guard from.columns == target.columns, from.rows == target.rows else { return target }
        let columns = target.columns
        let shift = max(0, min(columns, Int((progress * Double(columns)).rounded())))
        var result = Screen(columns: columns, rows: target.rows)
        for row in 0..<target.rows {
            guard row < animatedRows else {
                Self.copy(target, row: row, columns: 0..<columns, delta: 0, into: &result)
                continue
            }
            if forward {
                // The new page enters from the right edge.
                let split = columns - shift
                Self.copy(
                    from, row: row, columns: cover ? 0..<split : shift..<columns, delta: cover ? 0 : -shift,
                    into: &result)
                Self.copy(target, row: row, columns: 0..<shift, delta: split, into: &result)
            } else {
                // The previous page enters from the left edge.
                Self.copy(target, row: row, columns: columns - shift..<columns, delta: shift - columns, into: &result)
                Self.copy(
                    from, row: row, columns: cover ? shift..<columns : 0..<columns - shift, delta: cover ? 0 : shift,
                    into: &result)
            }
        }
        return result
    }

    /// Copies the whole clusters of `source`'s `columns` on `row` to column + `delta` in `result`;
    /// a wide cluster cut by the edge is left out rather than split.
    static func copy(_ source: Screen, row: Int, columns: Range<Int>, delta: Int, into result: inout Screen) {
        for column in columns {
            let cell = source[row, column]
            if cell.width == 0 && cell.cluster.isEmpty { continue }
            guard column + max(cell.width, 1) <= columns.upperBound else { continue }
            result.put(cell.cluster, width: cell.width, row: row, column: column + delta, style: cell.style)
        }
    }
}
