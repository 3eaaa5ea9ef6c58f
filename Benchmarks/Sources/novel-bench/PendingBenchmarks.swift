/// Rows whose APIs are not on main yet. Each says so instead of showing a figure.
enum PendingBenchmarks {
    static func pagerRows(_ context: Context) -> [Row] {
        [
            Row(work: "key → screen model: page turn (p50, p99)", goal: "p99 < 1 ms",
                verdict: .notBuilt("Reader is not on main")),
            Row(work: "key → screen model: TOC jump into a chapter not laid out", goal: "< 10 ms",
                verdict: .notBuilt("Reader is not on main")),
        ]
    }
}
