import ArgumentParser
import Foundation
import NovelCore

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show your reading: time per day, speed, books finished and time per book.",
        discussion: """
            Reading time per day is drawn as a bar chart fitted to the terminal's width. It comes from \
            the sessions the reader records as it closes a book; books read with --private are left out \
            of the days and the books, and counted in the speed only. Nothing leaves this machine.

            Examples:
              novel stats
              novel stats --days 90
              novel stats --json
            """)

    static let dayRange = 1...366

    @Option(help: "Days to chart, ending today (\(dayRange.lowerBound) to \(dayRange.upperBound)).") var days = 28
    static let defaultWidth = 80

    @Option(help: "Columns for the chart (default: the terminal's, or \(StatsCommand.defaultWidth) without one).")
    var width: Int?
    @Flag(help: "Print JSON: {days, overall, finished, books}.") var json = false

    func validate() throws {
        guard Self.dayRange.contains(days) else {
            throw ValidationError("--days must be from \(Self.dayRange.lowerBound) to \(Self.dayRange.upperBound)")
        }
        if let width, width < 1 { throw ValidationError("--width must be at least 1") }
    }

    func run() throws {
        let paths = NovelPaths.fromEnvironment()
        let log = ReadingLog(paths: paths).load()
        if log.unreadable > 0 {
            let lines =
                log.unreadable == 1
                ? "1 line that could not be read is" : "\(log.unreadable) lines that could not be read are"
            StandardError.write("\(ReadingLog(paths: paths).path): \(lines) left out")
        }
        let statistics = ReadingStatistics(
            log: log.entries, states: BookStateStore(paths: paths).recent(),
            overall: ReadingTotals(paths: paths).load(), now: Date(), timeZone: .current, dayCount: days)
        if json {
            try StandardOutput.writeJSON(object: Self.json(statistics))
            return
        }
        let settings = SettingsStore(paths: paths).load().settings
        let columns = width ?? TerminalWindow.size()?.columns ?? Self.defaultWidth
        let blockCells = DisplayWidth(ambiguous: settings.ambiguousWidth).width(of: "█")
        let lines = StatisticsReport.lines(statistics, width: columns, blockCells: blockCells)
        StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    static func json(_ statistics: ReadingStatistics) -> [String: Any] {
        let days: [[String: Any]] = statistics.days.map { day in
            ["date": day.date, "seconds": day.seconds.rounded(), "characters": day.characters]
        }
        let books: [[String: Any]] = statistics.books.map { book in
            [
                "title": book.title, "path": book.path, "fingerprint": book.fingerprint,
                "seconds": book.reading.seconds.rounded(), "characters": book.reading.characters,
                "sessions": book.reading.sessions, "percent": book.percent, "finished": book.isFinished,
                "charactersPerMinute": book.reading.charactersPerMinute.map { $0.rounded() } ?? NSNull(),
                "lastRead": book.lastRead.map { ISO8601DateFormatter().string(from: $0) } ?? NSNull(),
            ]
        }
        let overall: [String: Any] = [
            "seconds": statistics.overall.seconds.rounded(), "characters": statistics.overall.characters,
            "sessions": statistics.overall.sessions,
            "charactersPerMinute": statistics.overall.charactersPerMinute.map { $0.rounded() } ?? NSNull(),
        ]
        return ["days": days, "overall": overall, "finished": statistics.finishedBooks, "books": books]
    }
}
