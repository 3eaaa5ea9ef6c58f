import Foundation
import NovelCore

/// Issue 4: chapter indexing against `grep -cE`, and a cached reopen that skips the scan.
enum ChapterBenchmarks {
    static let grepPattern = "第[0-9零一二三四五六七八九十百千万两]+章"

    static func indexing(_ context: Context) throws -> Row {
        let splitter = ChapterSplitter()
        var index = ChapterIndex(entries: [], ruleName: "")
        let ours = measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            index = splitter.split(context.bookText)
        }
        guard !index.entries.isEmpty else { throw BenchError("no chapters found in the big book") }
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["grep", "-cE", grepPattern, context.bookPath])
        }
        let matches = try context.spawner.check(["grep", "-cE", grepPattern, context.bookPath]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return .timeRatio(
            "chapter index, whole book", ours: ours, reference: reference, referenceName: "`grep -cE '第…章'`",
            limit: 3, goal: "≤ 3× the time",
            note: "\(index.entries.count) entries, rule \(index.ruleName); grep: \(matches) lines")
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
