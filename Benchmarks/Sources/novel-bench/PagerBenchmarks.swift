import Foundation
import NovelCore
import NovelTUI

/// Issue 7: from a key to a finished screen model, through the pager's `ReaderBenchmark` hooks (the same
/// `Reader.handle` and `Reader.screen()` the terminal uses), in an 80×24 terminal with the default
/// settings (page transition, no animation).
enum PagerBenchmarks {
    static let columns = 80
    static let rows = 24

    /// Page turns (PgDn) inside the longest chapter: from its first page to its last, then back to its
    /// start by a TOC jump (not timed), again and again.
    /// `reader` (nil: a new one on the big book) is the reader to turn pages in, `situation` what the
    /// row's name adds about it.
    static func pageTurn(_ context: Context, in reader: Reader? = nil, situation: String = "") throws -> Row {
        let book = reader?.book ?? context.book
        let sizes = book.index.entries.map { $0.range.count }
        guard let longest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) else {
            throw BenchError("the big book has no chapters")
        }
        let layouter = PageLayouter(settings: LayoutSettings(Settings()), viewport: Viewport(columns: columns, rows: rows))
        let pages = layouter.pageCount(book, entry: longest)
        guard pages > 1 else { throw BenchError("the longest chapter has one page") }
        var reader = reader ?? Reader(book: book, settings: Settings(), state: nil, columns: columns, rows: rows, start: .saved)
        let wanted = context.quick ? 20 : 3000
        var times: [Double] = []
        while times.count < wanted {
            keep(ReaderBenchmark.tocJump(&reader, to: longest, now: now()))
            guard ReaderBenchmark.currentEntry(reader) == longest else {
                throw BenchError("the TOC jump to entry \(longest) landed in \(ReaderBenchmark.currentEntry(reader))")
            }
            // The reader's text area (status bar, margins) may hold fewer rows than the layouter's count
            // assumed: a turn that leaves the chapter ends the sweep and is not counted.
            let before = times.count
            for _ in 1..<pages where times.count < wanted {
                let start = now()
                keep(ReaderBenchmark.pageTurn(&reader, now: start))
                let elapsed = now() - start
                if ReaderBenchmark.currentEntry(reader) != longest { break }
                times.append(elapsed)
            }
            if times.count == before { throw BenchError("no page turn stayed in the chapter") }
        }
        let sample = Sample(times)
        return Row(
            work: "key → screen model: page turn in a chapter (\(pages) pages)\(situation)",
            ours: "p50 \(duration(sample.median)), p99 \(duration(sample.percentile(0.99)))", reference: "—",
            ratio: "—", goal: "p99 < 1 ms", verdict: sample.percentile(0.99) < 0.001 ? .met : .notMet,
            note: "\(times.count) turns, slowest \(duration(sample.max))")
    }

    /// TOC open, select and Enter into chapters spread over the book, none laid out before.
    static func tocJump(_ context: Context) throws -> Row {
        let book = context.book
        let count = book.index.entries.count
        guard count > 2 else { throw BenchError("the big book has too few chapters") }
        var reader = Reader(book: book, settings: Settings(), state: nil, columns: columns, rows: rows, start: .saved)
        keep(reader.screen())
        let runs = min(context.quick ? 3 : 61, count - 1)
        // Distinct targets spread over the book, each visited once; the layout cache keeps only a few.
        let targets = (0..<runs).map { 1 + ($0 * (count - 1)) / runs }
        var times: [Double] = []
        for target in Set(targets).shuffled() {
            let start = now()
            keep(ReaderBenchmark.tocJump(&reader, to: target, now: start))
            times.append(now() - start)
            guard ReaderBenchmark.currentEntry(reader) == target else {
                throw BenchError("TOC jump to entry \(target) landed in \(ReaderBenchmark.currentEntry(reader))")
            }
        }
        let sample = Sample(times)
        return Row(
            work: "key → screen model: TOC jump into a chapter not laid out", ours: "p50 \(duration(sample.median)), p99 \(duration(sample.percentile(0.99)))",
            reference: "—", ratio: "—", goal: "< 10 ms (p99)", verdict: sample.percentile(0.99) < 0.010 ? .met : .notMet,
            note: "\(times.count) jumps, slowest \(duration(sample.max))")
    }
}
