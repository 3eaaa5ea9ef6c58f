import Foundation

/// Whether a row reached its goal.
enum Verdict {
    case met, notMet
    /// A figure with no goal of its own (context for another row).
    case info
    /// The API or command this row measures is not on the branch yet: no figure is shown.
    case notBuilt(String)
    /// The benchmark could not run; the run exits non-zero.
    case failed(String)

    var text: String {
        switch self {
        case .met: "met"
        case .notMet: "NOT MET"
        case .info: "—"
        case .notBuilt: "not built"
        case .failed: "FAILED"
        }
    }
}

/// One line of the table.
struct Row {
    var work: String
    var ours: String = "—"
    var reference: String = "—"
    var ratio: String = "—"
    var goal: String
    var verdict: Verdict = .info
    var note: String = ""

    /// A row compared by time: `ratio` is our time over the reference's (lower is better).
    static func timeRatio(
        _ work: String, ours: Sample, reference: Sample, referenceName: String, limit: Double, goal: String,
        note: String = ""
    ) -> Row {
        let ratio = ours.median / reference.median
        return Row(
            work: work, ours: format(ours), reference: "\(referenceName) \(format(reference))",
            ratio: String(format: "%.2f× the time", ratio), goal: goal, verdict: ratio <= limit ? .met : .notMet,
            note: note)
    }

    /// A row compared by throughput: `ratio` is the reference's time over ours (higher is better).
    static func speedup(
        _ work: String, ours: Sample, reference: Sample, referenceName: String, bytes: Int, atLeast: Double,
        goal: String, note: String = ""
    ) -> Row {
        let ratio = reference.median / ours.median
        return Row(
            work: work, ours: "\(format(ours)), \(throughput(bytes, ours))",
            reference: "\(referenceName) \(format(reference)), \(throughput(bytes, reference))",
            ratio: String(format: "%.1f× faster", ratio), goal: goal, verdict: ratio >= atLeast ? .met : .notMet,
            note: note)
    }
}

/// "12.3 ms (11.9–14.0)": the median and the range of the runs.
func format(_ sample: Sample) -> String {
    if sample.seconds.count == 1 { return duration(sample.median) }
    let unit = unitName(sample.median)
    let sameUnit = unitName(sample.min) == unit && unitName(sample.max) == unit
    return
        "\(duration(sample.median)) (\(duration(sample.min, unit: !sameUnit))–\(duration(sample.max, unit: !sameUnit)))"
}

func unitName(_ seconds: Double) -> String { seconds >= 1 ? "s" : seconds >= 1e-3 ? "ms" : "µs" }

/// A duration in the unit that suits the median.
func duration(_ seconds: Double, unit: Bool = true) -> String {
    let (value, name): (Double, String) =
        seconds >= 1 ? (seconds, "s") : seconds >= 1e-3 ? (seconds * 1e3, "ms") : (seconds * 1e6, "µs")
    let digits = value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f"
    return String(format: digits, value) + (unit ? " \(name)" : "")
}

/// Megabytes (10^6) per second over `bytes`, from the median.
func throughput(_ bytes: Int, _ sample: Sample) -> String {
    let rate = Double(bytes) / sample.median / 1e6
    return rate >= 1000 ? String(format: "%.2f GB/s", rate / 1000) : String(format: "%.0f MB/s", rate)
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

/// The table as Markdown, so that docs/benchmarks.md can hold it as printed.
func render(_ rows: [Row]) -> String {
    var lines = [
        "| work | ours (median, min–max) | reference, same input, same run | ratio | goal | result |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows {
        var result = row.verdict.text
        switch row.verdict {
        case .notBuilt(let why), .failed(let why): result += ": " + why
        default: break
        }
        if !row.note.isEmpty { result += " (\(row.note))" }
        let cells = [row.work, row.ours, row.reference, row.ratio, row.goal, result]
        lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
}
