import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel stats`: the days' chart, the speed, the books finished and each book's time, from the session
/// log the reader keeps and the books' states; JSON for scripts.
@Suite final class StatsCommandTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws {
        home = try TemporaryDirectory("novel-stats-cli")
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    /// Noon, `daysAgo` days before today, on this machine's clock (as `novel stats` counts days).
    func noon(daysAgo: Int) -> Date {
        let calendar = Calendar.current
        let today = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: Date())!
        return calendar.date(byAdding: .day, value: -daysAgo, to: today)!
    }

    func day(_ daysAgo: Int) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: noon(daysAgo: daysAgo))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Opens `path` as the reader would, saves a place at `percent` and `minutes` of reading, and logs
    /// the sessions: `(daysAgo, minutes)` each.
    func read(_ path: String, percent: Double, sessions: [(Int, Double)]) throws {
        let session = try ReadingSession.open(path: path, paths: paths)
        let offset = try BookPlace.percent(percent).offset(in: session.book, state: nil)
        let minutes = sessions.reduce(0) { $0 + $1.1 }
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: offset, now: noon(daysAgo: 0))
            state.lastRead = noon(daysAgo: sessions.map(\.0).min() ?? 0)
            state.reading = ReadingTime(
                characters: Int(minutes) * 400, seconds: minutes * 60, sessions: sessions.count)
        }
        for (daysAgo, minutes) in sessions {
            try ReadingLog(paths: paths).append(
                ReadingLog.Entry(
                    ended: noon(daysAgo: daysAgo), seconds: minutes * 60, characters: Int(minutes) * 400,
                    fingerprint: session.book.fingerprint, title: session.book.title))
        }
        try ReadingTotals(paths: paths).add(
            ReadingTime(characters: Int(minutes) * 400, seconds: minutes * 60, sessions: sessions.count))
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func reportOnCorpusBooks() throws {
        try read(Corpus.path("real/xiyouji.gb18030-lf.txt"), percent: 100, sessions: [(6, 45), (1, 30)])
        try read(Corpus.path("gutenberg/pg1260.txt"), percent: 40, sessions: [(0, 90), (3, 2)])
        let result = try novel("stats", "--days", "7", "--width", "60")
        #expect(result.status == 0, "\(result.stderr)")
        func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }
        let expected = [
            "Last 7 days: 2 h 47 min on 4 days (\(day(6)) to \(day(0)))",
            "",
            // 90 min is the top: 48 eighths; 45 min 24, 30 min 16, 2 min one.
            "1.5 h" + spaces(25) + "███",
            spaces(30) + "███",
            spaces(30) + "███",
            spaces(6) + "███" + spaces(21) + "███",
            spaces(6) + "███" + spaces(17) + "███ ███",
            "    0 ███" + spaces(9) + "▁▁▁" + spaces(5) + "███ ███",
            "      \(day(6).suffix(5))",
            "",
            "Speed: 400 characters a minute over 2 h 47 min of reading",
            "Books finished: 1 of 2",
            "",
            // Most recently read first.
            "1 h 32 min   40.0%            Jane Eyre: An Autobiography",
            "1 h 15 min  100.0%  finished  西游记",
        ]
        let titles = BookStateStore(paths: paths).recent().map(\.title)
        #expect(result.stdout == expected.joined(separator: "\n") + "\n", "titles as stored: \(titles)")
    }

    @Test func jsonHasEveryDayAndBook() throws {
        let path = try home.write(
            "book.txt", (1...5).map { "第\($0)章\n" + String(repeating: "正文。", count: 200) + "\n" }.joined())
        try read(path, percent: 50, sessions: [(2, 10), (0, 20)])
        let result = try novel("stats", "--json", "--days", "3")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == [day(2), day(1), day(0)])
        #expect(days.map { $0["seconds"] as? Double } == [600, 0, 1200])
        let books = try #require(object["books"] as? [[String: Any]])
        #expect(books.count == 1)
        #expect(books.first?["seconds"] as? Double == 1800)
        #expect(books.first?["finished"] as? Bool == false)
        #expect(object["finished"] as? Int == 0)
        #expect((object["overall"] as? [String: Any])?["charactersPerMinute"] as? Double == 400)
    }

    @Test func theChartFollowsTheWidth() throws {
        let path = try home.write("book.txt", "第1章\n正文。\n")
        try read(path, percent: 10, sessions: (0..<28).map { ($0, Double($0 % 5 + 1) * 10) })
        var drawn: [Int: [String]] = [:]
        for width in [30, 50, 80, 140] {
            let result = try novel("stats", "--width", "\(width)")
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let chart = Array(lines[2..<9])
            for line in chart { #expect(line.count <= width, "\(width): \(line)") }
            drawn[width] = chart
        }
        // Wider terminals draw more of the 28 days, then wider columns.
        func blocks(_ width: Int) -> Int { drawn[width]!.joined().filter { "▁▂▃▄▅▆▇█".contains($0) }.count }
        #expect(blocks(30) < blocks(50))
        #expect(blocks(80) < blocks(140))
    }

    @Test func anUnreadableLineIsNamedAndLeftOut() throws {
        let path = try home.write("book.txt", "第1章\n正文。\n")
        try read(path, percent: 10, sessions: [(0, 10)])
        try appendToFile(ReadingLog(paths: paths).path, "garbage\u{1B}[2J\n")
        let result = try novel("stats", "--days", "1")
        #expect(result.status == 0)
        #expect(result.stderr.contains("sessions.jsonl: 1 line that could not be read is left out"))
        #expect(result.stdout.hasPrefix("Last 1 day: 10 min on 1 day"))
    }

    @Test func daysOutOfRangeAreRefused() throws {
        for days in ["0", "367", "x"] {
            let result = try novel("stats", "--days", days)
            #expect(result.status != 0)
            #expect(result.stderr.contains("--days"), "\(days): \(result.stderr)")
        }
    }

    @Test func noReadingYet() throws {
        let result = try novel("stats", "--days", "2", "--width", "40")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Last 2 days: no reading"))
        #expect(result.stdout.contains("Speed: not measured yet"))
        #expect(result.stdout.contains("Books finished: 0 of 0"))
    }
}
