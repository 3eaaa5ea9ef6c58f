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
    /// `reader` (nil: a new one on `book`, the big book unless given, read with `settings`) is the reader
    /// to turn pages in; `what` names the situation in the row.
    static func pageTurn(
        _ context: Context, in reader: Reader? = nil, book given: Book? = nil, what: String = "",
        settings: Settings = Settings(), onlyChapters: Bool = false
    ) throws -> Row {
        let book = reader?.book ?? given ?? context.book
        let sizes = book.index.entries.map { $0.range.count }
        // The longest entry, or the longest chapter (not the front matter or the licence footer).
        let candidates = sizes.indices.filter { !onlyChapters || book.index.entries[$0].kind == .chapter }
        guard let longest = candidates.max(by: { sizes[$0] < sizes[$1] }) else {
            throw BenchError("the big book has no chapters")
        }
        let layouter = PageLayouter(
            settings: LayoutSettings(settings), viewport: Viewport(columns: columns, rows: rows))
        let pages = layouter.pageCount(book, entry: longest)
        guard pages > 1 else { throw BenchError("the longest chapter has one page") }
        var reader =
            reader ?? Reader(book: book, settings: settings, state: nil, columns: columns, rows: rows, start: .saved)
        let wanted = context.quick ? 20 : 3000
        var times: [Double] = []
        var cpu: [Double] = []
        while times.count < wanted {
            keep(ReaderBenchmark.tocJump(&reader, to: longest, now: now()))
            guard ReaderBenchmark.currentEntry(reader) == longest else {
                throw BenchError("the TOC jump to entry \(longest) landed in \(ReaderBenchmark.currentEntry(reader))")
            }
            // The reader's text area (status bar, margins) may hold fewer rows than the layouter's count
            // assumed: a turn that leaves the chapter ends the sweep and is not counted.
            let before = times.count
            for _ in 1..<pages where times.count < wanted {
                let (start, cpuStart) = (now(), cpuNow())
                keep(ReaderBenchmark.pageTurn(&reader, now: start))
                let (elapsed, cpuElapsed) = (now() - start, cpuNow() - cpuStart)
                if ReaderBenchmark.currentEntry(reader) != longest { break }
                times.append(elapsed)
                cpu.append(cpuElapsed)
            }
            if times.count == before { throw BenchError("no page turn stayed in the chapter") }
        }
        let sample = Sample(times)
        return Row(
            work: "key → screen model: page turn in a chapter\(what) (\(pages) pages)",
            ours: "p50 \(duration(sample.median)), p99 \(duration(sample.percentile(0.99)))", reference: "—",
            ratio: "—", goal: "p99 < 1 ms", verdict: sample.percentile(0.99) < 0.001 ? .met : .notMet,
            note:
                "\(times.count) turns, slowest \(duration(sample.max)); CPU p99 \(duration(Sample(cpu).percentile(0.99)))"
        )
    }

    /// Page turns (PgDn) reading on from the book's second chapter through the chapters after it, as a
    /// reader does, with the app loop's work between keys (`ReaderBenchmark.idle`: the next chapter
    /// laid out and converted ahead, timed apart in `ahead`). Wall-clock and CPU seconds of each turn;
    /// `chapters` is how many were entered.
    static func readingOn(_ context: Context, settings: Settings) throws
        -> (sample: Sample, cpu: Sample, ahead: Sample, chapters: Int)
    {
        let book = context.book
        guard book.index.entries.count > 2 else { throw BenchError("the big book has too few chapters") }
        var reader = Reader(book: book, settings: settings, state: nil, columns: columns, rows: rows, start: .saved)
        keep(ReaderBenchmark.tocJump(&reader, to: 1, now: now()))
        let wanted = context.quick ? 200 : 3000
        var (times, cpu, ahead): ([Double], [Double], [Double]) = ([], [], [])
        var entered = 0
        while times.count < wanted {
            let idleStart = now()
            ReaderBenchmark.idle(&reader)
            ahead.append(now() - idleStart)
            let before = ReaderBenchmark.currentEntry(reader)
            let (start, cpuStart) = (now(), cpuNow())
            keep(ReaderBenchmark.pageTurn(&reader, now: start))
            times.append(now() - start)
            cpu.append(cpuNow() - cpuStart)
            let after = ReaderBenchmark.currentEntry(reader)
            if after != before { entered += 1 }
            if after == book.index.entries.count - 1 { keep(ReaderBenchmark.tocJump(&reader, to: 1, now: now())) }
        }
        return (Sample(times), Sample(cpu), Sample(ahead), entered)
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
            work: "key → screen model: TOC jump into a chapter not laid out",
            ours: "p50 \(duration(sample.median)), p99 \(duration(sample.percentile(0.99)))",
            reference: "—", ratio: "—", goal: "< 10 ms (p99)",
            verdict: sample.percentile(0.99) < 0.010 ? .met : .notMet,
            note: "\(times.count) jumps, slowest \(duration(sample.max))")
    }
}
