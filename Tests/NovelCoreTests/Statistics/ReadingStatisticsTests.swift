import Foundation
import NovelCore
import Testing

/// Reading per day from the session log, in the reader's time zone, and books from their states.
@Suite struct ReadingStatisticsTests {
    let zone = TimeZone(identifier: "Asia/Shanghai")!
    /// 2026-11-27 10:00 in Shanghai.
    let now = Date(timeIntervalSince1970: 1_795_744_800)

    func entry(_ ended: Date, minutes: Double, book: String = "a") -> ReadingLog.Entry {
        ReadingLog.Entry(
            ended: ended, seconds: minutes * 60, characters: Int(minutes) * 500, fingerprint: book, title: book)
    }

    @Test func daysAreLocalCalendarDaysEndingToday() {
        let hour = 3600.0
        let log = [
            entry(now, minutes: 30),  // today
            entry(now - 9 * hour, minutes: 20),  // 01:00 today in Shanghai, still yesterday in UTC
            entry(now - 11 * hour, minutes: 10),  // 23:00 yesterday
            entry(now - 6 * 24 * hour, minutes: 5),  // the first day shown
            entry(now - 7 * 24 * hour, minutes: 99),  // before it
            entry(now + 24 * hour, minutes: 99),  // a clock that was ahead: not a day shown
        ]
        let statistics = ReadingStatistics(
            log: log, states: [], overall: ReadingTime(), now: now, timeZone: zone, dayCount: 7)
        #expect(statistics.days.map(\.date) == (21...27).map { "2026-11-\($0)" })
        #expect(statistics.days.map { $0.seconds / 60 } == [5, 0, 0, 0, 0, 10, 50])
        #expect(statistics.days.last?.characters == 25_000)
        #expect(statistics.daysRead == 3)
        #expect(statistics.secondsInDays == 65 * 60)
    }

    @Test func oneBooksDaysAndRow() {
        var read = BookState(fingerprint: "b", title: "青灯记", lastPath: "/books/青灯记.txt")
        read.position = ReadingPosition(
            offset: 10, chapterIndex: 1, chapterTitle: "第一回", snippet: "", percent: 99.5, saved: now)
        read.reading = ReadingTime(characters: 9_000, seconds: 1_800, sessions: 3)
        var started = BookState(fingerprint: "a", title: "Other", lastPath: "/books/other.txt")
        started.position = ReadingPosition(
            offset: 10, chapterIndex: 1, chapterTitle: "I", snippet: "", percent: 40, saved: now)
        let statistics = ReadingStatistics(
            log: [entry(now, minutes: 30, book: "b"), entry(now, minutes: 7, book: "a")], states: [read, started],
            overall: ReadingTime(), now: now, timeZone: zone, dayCount: 3, book: "b")
        #expect(statistics.days.last?.seconds == 1_800)
        #expect(statistics.books.map(\.title) == ["青灯记"])
        #expect(statistics.books.first?.isFinished == true)
        #expect(statistics.finishedBooks == 1)
    }

    @Test func aBookIsFinishedOnlyAtItsEnd() {
        for (percent, finished) in [(0.0, false), (98.9, false), (99.0, true), (100.0, true)] {
            var state = BookState(fingerprint: "x", title: "x", lastPath: "/x")
            state.position = ReadingPosition(
                offset: 0, chapterIndex: 0, chapterTitle: "", snippet: "", percent: percent, saved: now)
            let statistics = ReadingStatistics(
                log: [], states: [state], overall: ReadingTime(), now: now, timeZone: zone, dayCount: 1)
            #expect(statistics.books.first?.isFinished == finished, "\(percent)")
        }
    }

    @Test func reportLines() {
        let statistics = ReadingStatistics(
            log: [entry(now, minutes: 90)], states: [], overall: ReadingTime(characters: 60_000, seconds: 7_200),
            now: now, timeZone: zone, dayCount: 2)
        let lines = StatisticsReport.lines(statistics, width: 40, blockCells: 1)
        #expect(lines.first == "Last 2 days: 1 h 30 min on 1 day (2026-11-26 to 2026-11-27)")
        #expect(lines.contains("Speed: 500 characters a minute over 2 h 0 min of reading"))
        #expect(lines.last == "Books finished: 0 of 0")
        // The chart fits the width; the sentences around it are the terminal's to wrap.
        let chart = DayChart.lines(statistics.days, width: 40)
        #expect(chart.allSatisfy { $0.count <= 40 })
        #expect(lines.joined(separator: "\n").contains(chart.joined(separator: "\n")))
        let none = ReadingStatistics(log: [], states: [], overall: ReadingTime(), now: now, timeZone: zone, dayCount: 1)
        #expect(StatisticsReport.summary(none) == "Last 1 day: no reading (2026-11-27 to 2026-11-27)")
        #expect(StatisticsReport.speed(none.overall) == "Speed: not measured yet (it takes 2 min of reading)")
    }
}
