/// Rows whose APIs are not on main yet. Each says so instead of showing a figure.
enum PendingBenchmarks {
    static func layoutRows(_ context: Context) -> [Row] {
        [
            Row(work: "whole-book layout vs width measurement alone", goal: "≤ 3× the time",
                verdict: .notBuilt("PageLayouter is not on main")),
            Row(work: "one 10,000-character chapter layout", goal: "well under 1 ms (< 0.5 ms)",
                verdict: .notBuilt("PageLayouter is not on main")),
        ]
    }

    static func pagerRows(_ context: Context) -> [Row] {
        [
            Row(work: "key → screen model: page turn (p50, p99)", goal: "p99 < 1 ms",
                verdict: .notBuilt("Reader is not on main")),
            Row(work: "key → screen model: TOC jump into a chapter not laid out", goal: "< 10 ms",
                verdict: .notBuilt("Reader is not on main")),
        ]
    }
}
