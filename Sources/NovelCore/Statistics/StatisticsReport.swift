/// `ReadingStatistics` as lines of text: what `novel stats` prints and the reader's statistics overlay
/// shows, from the same pieces.
public enum StatisticsReport {
    /// The whole report for `width` columns: the days and their chart, the speed, the books.
    public static func lines(_ statistics: ReadingStatistics, width: Int, blockCells: Int) -> [String] {
        var lines = [summary(statistics), ""]
        lines += DayChart.lines(statistics.days, width: width, blockCells: blockCells)
        lines += ["", speed(statistics.overall)]
        let finished = statistics.finishedBooks
        lines.append("Books finished: \(finished) of \(statistics.books.count)")
        if !statistics.books.isEmpty { lines += [""] + bookRows(statistics.books) }
        return lines
    }

    /// `Last 28 days: 12 h 30 min on 18 days (2026-10-31 to 2026-11-27)`.
    public static func summary(_ statistics: ReadingStatistics) -> String {
        let count = statistics.days.count
        let span = statistics.days.first.map { first in " (\(first.date) to \(statistics.days.last!.date))" } ?? ""
        let read = statistics.daysRead
        guard read > 0 else { return "Last \(count) day\(count == 1 ? "" : "s"): no reading\(span)" }
        let time = duration(statistics.secondsInDays)
        return "Last \(count) day\(count == 1 ? "" : "s"): \(time) on \(read) day\(read == 1 ? "" : "s")\(span)"
    }

    /// `Speed: 520 characters a minute over 40 h of reading`, or why there is none yet.
    public static func speed(_ reading: ReadingTime) -> String {
        guard let perMinute = reading.charactersPerMinute else {
            let needed = Int(ReadingTime.secondsForASpeed / 60)
            return "Speed: not measured yet (it takes \(needed) min of reading)"
        }
        return "Speed: \(Int(perMinute.rounded())) characters a minute over \(duration(reading.seconds)) of reading"
    }

    /// One row a book: time read, percent, `finished`, title; the columns before the title aligned.
    public static func bookRows(_ books: [ReadingStatistics.BookRow]) -> [String] {
        let times = books.map { $0.reading.seconds > 0 ? duration($0.reading.seconds) : "-" }
        let timeWidth = times.map(\.count).max() ?? 0
        return zip(books, times).map { book, time in
            let percent = String(format: "%5.1f%%", book.percent)
            let finished = book.isFinished ? "finished" : "        "
            let title = book.title.isEmpty ? book.path : book.title
            return String(repeating: " ", count: timeWidth - time.count) + time + "  \(percent)  \(finished)  \(title)"
        }
    }

    /// A time read in words (`ReadingTime.words`), from seconds.
    public static func duration(_ seconds: Double) -> String {
        ReadingTime.words(minutes: seconds / 60)
    }
}
