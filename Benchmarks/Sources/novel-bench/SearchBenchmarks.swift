import Foundation
import NovelCore

/// Issue 32 item 9: `novel search BOOK QUERY --max-count 50 > file`, the first 50 hits as a whole process
/// of a book read before (its state holds the file's stamp, its index is cached: search, print), against
/// `grep -c QUERY BOOK > file` of the same query in the same run. grep's count goes to a file: to
/// /dev/null GNU grep stops at its first match.
enum SearchBenchmarks {
    /// Words of the big book's prose, common enough that the first 50 hits come early: 说道 in the corpus's
    /// novels, 一个 in the book made from the sample (the quick run's, and the full run's without the corpus).
    static let queries = ["说道", "一个"]

    /// The first of `queries` that the big book holds.
    static func bookQuery(_ context: Context) throws -> String {
        guard
            let query = queries.first(where: { word in
                ByteSearch.contains(context.bookBytes, Array(word.utf8))
            })
        else { throw BenchError("the big book holds none of \(queries)") }
        return query
    }

    static func firstHits(_ context: Context) throws -> Row {
        let query = try bookQuery(context)
        let home = try context.freshFolder("search/home")
        let output = context.scratch + "/search.out"
        let command = [context.novel, "search", context.bookPath, query, "--max-count", "50"]
        // The book read before (not timed): `novel line --next` opens it whole once, caches its chapter
        // index and saves its state with the file's stamp, as the reader leaves a book it has shown.
        _ = try context.spawner.time(
            [context.novel, "line", context.bookPath, "--next"], stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(command, stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        return try row(
            context, query: query, ours: ours, output: output, name: "`novel search` first 50 hits, whole process")
    }

    /// The same search of a book never opened before: each run has a home of its own, empty, so nothing
    /// is cached and no state is saved (the whole book is opened as for a first read).
    static func firstHitsNeverOpened(_ context: Context) throws -> Row {
        let query = try bookQuery(context)
        let output = context.scratch + "/search-first.out"
        let command = [context.novel, "search", context.bookPath, query, "--max-count", "50"]
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            let home = try context.freshFolder("search/first-home")
            return try context.spawner.time(command, stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        return try row(
            context, query: query, ours: ours, output: output,
            name: "`novel search` first 50 hits, book never opened, whole process")
    }

    /// The row for `ours`, which printed to `output`, against `grep -c query` in the same run.
    private static func row(_ context: Context, query: String, ours: Sample, output: String, name: String) throws
        -> Row
    {
        let hits = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard hits > 0 else { throw BenchError("novel search found nothing for \(query) in the big book") }
        let grepOutput = context.scratch + "/search-grep.out"
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["grep", "-c", query, context.bookPath], stdout: grepOutput)
        }
        let lines = ((try? String(contentsOfFile: grepOutput, encoding: .utf8)) ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
        return .timeRatio(
            name, ours: ours, reference: reference, referenceName: "`grep -c \(query)` to a file", limit: 2,
            goal: "≤ 2× the time", note: "\(hits) hits printed; grep: \(lines) lines")
    }
}
