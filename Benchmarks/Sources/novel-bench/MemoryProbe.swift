import Foundation
import NovelCore

/// Peak memory of opening a book in a fresh process: load, fingerprint and index, as `novel read` does
/// before its first screen. Runs as a child (`novel-bench rss-probe BOOK`) so that the inputs this
/// process holds do not count.
enum MemoryProbe {
    static func probe(_ path: String) throws -> Int {
        let book = try BookOpener.open(path: path)
        keep(book)
        return try peakRSS(of: getpid())
    }

    static func row(_ context: Context) throws -> Row {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let output = try context.spawner.check([executable, "rss-probe", context.bookPath]).output
        guard let peak = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("rss-probe printed \(output)")
        }
        let goal = TerminalBenchmarks.memoryGoal(context)
        return Row(
            work: "peak RSS, open + index in a fresh process", ours: megabytes(peak),
            reference: "file \(megabytes(context.bookBytes.count))",
            ratio: String(format: "%.2f× the file", Double(peak) / Double(context.bookBytes.count)),
            goal: "< 2× file + 40 MB = \(megabytes(goal))", verdict: peak < goal ? .met : .notMet,
            note: "VmHWM of `novel-bench rss-probe`")
    }
}
