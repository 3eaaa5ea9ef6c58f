import Foundation
import NovelCore

/// Issue 17: Simplified → Traditional conversion (OpenCC's s2t) as a display transform. The whole book
/// converted chapter by chapter with its position maps, against the `opencc` command converting the file
/// (its output written to a file); and the ten-thousand-character chapter of the layout row alone.
enum ConversionBenchmarks {
    static var options: DisplayOptions {
        var options = LayoutSettings().display
        options.convert = .s2t
        return options
    }

    static func wholeBook(_ context: Context) throws -> Row {
        let book = context.book
        guard ChineseConverter.loaded(.s2t) != nil else { throw BenchError("OpenCC's s2t configuration does not load") }
        let options = Self.options
        var converted = 0
        let ours = measure(warmups: 0, runs: context.plan.slowRuns) {
            converted = 0
            for entry in book.index.entries.indices where DisplayTransform.display(book, entry: entry, options: options) != nil {
                converted += 1
            }
        }
        let output = try context.freshFolder("opencc") + "/out.txt"
        let reference = try collect(warmups: 0, runs: context.plan.slowRuns) {
            try context.spawner.time(["opencc", "-c", "s2t.json", "-i", context.bookPath, "-o", output])
        }
        // No goal of its own: the reader converts a chapter at a time (the row below); this says what the
        // position maps cost on top of OpenCC.
        var row = Row.timeRatio(
            "conversion s2t, whole book, every chapter with its map", ours: ours, reference: reference,
            referenceName: "`opencc -c s2t.json`", limit: .infinity, goal: "(context)",
            note: "\(converted) of \(book.index.entries.count) chapters changed")
        row.verdict = .info
        return row
    }

    /// The chapter of the one-chapter layout row.
    static func oneChapter(_ context: Context) throws -> Row {
        let book = context.book
        let sizes = book.index.entries.map { $0.characters(in: book.text) }
        guard let entry = sizes.indices.min(by: { abs(sizes[$0] - 10_000) < abs(sizes[$1] - 10_000) }) else {
            throw BenchError("the big book has no chapters")
        }
        guard ChineseConverter.loaded(.s2t) != nil else { throw BenchError("OpenCC's s2t configuration does not load") }
        let options = Self.options
        let runs = context.quick ? 3 : 101
        let sample = measure(warmups: context.quick ? 0 : 5, runs: runs) {
            keep(DisplayTransform.display(book, entry: entry, options: options)?.utf8.count ?? 0)
        }
        return Row(
            work: "one chapter conversion s2t (\(sizes[entry]) characters)", ours: format(sample), reference: "—",
            ratio: "—", goal: "well under 5 ms", verdict: sample.median < 0.005 ? .met : .notMet,
            note: "median of \(runs) runs, with its position map")
    }
}
