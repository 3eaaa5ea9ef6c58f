import Foundation

/// What `novel stats` and the reader's statistics overlay show: reading time per day over the last days
/// (from the session log), the speed over all reading, and each book's time and progress (from the books'
/// states, which hold reading from before the log was kept too).
public struct ReadingStatistics: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        /// The local calendar day, `2026-11-27`.
        public var date: String
        public var seconds: Double
        public var characters: Int

        public init(date: String, seconds: Double, characters: Int) {
            self.date = date
            self.seconds = seconds
            self.characters = characters
        }
    }

    public struct BookRow: Sendable, Equatable {
        public var fingerprint: String
        public var title: String
        public var path: String
        public var reading: ReadingTime
        public var percent: Double
        public var isFinished: Bool
        public var lastRead: Date?
    }

    /// A book counts as finished when its saved place is this close to the end (percent of its text): the
    /// reader saves 100 when its last page is shown, and a place within the last percent was saved by
    /// something else (`novel line`, a bookmark's jump) that far on.
    public static let finishedPercent = 99.0

    /// The last days, oldest first, ending today; days without reading are there with zero.
    public var days: [Day]
    /// Reading over all books, private ones included (`ReadingTotals`).
    public var overall: ReadingTime
    /// Books read, most recent first; private books are left out.
    public var books: [BookRow]

    public var finishedBooks: Int { books.filter(\.isFinished).count }

    /// - Parameters:
    ///   - log: sessions (`ReadingLog`); only `book`'s when given.
    ///   - states: the books' states (`BookStateStore.recent`).
    ///   - dayCount: how many days end at `now`'s day.
    public init(
        log: [ReadingLog.Entry], states: [BookState], overall: ReadingTime, now: Date, timeZone: TimeZone,
        dayCount: Int, book: String? = nil
    ) {
        var days = LocalDays(timeZone: timeZone)
        let today = days.number(of: now)
        let count = max(dayCount, 1)
        var seconds = [Double](repeating: 0, count: count)
        var characters = [Int](repeating: 0, count: count)
        for entry in log where book == nil || entry.fingerprint == book {
            let back = today - days.number(of: entry.ended)
            guard (0..<count).contains(back) else { continue }
            seconds[count - 1 - back] += entry.seconds
            characters[count - 1 - back] += entry.characters
        }
        self.days = (0..<count).map { index in
            Day(
                date: LocalDays.text(today - (count - 1 - index)), seconds: seconds[index],
                characters: characters[index])
        }
        self.overall = overall
        books = states.filter { book == nil || $0.fingerprint == book }.map { state in
            let percent = state.position?.percent ?? 0
            return BookRow(
                fingerprint: state.fingerprint, title: state.title, path: state.lastPath, reading: state.reading,
                percent: percent, isFinished: percent >= Self.finishedPercent, lastRead: state.lastRead)
        }
    }

    /// Seconds read over the days shown.
    public var secondsInDays: Double { days.reduce(0) { $0 + $1.seconds } }

    /// Days with any reading among those shown.
    public var daysRead: Int { days.filter { $0.seconds > 0 }.count }
}
