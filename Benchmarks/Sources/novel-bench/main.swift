import Foundation
import NovelCore

/// novel-bench: the benchmark table of docs/benchmarks.md. `scripts/bench` prepares the inputs and runs it.
///
///     novel-bench run --book BIG.txt --gb BIG.gb18030.txt --novel NOVEL --scratch DIR [--samples A,B] [--quick]
///                     [--only WORD,…]            (only the benchmarks whose names contain a word, e.g. launch)
///                     [--huge]                   (the scale rows also at 1 GB: minutes, and 1 GB of disk)
///     novel-bench layout --book BIG.txt [--quick]    (only the two layout rows, to iterate on layout speed)
///     novel-bench layout-probe BOOK [--reflow | --width]  (the layout row's work once, for callgrind)
///     novel-bench make-book SOURCE OUT MIN_BYTES     (our generator, when make-big.sh is absent)
///     novel-bench rss-probe BOOK                     (prints the peak RSS of opening BOOK, in bytes)
///     novel-bench peak-rss FILE COMMAND…             (runs COMMAND, writes its peak RSS in bytes to FILE)

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            """
            usage: novel-bench run --book BIG.txt --gb BIG.gb18030.txt --novel NOVEL --scratch DIR [--samples A,B] [--quick] [--only WORD,…] [--huge]
                   novel-bench layout --book BIG.txt [--quick]   (only the layout rows)
                   novel-bench layout-probe BOOK [--reflow | --width]
                   novel-bench make-book SOURCE OUT MIN_BYTES
                   novel-bench rss-probe BOOK
                   novel-bench peak-rss FILE COMMAND…

            """.utf8))
    exit(2)
}

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func machineHeader(_ context: Context, started: Date) -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model =
        cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    let date = ISO8601DateFormatter().string(from: started)
    let gbSize = (try? FileManager.default.attributesOfItem(atPath: context.gbPath)[.size] as? Int) ?? 0
    return """
        machine: \(ProcessInfo.processInfo.hostName), \(ProcessInfo.processInfo.activeProcessorCount) cores (\(model)), date: \(date)
        mode: \(context.quick ? "quick (one run per figure; checks that every benchmark runs, timings mean little)" : "full (median of \(context.plan.runs) runs, \(context.plan.slowRuns) for slow figures; spread min–max)")
        book: \(megabytes(context.bookBytes.count)) UTF-8, \(context.bookText.characters) characters; GB18030 form \(megabytes(gbSize))
        """
}

/// Runs a benchmark, turning a thrown error into a FAILED row.
func attempt(_ work: String, goal: String, _ body: () throws -> [Row]) -> [Row] {
    do { return try body() } catch {
        return [Row(work: work, goal: goal, verdict: .failed("\(error)"))]
    }
}

