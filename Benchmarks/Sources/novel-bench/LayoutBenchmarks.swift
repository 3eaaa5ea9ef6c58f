import Foundation
import NovelCore

/// Issue 5: laying out every chapter against measuring the width of the whole book, and one chapter of
/// about ten thousand characters, at the default settings in an 80×24 terminal.
enum LayoutBenchmarks {
    static let viewport = Viewport(columns: 80, rows: 24)

    /// With `reflow` the paragraphs issue's transform is forced on for every chapter: each chapter is
    /// examined line by line and laid out from a display text where a line changes.
    /// With `book` (and its `name`) another book than the big one, laid out with its own reflow.
    /// `forced` sets the reflow setting (`reflow` true is `.on`).
    static func wholeBook(
        _ context: Context, reflow: Bool = false, forced: DisplayOptions.Reflow? = nil, book other: Book? = nil,
        name: String? = nil
    ) throws -> Row {
        let book = other ?? context.book
        var settings = LayoutSettings()
        if reflow { settings.display.reflow = .on }
        if let forced { settings.display.reflow = forced }
        let layouter = PageLayouter(settings: settings, viewport: viewport)
        guard layouter.geometry != nil else { throw BenchError("80×24 is too small for the default settings") }
        var pages = 0
        let ours = measure(warmups: context.plan.warmups, runs: context.plan.slowRuns) {
            pages = 0
            for entry in book.index.entries.indices { pages += layouter.layout(book, entry: entry).pages.count }
        }
        let width = DisplayWidth()
        let reference = book.text.utf8.withUnsafeBufferPointer { buffer in
            measure(warmups: context.plan.warmups, runs: context.plan.runs) { keep(width.totalWidth(of: buffer)) }
        }
        return .timeRatio(
            "whole-book layout, 80×24, every chapter" + (name.map { ", " + $0 } ?? "") + (reflow ? ", reflow on" : ""),
            ours: ours, reference: reference,
            referenceName: "width measurement alone", limit: 3, goal: "≤ 3× the time",
            note: "\(book.index.entries.count) chapters, \(pages) pages")
    }

    static func oneChapter(_ context: Context) throws -> Row {
        let book = context.book
        let sizes = book.index.entries.map { $0.characters(in: book.text) }
        guard let entry = sizes.indices.min(by: { abs(sizes[$0] - 10_000) < abs(sizes[$1] - 10_000) }) else {
            throw BenchError("the big book has no chapters")
        }
        let layouter = PageLayouter(settings: LayoutSettings(), viewport: viewport)
        let runs = context.quick ? 3 : 201
        var pages = 0
        let sample = measure(warmups: context.quick ? 0 : 20, runs: runs) {
            pages = layouter.layout(book, entry: entry).pages.count
        }
        return Row(
            work: "one chapter layout (\(sizes[entry]) characters, \(pages) pages)", ours: format(sample),
            reference: "—", ratio: "—", goal: "well under 1 ms (< 0.5 ms)",
            verdict: sample.median < 0.0005 ? .met : .notMet, note: "median of \(runs) runs")
    }
}

/// The sample books of the repository: open (load, fingerprint, index) and lay out the first chapter,
/// as the reader does before its first screen. Context for the big-book rows.
enum SampleBookBenchmarks {
    static func row(_ context: Context, books: [String]) throws -> Row {
        guard !books.isEmpty else { throw BenchError("no sample books given (--samples)") }
        let layouter = PageLayouter(settings: LayoutSettings(), viewport: LayoutBenchmarks.viewport)
        var sizes: [String] = []
        for path in books {
            sizes.append("\(BookOpener.title(of: path)) \((try readFile(path)).count / 1000) KB")
        }
        let sample = try measure(warmups: context.plan.warmups, runs: context.plan.runs) {
            for path in books {
                let book = try BookOpener.open(path: path)
                keep(layouter.layout(book, entry: 0))
            }
        }
        return Row(
            work: "sample books: open + first chapter layout (\(sizes.joined(separator: ", ")))",
            ours: format(sample), goal: "(context)", verdict: .info, note: "all of them, one after another")
    }
}
