/// Reading time per day as columns of block characters (eighths of a cell, `▁` to `█`), today at the
/// right, fitted to a width: wider columns where there is room, the oldest days left out where there is
/// not. The labels are ASCII, so only the blocks' width can differ between terminals (they are East Asian
/// ambiguous: two cells where the `ambiguousWidth` setting says so), and that is passed in.
public enum DayChart {
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Tops of the scale in minutes: the first at or above the busiest day is the chart's top.
    static let scaleTops = [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 960, 1_440]

    /// The chart's lines, none wider than `width` cells (nothing when even one day does not fit).
    /// - Parameters:
    ///   - height: rows of columns, above the row of dates.
    ///   - blockCells: cells a block character takes on this terminal (1, or 2 where ambiguous is wide).
    public static func lines(
        _ days: [ReadingStatistics.Day], width: Int, height: Int = 6, blockCells: Int = 1
    ) -> [String] {
        let topMinutes = scaleTops.first { Double($0) * 60 >= days.map(\.seconds).max() ?? 0 } ?? scaleTops.last!
        let topLabel = minutesText(topMinutes)
        let labelWidth = topLabel.count + 1
        let room = width - labelWidth
        guard room >= blockCells, height >= 1, !days.isEmpty else { return [] }
        let fit = columns(days: days.count, room: room, blockCells: blockCells)
        let shown = Array(days.suffix(fit.days))
        let eighthsHigh = height * 8
        let levels = shown.map { day -> Int in
            guard day.seconds > 0 else { return 0 }
            // Any reading shows: a day of two minutes under a top of four hours still gets its eighth.
            // Clamped before it becomes an Int: a day past the highest top (or not finite) is a full column.
            let share = min(max(day.seconds / (Double(topMinutes) * 60), 0), 1)
            return max(1, Int((share * Double(eighthsHigh)).rounded()))
        }
        var lines: [String] = []
        for row in 0..<height {
            let floor = (height - 1 - row) * 8
            let label = row == 0 ? topLabel : row == height - 1 ? "0" : ""
            var line = String(repeating: " ", count: labelWidth - 1 - label.count) + label + " "
            for (index, level) in levels.enumerated() {
                if index > 0 { line += String(repeating: " ", count: fit.gap) }
                let block = blocks[min(max(level - floor, 0), 8)]
                line += String(repeating: String(block), count: fit.blocksPerDay)
            }
            lines.append(trimmedEnd(line))
        }
        let dayCells = fit.blocksPerDay * blockCells + fit.gap
        lines.append(dateLine(shown, labelWidth: labelWidth, dayCells: dayCells, width: width))
        return lines
    }

    /// How many days fit in `room` cells, and how each is drawn: blocks side by side and the gap after.
    static func columns(days: Int, room: Int, blockCells: Int) -> (days: Int, blocksPerDay: Int, gap: Int) {
        for blocksPerDay in stride(from: 3, through: 1, by: -1) {
            let cells = blocksPerDay * blockCells + 1
            if days * cells - 1 <= room { return (days, blocksPerDay, 1) }
        }
        return (min(days, room / blockCells), 1, 0)
    }

    /// `MM-DD` under the first day shown and then a week apart, where a label has room.
    static func dateLine(_ days: [ReadingStatistics.Day], labelWidth: Int, dayCells: Int, width: Int) -> String {
        var line = String(repeating: " ", count: labelWidth)
        let step = max(7, (6 + dayCells - 1) / dayCells)
        for index in stride(from: 0, to: days.count, by: step) {
            let column = labelWidth + index * dayCells
            let label = String(days[index].date.suffix(5))
            guard column >= line.count, column + label.count <= width else { continue }
            line += String(repeating: " ", count: column - line.count) + label
        }
        return trimmedEnd(line)
    }

    /// `45 min`, `2 h`, `1.5 h`: a scale's top, short.
    static func minutesText(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(Double(minutes) / 60) h"
    }

    private static func trimmedEnd(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
