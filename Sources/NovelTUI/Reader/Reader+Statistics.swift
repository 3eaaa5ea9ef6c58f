import Foundation
import NovelCore

/// The statistics overlay (`i`): this book's reading time per day, its time read and sessions, its speed
/// and the time left. The session log is a file, which the reader (a pure state machine) does not read:
/// opening the overlay asks the host (`ReaderAction.loadReadingLog`), which hands the book's sessions
/// back through `showStatistics`. This session, not logged until the reader closes, is counted as today's.
extension Reader {
    /// Days in the overlay's chart, as `novel stats` shows by default.
    static let statisticsDays = 28

    mutating func openStatistics() -> [ReaderAction] {
        overlay = .statistics(StatisticsOverlay())
        return [.loadReadingLog(fingerprint: book.fingerprint)]
    }

    /// The host read the log: `log` holds this book's sessions; `now` and `timeZone` say which day is today.
    public mutating func showStatistics(_ log: [ReadingLog.Entry], now: Date, timeZone: TimeZone) {
        guard case .statistics(var statistics) = overlay else { return }
        statistics.log = (log, now, timeZone)
        overlay = .statistics(statistics)
    }

    mutating func handleStatistics(_ statistics: StatisticsOverlay, _ event: InputEvent) {
        let count = statisticsLines(statistics).count
        if let moved = Self.moved(statistics.top, count: count, page: textRows - 1, by: event, letters: true) {
            var statistics = statistics
            statistics.top = moved
            overlay = .statistics(statistics)
        } else {
            overlay = nil
        }
    }

    /// The overlay's lines: its sentences wrapped to the panel's width, the chart fitted to it.
    func statisticsLines(_ statistics: StatisticsOverlay) -> [String] {
        let room = columns - 2
        let (facts, chart) = statisticsText(statistics, width: room)
        return facts.flatMap { $0.isEmpty ? [""] : measure.wrapped($0, width: room) } + chart
    }

    private func statisticsText(_ statistics: StatisticsOverlay, width: Int) -> (facts: [String], chart: [String]) {
        let session = meter.measured
        let read = bookReading + session
        let sessions = read.sessions + 1
        var lines = [
            book.title,
            "Read: \(StatisticsReport.duration(read.seconds)) in \(sessions) session\(sessions == 1 ? "" : "s")"
                + " (this one: \(StatisticsReport.duration(session.seconds)))",
            StatisticsReport.speed(read.charactersPerMinute != nil ? read : overallReading + session)
                + (read.charactersPerMinute != nil ? "" : " (over all books)"),
            "Place: \(percentText) · \(timeLeftText)",
            "",
        ]
        guard let (log, now, timeZone) = statistics.log else { return (lines + ["Reading the session log…"], []) }
        var entries = log
        if session.seconds > 0 {
            entries.append(
                ReadingLog.Entry(
                    ended: now, seconds: session.seconds, characters: session.characters,
                    fingerprint: book.fingerprint, title: book.title))
        }
        let days = ReadingStatistics(
            log: entries, states: [], overall: overallReading, now: now, timeZone: timeZone,
            dayCount: Self.statisticsDays, book: book.fingerprint)
        lines += [StatisticsReport.summary(days), ""]
        return (lines, DayChart.lines(days.days, width: width, blockCells: measure.width(of: "█")))
    }
}

/// The statistics overlay: the book's sessions once the host has read them (nil until then), with the
/// moment and time zone that say which day is today, and the first line shown.
struct StatisticsOverlay: Equatable {
    var log: (entries: [ReadingLog.Entry], now: Date, timeZone: TimeZone)?
    var top = 0

    static func == (left: StatisticsOverlay, right: StatisticsOverlay) -> Bool {
        left.top == right.top && left.log?.entries == right.log?.entries && left.log?.now == right.log?.now
            && left.log?.timeZone == right.log?.timeZone
    }
}
