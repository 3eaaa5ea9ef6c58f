import Foundation
import NovelCore

/// Issue 32: `novel stats` over a year of reading — four sessions a day in the session log, spread over
/// forty books that each have a state — as a whole process, its output to a file.
enum StatsBenchmarks {
    static let days = 365
    static let sessionsADay = 4
    static let books = 40

    static func yearOfSessions(_ context: Context) throws -> Row {
        let home = try context.freshFolder("stats/home")
        let paths = NovelPaths.fromEnvironment(["NOVEL_HOME": home])
        let store = BookStateStore(paths: paths)
        let log = ReadingLog(paths: paths)
        let now = Date()
        for book in 0..<books {
            let fingerprint = String(format: "%016x", book + 1)
            try store.update(fingerprint: fingerprint, title: "第\(book + 1)本书", path: "/books/\(book).txt") { state in
                state.lastRead = now - Double(book) * 86_400
                state.reading = ReadingTime(characters: 500_000, seconds: 3_600 * 20, sessions: 40)
                state.position = ReadingPosition(
                    offset: book * 1_000, chapterIndex: book, chapterTitle: "第\(book)章", snippet: "",
                    percent: Double(book * 5 % 101), saved: now)
            }
        }
        // The log written as the reader writes it, a line a session.
        for session in 0..<(days * sessionsADay) {
            let book = session % books
            try log.append(
                ReadingLog.Entry(
                    ended: now - Double(session) * 86_400 / Double(sessionsADay), seconds: 1_200,
                    characters: 8_000, fingerprint: String(format: "%016x", book + 1), title: "第\(book + 1)本书"))
        }
        let output = context.scratch + "/stats.out"
        let environment = ["NOVEL_HOME": home]
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(
                [context.novel, "stats", "--days", "365", "--width", "100"], stdout: output,
                extraEnvironment: environment)
        }
        let printed = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        guard printed.contains("Books finished:"), printed.contains("█") else {
            throw BenchError("novel stats printed no report: \(printed.prefix(200))")
        }
        let start = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time([context.novel, "--version"], stdout: output)
        }
        return Row(
            work: "novel stats, a year of sessions (\(days * sessionsADay)), \(books) books, whole process",
            ours: format(ours), reference: "novel --version \(format(start))", ratio: "—", goal: "< 50 ms",
            verdict: ours.median < 0.05 ? .met : .notMet, note: "output to a file")
    }
}
