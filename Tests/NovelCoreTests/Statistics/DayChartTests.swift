import Foundation
import NovelCore
import Testing

/// The chart of reading time per day: blocks in eighths, the scale's top, fitting a width.
@Suite struct DayChartTests {
    static func days(_ minutes: [Double]) -> [ReadingStatistics.Day] {
        minutes.enumerated().map { index, minutes in
            ReadingStatistics.Day(
                date: String(format: "2026-11-%02d", index + 1), seconds: minutes * 60, characters: Int(minutes) * 400)
        }
    }

    @Test func columnsInEighthsUnderTheScalesTop() {
        // Seven days, the busiest 90 min: the top is 1.5 h, six rows of eight eighths each.
        let lines = DayChart.lines(Self.days([0, 0, 0, 2, 0, 30, 90]), width: 60, height: 6)
        func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
        // 90 min fills all 48 eighths, 30 min 16 (two rows), 2 min rounds to one; three blocks a day and a
        // gap, as seven days fit three times over in 54 columns.
        #expect(
            lines == [
                "1.5 h" + spaces(25) + "███",
                spaces(30) + "███",
                spaces(30) + "███",
                spaces(30) + "███",
                spaces(26) + "███ ███",
                "    0" + spaces(13) + "▁▁▁" + spaces(5) + "███ ███",
                "      11-01",
            ])
    }

    @Test func anyReadingShowsAndNoneStaysBlank() {
        let lines = DayChart.lines(Self.days([240, 1, 0]), width: 40, height: 4)
        let bottom = lines[3]
        #expect(bottom.contains("▁"), "a minute under a top of 4 h still shows: \(lines)")
        #expect(lines.prefix(4).allSatisfy { !$0.hasSuffix("▁") || $0 == bottom })
        #expect(lines[0].hasPrefix("4 h "))
    }

    @Test(arguments: [20, 40, 60, 80, 120, 200])
    func fitsTheWidth(width: Int) {
        let days = Self.days((0..<28).map { Double(($0 * 37) % 100) })
        let lines = DayChart.lines(days, width: width)
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.count <= width, "\(width): \(line)") }
        // The newest day is always at the right edge of the columns; narrower charts drop the oldest days.
        let columns = lines.dropLast().map(\.count).max() ?? 0
        #expect(columns > width / 2, "\(width): the chart uses the room it has")
    }

    @Test func wideTerminalsGetWiderColumnsNarrowOnesFewerDays() {
        let days = Self.days(Array(repeating: 60, count: 28))
        let wide = DayChart.lines(days, width: 200)[0]
        let narrow = DayChart.lines(days, width: 20)[0]
        #expect(wide.filter { $0 == "█" }.count == 28 * 3)
        #expect(narrow.filter { $0 == "█" }.count == 20 - "1 h ".count)
    }

    @Test func doubleWidthBlocksTakeTwoCells() {
        let days = Self.days(Array(repeating: 60, count: 10))
        let lines = DayChart.lines(days, width: 30, blockCells: 2)
        // 26 columns after the label: a two-cell block and a gap a day would take 29, so the gap goes and
        // all ten days fit, side by side.
        #expect(lines[0].filter { $0 == "█" }.count == 10)
        #expect(!lines[0].contains("█ █"))
    }

    @Test func aDayPastTheHighestTopIsAFullColumn() {
        let days = [2_000 * 60, Double.infinity, 5 * 60].enumerated().map { index, seconds in
            ReadingStatistics.Day(date: "2026-11-0\(index + 1)", seconds: seconds, characters: 0)
        }
        let lines = DayChart.lines(days, width: 30, height: 2)
        #expect(lines[0].filter { $0 == "█" }.count == 6)
    }

    @Test func tooNarrowForOneDayIsNoChart() {
        #expect(DayChart.lines(Self.days([60]), width: 4).isEmpty)
    }
}
