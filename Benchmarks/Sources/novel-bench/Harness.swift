import Foundation

/// Monotonic wall-clock seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// CPU seconds this process has used (all threads): beside a wall-clock figure on a loaded machine,
/// it tells waiting for a core from working.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Keeps a result alive so the optimiser cannot drop the work that produced it.
@inline(never)
func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The times of several runs of one piece of work. We report the median and the whole range (min–max):
/// with 3–7 runs an interquartile range would rest on one or two samples, and the range shows the noise
/// of a shared machine honestly.
struct Sample {
    var seconds: [Double]

    init(_ seconds: [Double]) {
        precondition(!seconds.isEmpty, "a sample needs at least one run")
        self.seconds = seconds.sorted()
    }

    var median: Double {
        let count = seconds.count
        return count % 2 == 1 ? seconds[count / 2] : (seconds[count / 2 - 1] + seconds[count / 2]) / 2
    }
    var min: Double { seconds.first! }
    var max: Double { seconds.last! }

    /// The value at fraction `p` (0…1) of the sorted runs, nearest rank.
    func percentile(_ p: Double) -> Double {
        let rank = Int((p * Double(seconds.count)).rounded(.up)) - 1
        return seconds[Swift.max(0, Swift.min(seconds.count - 1, rank))]
    }
}

/// How many runs each figure takes.
struct RunPlan: Sendable {
    var warmups: Int
    var runs: Int
    /// Runs for figures that take seconds each (the ICU path, tmux launches).
    var slowRuns: Int

    static let full = RunPlan(warmups: 1, runs: 7, slowRuns: 5)
    static let quick = RunPlan(warmups: 0, runs: 1, slowRuns: 1)
}

/// Runs `body` `warmups` times unmeasured, then `runs` times measured.
func measure(warmups: Int, runs: Int, _ body: () throws -> Void) rethrows -> Sample {
    for _ in 0..<warmups { try body() }
    var times: [Double] = []
    for _ in 0..<Swift.max(1, runs) {
        let start = now()
        try body()
        times.append(now() - start)
    }
    return Sample(times)
}

/// Like `measure`, for work that times itself (such as a tmux launch that ends when a screen appears).
func collect(warmups: Int, runs: Int, _ body: () throws -> Double) rethrows -> Sample {
    for _ in 0..<warmups { _ = try body() }
    var times: [Double] = []
    for _ in 0..<Swift.max(1, runs) { times.append(try body()) }
    return Sample(times)
}

/// A failure that stops one benchmark; the table shows it and the run exits non-zero.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
