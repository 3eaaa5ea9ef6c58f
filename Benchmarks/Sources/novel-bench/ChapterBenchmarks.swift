import Foundation
import NovelCore

/// Issues 4 and 15: chapter indexing against `grep -cE` for chapter headings, in process and as a whole
/// `novel toc` run, and a cached reopen that skips the scan.
enum ChapterBenchmarks {
    static let grepPattern = "第[0-9０１２３４５６７８９零〇一二两三四五六七八九十百千万]+[章回节卷集部篇话]"
    static let grepName = "`grep -cE '第…[章回…]'` to a file"

    /// grep over the book, its count written to a file (to /dev/null GNU grep stops at the first match),
    /// and the count it found.
    static func grepReference(_ context: Context) throws -> (Sample, String) {
        let output = context.scratch + "/grep-headings.out"
        let sample = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["grep", "-cE", grepPattern, context.bookPath], stdout: output)
        }
        let count = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return (sample, count.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The splitter alone on the decoded text.
    static func indexing(_ context: Context) throws -> Row {
        let splitter = ChapterSplitter()
        var index = ChapterIndex(entries: [], ruleName: "")
        let ours = measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            index = splitter.split(context.bookText)
        }
        guard !index.entries.isEmpty else { throw BenchError("no chapters found in the big book") }
        let (reference, matches) = try grepReference(context)
        return .timeRatio(
            "chapter index, whole book", ours: ours, reference: reference, referenceName: grepName,
            limit: 3, goal: "≤ 3× the time",
            note: "\(index.entries.count) entries, rule \(index.ruleName); grep: \(matches) lines")
    }

    /// `novel toc BOOK > file` as a whole process with no cache (load, decode, fingerprint, scan, cache
    /// write, print) against grep in the same run.
    static func tocProcess(_ context: Context) throws -> Row {
        let home = try context.freshFolder("toc/home")
        let output = context.scratch + "/toc.out"
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            // No cache: the index a previous run wrote is removed before each run (not timed).
            try? FileManager.default.removeItem(atPath: home + "/cache")
            return try context.spawner.time(
                [context.novel, "toc", context.bookPath], stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        let entries = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard entries > 0 else { throw BenchError("novel toc printed no entries for the big book") }
        let (reference, matches) = try grepReference(context)
        return .timeRatio(
            "`novel toc`, whole process, no cache", ours: ours, reference: reference, referenceName: grepName,
            limit: 3, goal: "≤ 3× the time", note: "\(entries) entries printed; grep: \(matches) lines")
    }

    /// Reopening with the index cached: the cache read against the scan it replaces.
    static func cachedReopen(_ context: Context) throws -> Row {
        let paths = NovelPaths(
            configDirectory: try context.freshFolder("reopen/config"),
            stateDirectory: try context.freshFolder("reopen/state"),
            cacheDirectory: try context.freshFolder("reopen/cache"))
        let first = try BookOpener.open(path: context.bookPath, paths: paths)  // writes the cache
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        var hit: ChapterIndex?
        let cached = measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            hit = cache.load(fingerprint: first.fingerprint, pattern: nil)
        }
        guard hit == first.index else { throw BenchError("the cached index is missing or differs from the scan") }
        let splitter = ChapterSplitter()
        let scan = measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            keep(splitter.split(context.bookText))
        }
        let reopen = try measure(warmups: 0, runs: context.plan.runs) {
            keep(try BookOpener.open(path: context.bookPath, paths: paths))
        }
        return .timeRatio(
            "cached reopen: index from the cache vs a scan", ours: cached, reference: scan,
            referenceName: "scan", limit: 0.5, goal: "cache read < ½ scan (scan skipped)",
            note: "whole reopen with cache hit \(format(reopen))")
    }
}