func runAll(_ arguments: [String]) -> Int32 {
    guard let book = option("--book", in: arguments), let gb = option("--gb", in: arguments),
        let novel = option("--novel", in: arguments), let scratch = option("--scratch", in: arguments)
    else { usage() }
    let quick = arguments.contains("--quick")
    let started = Date()
    let context: Context
    do {
        context = try Context(
            plan: quick ? .quick : .full, quick: quick, bookPath: book, gbPath: gb, novel: novel,
            scratch: scratch)
    } catch {
        FileHandle.standardError.write(Data("novel-bench: \(error)\n".utf8))
        return 1
    }
    print(machineHeader(context, started: started))
    print("")
    var rows: [Row] = []
    // `--only launch,layout`: just the benchmarks whose names contain one of the words, to iterate on one goal.
    let only = option("--only", in: arguments).map { $0.split(separator: ",").map(String.init) }
    func add(_ work: String, goal: String, _ body: () throws -> [Row]) {
        if let only, !only.contains(where: { work.contains($0) }) { return }
        let begun = now()
        let new = attempt(work, goal: goal, body)
        rows += new
        let label = work.padding(toLength: 32, withPad: " ", startingAt: 0)
        FileHandle.standardError.write(Data(String(format: "  %@ %6.1f s\n", label, now() - begun).utf8))
    }
    add("width vs wc -L", goal: "≥ 8× faster") { [try TextBenchmarks.widthAgainstWC(context)] }
    add("width fast path vs ICU", goal: "≥ 5× faster") { [try TextBenchmarks.fastAgainstICU(context)] }
    add("UTF-8 validation", goal: "≥ 1 GB/s") { [try TextBenchmarks.validation(context)] }
    add("GB18030 decode", goal: "≤ 1.5× the time") { [try TextBenchmarks.gb18030Decode(context)] }
    add("GB18030 load", goal: "(context)") { [try TextBenchmarks.gb18030Load(context)] }
    add("chapter index", goal: "≤ 3× the time") { [try ChapterBenchmarks.indexing(context)] }
    add("toc process", goal: "≤ 3× the time") { [try ChapterBenchmarks.tocProcess(context)] }
    add("toc without headings", goal: "≤ 3× the time") { [try HeadinglessBenchmarks.tocProcess(context)] }
    add("cached reopen", goal: "scan skipped") { [try ChapterBenchmarks.cachedReopen(context)] }
    add("whole-book layout", goal: "≤ 3× the time") { [try LayoutBenchmarks.wholeBook(context)] }
    add("whole-book layout, reflow on", goal: "≤ 3× the time") {
        [try LayoutBenchmarks.wholeBook(context, reflow: true)]
    }
    add("one chapter layout", goal: "< 0.5 ms") { [try LayoutBenchmarks.oneChapter(context)] }
    add("conversion s2t, whole book", goal: "(context)") { [try ConversionBenchmarks.wholeBook(context)] }
    add("one chapter conversion", goal: "< 5 ms") { [try ConversionBenchmarks.oneChapter(context)] }
    add("page turn, conversion on", goal: "p99 < 1 ms") { try ConversionBenchmarks.pageTurns(context) }
    add("launch with conversion on", goal: "≤ 2× the time") { try ConversionBenchmarks.firstScreen(context) }
    add("search, conversion on", goal: "(context)") { [try ConversionBenchmarks.search(context)] }
    add("search process", goal: "≤ 2× the time") {
        [try SearchBenchmarks.firstHits(context), try SearchBenchmarks.firstHitsNeverOpened(context)]
    }
    add("novel print", goal: "≤ 1× the time") { [try TerminalBenchmarks.printRow(context)] }
    add("launch and memory in tmux", goal: "≤ 2× the time") { try TerminalBenchmarks.launchRows(context) }
    add("epub launch", goal: "≤ 2× the time") { try EpubBenchmarks.launchRows(context) }
    add("epub toc and memory", goal: "≤ 3× the time") { try EpubBenchmarks.tocRows(context) }
    add("epub one-document memory", goal: "< 2× inflated + 40 MB") { [try EpubBenchmarks.oneDocumentRow(context)] }
    add("sync launch", goal: "≤ 2× the time") { try SyncBenchmarks.firstScreen(context) }
    add("novel sync", goal: SyncBenchmarks.syncGoal) { try SyncBenchmarks.librarySync(context) }
    add("page turn", goal: "p99 < 1 ms") { [try PagerBenchmarks.pageTurn(context)] }
    add("read aloud", goal: "< 300 ms; < 1 frame") {
        [
            try SpeechBenchmarks.start(context), try SpeechBenchmarks.start(context, espeak: true),
            try SpeechBenchmarks.highlightLag(context),
        ]
    }
    add("TOC jump", goal: "< 10 ms (p99)") { [try PagerBenchmarks.tocJump(context)] }
    add("english toc process", goal: "≤ 3× the time") {
        [try EnglishBenchmarks.tocProcess(context), try EnglishBenchmarks.denseTocProcess(context)]
    }
    add("english page turn", goal: "p99 < 1 ms") { [try EnglishBenchmarks.pageTurn(context)] }
    add("english whole-book layout", goal: "≤ 3× the time") {
        let book = try BookOpener.open(path: try EnglishBenchmarks.bookPath(context))
        let name = "English book, its own reflow (\(book.profile.paragraphs.rawValue))"
        return [
            try LayoutBenchmarks.wholeBook(context, book: book, name: name),
            try LayoutBenchmarks.wholeBook(context, forced: .off, book: book, name: "English book, reflow off"),
        ]
    }
    let samples = option("--samples", in: arguments).map { $0.split(separator: ",").map(String.init) } ?? []
    add("sample books", goal: "(context)") { [try SampleBookBenchmarks.row(context, books: samples)] }
    add("stats", goal: "< 50 ms") { [try StatsBenchmarks.yearOfSessions(context)] }
    add("library overlay", goal: "< 200 ms") { [try ShelfBenchmarks.libraryOverlay(context, samples: samples)] }
    add("live reload", goal: "< 1× a cold open") { try ShelfBenchmarks.reload(context) }
    add("peak RSS, open in-process", goal: "< 2× file + 40 MB") { [try MemoryProbe.row(context)] }
    add("many entries", goal: "(per row)") { try ManyEntriesBenchmarks.rows(context) }
    add("scale", goal: "(per size)") { try ScaleBenchmarks.rows(context, huge: arguments.contains("--huge")) }
    print(render(rows))
    print("")
    print("total time \(duration(Date().timeIntervalSince(started)))")
    let failed = rows.filter { if case .failed = $0.verdict { true } else { false } }
    if !failed.isEmpty {
        FileHandle.standardError.write(Data("novel-bench: \(failed.count) benchmark(s) failed to run\n".utf8))
        return 1
    }
    return 0
}

/// The whole-book and one-chapter layout rows alone: they need neither the GB18030 form nor `novel`.
func runLayout(_ arguments: [String]) -> Int32 {
    guard let book = option("--book", in: arguments) else { usage() }
    let quick = arguments.contains("--quick")
    let rows: [Row]
    do {
        let context = try Context(
            plan: quick ? .quick : .full, quick: quick, bookPath: book, gbPath: book,
            novel: "novel", scratch: NSTemporaryDirectory())
        rows = [
            try LayoutBenchmarks.wholeBook(context), try LayoutBenchmarks.wholeBook(context, reflow: true),
            try LayoutBenchmarks.oneChapter(context),
        ]
    } catch {
        FileHandle.standardError.write(Data("novel-bench: \(error)\n".utf8))
        return 1
    }
    print(render(rows))
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "run":
    exit(runAll(Array(arguments.dropFirst())))
case "layout":
    exit(runLayout(Array(arguments.dropFirst())))
case "layout-probe":
    exit(LayoutProbe.run(Array(arguments.dropFirst())))
case "make-book":
    guard arguments.count == 4, let size = Int(arguments[3]) else { usage() }
    do { try BookGenerator.write(source: arguments[1], to: arguments[2], minimumBytes: size) } catch {
        FileHandle.standardError.write(Data("novel-bench: \(error)\n".utf8))
        exit(1)
    }
case "peak-rss":
    guard arguments.count >= 3 else { usage() }
    do { try PeakRSS.runChild(Array(arguments.dropFirst(2)), reportTo: arguments[1]) } catch {
        FileHandle.standardError.write(Data("novel-bench: \(error)\n".utf8))
        exit(1)
    }
case "rss-probe":
    guard arguments.count == 2 else { usage() }
    do { print(try MemoryProbe.probe(arguments[1])) } catch {
        FileHandle.standardError.write(Data("novel-bench: \(error)\n".utf8))
        exit(1)
    }
default:
    usage()
}
