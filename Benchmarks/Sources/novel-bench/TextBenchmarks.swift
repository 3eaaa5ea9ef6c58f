import Foundation
import NovelCore

/// Issue 3: display width (fast path against `wc -L` and against ICU alone), UTF-8 validation, GB18030.
enum TextBenchmarks {
    static func widthAgainstWC(_ context: Context) throws -> Row {
        let bytes = context.bookText.utf8
        let width = DisplayWidth()
        var ours = 0
        let sample = bytes.withUnsafeBufferPointer { buffer in
            measure(warmups: context.plan.warmups, runs: context.plan.runs) { ours = width.maxLineWidth(of: buffer) }
        }
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["wc", "-L", context.bookPath])
        }
        let wcOutput = try context.spawner.check(["wc", "-L", context.bookPath]).output
        let theirs = Int(wcOutput.split(separator: " ").first ?? "") ?? -1
        return .speedup(
            "width: longest line, fast path (\(megabytes(bytes.count)))", ours: sample, reference: reference,
            referenceName: "`wc -L`", bytes: bytes.count, atLeast: 8, goal: "≥ 8× faster",
            note: ours == theirs ? "both \(ours) cells" : "widths differ: ours \(ours), wc \(theirs)")
    }

    static func fastAgainstICU(_ context: Context) throws -> Row {
        let bytes = context.bookText.utf8
        let width = DisplayWidth()
        var fastTotal = 0
        var icuTotal = 0
        let fast = bytes.withUnsafeBufferPointer { buffer in
            measure(warmups: context.plan.warmups, runs: context.plan.runs) { fastTotal = width.totalWidth(of: buffer) }
        }
        let icu = bytes.withUnsafeBufferPointer { buffer in
            measure(warmups: 0, runs: context.plan.slowRuns) {
                var total = 0
                width.forEachClusterICU(in: buffer) { _, cells in total += cells }
                icuTotal = total
            }
        }
        guard fastTotal == icuTotal else { throw BenchError("fast path \(fastTotal) cells, ICU \(icuTotal)") }
        return .speedup(
            "width: every cluster, fast path vs ICU-only path", ours: fast, reference: icu,
            referenceName: "ICU break iterator", bytes: bytes.count, atLeast: 5, goal: "≥ 5× faster",
            note: "both \(fastTotal) cells")
    }

    static func validation(_ context: Context) throws -> Row {
        let bytes = context.bookText.utf8
        var valid = false
        let ours = bytes.withUnsafeBufferPointer { buffer in
            measure(warmups: context.plan.warmups, runs: context.plan.runs) { valid = UTF8Validator.isValid(buffer) }
        }
        guard valid else { throw BenchError("the book did not validate") }
        let reference = measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            keep(String(validating: bytes, as: UTF8.self))
        }
        let rate = Double(bytes.count) / ours.median / 1e9
        return Row(
            work: "UTF-8 validation (\(megabytes(bytes.count)))",
            ours: "\(format(ours)), \(throughput(bytes.count, ours))",
            reference: "Swift `String(validating:)` \(format(reference)), \(throughput(bytes.count, reference))",
            ratio: String(format: "%.1f× faster", reference.median / ours.median),
            goal: "≥ 1 GB/s (absolute)", verdict: rate >= 1 ? .met : .notMet)
    }

    static func gb18030Decode(_ context: Context) throws -> Row {
        var decoded: [UInt8] = []
        let ours = try measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            let raw = try readFile(context.gbPath)
            decoded = try StreamingDecoder.decode(raw, encoding: "GB18030").utf8
        }
        guard decoded == context.bookBytes else {
            throw BenchError("GB18030 decoding does not give the UTF-8 book back")
        }
        // For scale: every byte through ICU's converter, as before the table (the same output).
        let icuAlone = try measure(warmups: 0, runs: context.plan.slowRuns) {
            let raw = try readFile(context.gbPath)
            decoded = try StreamingDecoder.decode(raw, encoding: "GB18030", lookingUp: false).utf8
        }
        guard decoded == context.bookBytes else {
            throw BenchError("ICU's GB18030 decoding does not give the UTF-8 book back")
        }
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["iconv", "-f", "GB18030", "-t", "UTF-8", context.gbPath])
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: context.gbPath)[.size] as? Int) ?? 0
        return .timeRatio(
            "GB18030 → UTF-8, read + decode (\(megabytes(size)))", ours: ours, reference: reference,
            referenceName: "`iconv -f GB18030 -t UTF-8`", limit: 1.5, goal: "≤ 1.5× the time",
            note:
                "output identical to the UTF-8 book; two-byte characters by table, ICU's converter alone \(format(icuAlone))"
        )
    }

    /// Context for the row above: what opening a GB18030 file costs in all (detection, decoding, line
    /// endings and controls normalised, final validation).
    static func gb18030Load(_ context: Context) throws -> Row {
        let ours = try measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            keep(try BookLoader.load(path: context.gbPath))
        }
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["iconv", "-f", "GB18030", "-t", "UTF-8", context.gbPath])
        }
        var row = Row.timeRatio(
            "GB18030 book load: detect + decode + normalise", ours: ours, reference: reference,
            referenceName: "`iconv`", limit: .infinity, goal: "(context)")
        row.verdict = .info
        return row
    }
}
