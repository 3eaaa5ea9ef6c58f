import Foundation
import NovelCore
import NovelTUI

/// Issue 17: Simplified → Traditional conversion (OpenCC's s2t) as a display transform. The whole book
/// converted chapter by chapter with its position maps, against the `opencc` command converting the file
/// (its output written to a file); the ten-thousand-character chapter of the layout row alone; page turns
/// and the first screen with the conversion on; and a search over the converted text.
/// The machines are shared: the wall-clock rows carry CPU seconds beside them, which waiting for a core
/// does not move.
enum ConversionBenchmarks {
    static let conversion = Conversion.s2t

    static var options: DisplayOptions {
        var options = LayoutSettings().display
        options.convert = conversion
        return options
    }

    static var settings: Settings {
        var settings = Settings()
        settings.convert = conversion
        return settings
    }

    static func requireConverter() throws {
        guard ChineseConverter.loaded(conversion) != nil else {
            throw BenchError("OpenCC's \(conversion.rawValue) configuration does not load")
        }
    }

    static func wholeBook(_ context: Context) throws -> Row {
        let book = context.book
        try requireConverter()
        let options = Self.options
        var converted = 0
        var cpu: [Double] = []
        let ours = measure(warmups: 0, runs: context.plan.slowRuns) {
            converted = 0
            let cpuStart = cpuNow()
            // A store of its own: every chapter is converted, none comes from an earlier run.
            let recent = RecentConversions()
            for entry in book.index.entries.indices
            where DisplayTransform.display(book, entry: entry, options: options, recent: recent) != nil {
                converted += 1
            }
            cpu.append(cpuNow() - cpuStart)
        }
        let output = try context.freshFolder("opencc") + "/out.txt"
        var referenceCPU: [Double] = []
        let reference = try collect(warmups: 0, runs: context.plan.slowRuns) {
            let (wall, cpu) = try context.spawner.timeWithCPU(
                ["opencc", "-c", "\(conversion.rawValue).json", "-i", context.bookPath, "-o", output])
            referenceCPU.append(cpu)
            return wall
        }
        // No goal of its own: the reader converts a chapter at a time (the rows below); this says what the
        // position maps and the chapter-by-chapter calls cost against the `opencc` command.
        var row = Row.timeRatio(
            "conversion \(conversion.rawValue), whole book, every chapter with its map", ours: ours,
            reference: reference,
            referenceName: "`opencc -c \(conversion.rawValue).json` to a file", limit: .infinity, goal: "(context)",
            note: "\(converted) of \(book.index.entries.count) chapters changed; CPU \(duration(Sample(cpu).median)) "
                + "against \(duration(Sample(referenceCPU).median))")
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
        try requireConverter()
        let options = Self.options
        let runs = context.quick ? 3 : 101
        var cpu: [Double] = []
        let sample = measure(warmups: context.quick ? 0 : 5, runs: runs) {
            let cpuStart = cpuNow()
            // A fresh store each run: the chapter is converted every time (the reader would find it kept).
            keep(
                DisplayTransform.display(book, entry: entry, options: options, recent: RecentConversions())?.utf8.count
                    ?? 0)
            cpu.append(cpuNow() - cpuStart)
        }
        return Row(
            work: "one chapter conversion \(conversion.rawValue) (\(sizes[entry]) characters)", ours: format(sample),
            reference: "—",
            ratio: "—", goal: "well under 5 ms (≤ 3 ms)", verdict: sample.median <= 0.003 ? .met : .notMet,
            note: "median of \(runs) runs, with its position map; CPU \(duration(Sample(cpu).median))")
    }

    /// Page turns with the conversion on: inside the longest chapter (laid out and converted once), and
    /// reading on through chapter after chapter (each new chapter converted ahead, between keys, as the
    /// app loop does), the same sweep without conversion beside it.
    static func pageTurns(_ context: Context) throws -> [Row] {
        try requireConverter()
        var inChapter = try PagerBenchmarks.pageTurn(context, settings: settings)
        inChapter.work += ", conversion \(conversion.rawValue) on"
        let on = try PagerBenchmarks.readingOn(context, settings: settings)
        let off = try PagerBenchmarks.readingOn(context, settings: Settings())
        let reference =
            "without conversion p50 \(duration(off.sample.median)), p99 \(duration(off.sample.percentile(0.99)))"
        let through = Row(
            work:
                "key → screen model: page turns through \(on.chapters) chapters, conversion \(conversion.rawValue) on",
            ours: "p50 \(duration(on.sample.median)), p99 \(duration(on.sample.percentile(0.99)))",
            reference: reference,
            ratio: "—", goal: "p99 < 1 ms", verdict: on.sample.percentile(0.99) < 0.001 ? .met : .notMet,
            note:
                "\(on.sample.seconds.count) turns, slowest \(duration(on.sample.max)); CPU p99 \(duration(on.cpu.percentile(0.99))); "
                + "the next chapter converted between keys, slowest \(duration(on.ahead.max))")
        return [inChapter, through]
    }

    /// `novel read` with the convert setting on, to its first screen, against `less` in the same run: a
    /// first open of the book and a reopen, on a machine that has converted before (the tables made from
    /// OpenCC's dictionaries are in the cache folder), and the machine's first conversion, which makes them.
    static func firstScreen(_ context: Context) throws -> [Row] {
        let works = [
            "launch to first screen, conversion \(conversion.rawValue) on (first open)",
            "launch to first screen, conversion \(conversion.rawValue) on (reopen)",
            "launch to first screen, conversion \(conversion.rawValue) on (the machine's first conversion)",
        ]
        guard context.commandIsBuilt("read") else {
            return works.map {
                Row(work: $0, goal: "≤ 2× the time", verdict: .notBuilt("`novel read` is a placeholder"))
            }
        }
        try requireConverter()
        let tmux = try TmuxBench(context)
        let book = context.bookPath
        let home = try context.freshFolder("launch-convert-home")
        try context.spawner.check(
            [context.novel, "settings", "--set", "convert=\(conversion.rawValue)"],
            extraEnvironment: ["NOVEL_HOME": home])
        func command(_ home: String) -> String { "exec env NOVEL_HOME='\(home)' '\(context.novel)' read '\(book)'" }
        // A home with the settings and, from the first session, the tables made from OpenCC's dictionaries,
        // which a machine makes once (the first conversion ever: its own row below).
        func freshHome(withTables: Bool = true) throws -> String {
            let fresh = try context.freshFolder("launch-convert-run")
            try FileManager.default.createDirectory(atPath: fresh + "/config", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: fresh + "/cache", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: home + "/config/settings.json", toPath: fresh + "/config/settings.json")
            let tables =
                (try? FileManager.default.contentsOfDirectory(atPath: home + "/cache"))?.filter {
                    $0.hasSuffix(".tables")
                } ?? []
            for name in tables where withTables {
                try FileManager.default.copyItem(atPath: home + "/cache/" + name, toPath: fresh + "/cache/" + name)
            }
            return fresh
        }
        // What the converted first screen shows: taken from a settled screen, not converted here (OpenCC
        // converting a few characters alone may choose other phrases than in their chapter).
        let plainMarker = TerminalBenchmarks.marker(context)
        _ = try tmux.launch(command(home), until: "%")
        usleep(500_000)
        let screen = try tmux.capture()
        tmux.finish()
        guard
            let marker = screen.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.count >= 4 }).map({ String($0.prefix(4)) })
        else { throw BenchError("no text on the converted first screen: \(screen)") }
        let lessTimes = try collect(warmups: context.plan.warmups, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch("exec env LESSHISTFILE=- LESS= less -- '\(book)'", until: plainMarker)
        }
        let firstOpen = try collect(warmups: 0, runs: context.plan.slowRuns) {
            let fresh = try freshHome()
            defer { tmux.finish() }
            return try tmux.launch(command(fresh), until: marker)
        }
        let firstEver = try collect(warmups: 0, runs: context.plan.slowRuns) {
            let fresh = try freshHome(withTables: false)
            defer { tmux.finish() }
            return try tmux.launch(command(fresh), until: marker)
        }
        // A session that closes as a reader closes it (q) leaves its state.
        let reopenHome = try freshHome()
        _ = try tmux.launch(command(reopenHome), until: marker)
        usleep(300_000)
        try tmux.sendKeys(["q"])
        try tmux.waitForExit()
        tmux.finish()
        let reopen = try collect(warmups: 0, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch(command(reopenHome), until: marker)
        }
        var firstEverRow = Row.timeRatio(
            works[2], ours: firstEver, reference: lessTimes, referenceName: "`less`", limit: .infinity,
            goal: "(context)",
            note: "settings.json only: OpenCC loads its dictionaries and they are made into tables, once per machine")
        firstEverRow.verdict = .info
        return [
            .timeRatio(
                works[0], ours: firstOpen, reference: lessTimes, referenceName: "`less`", limit: 2,
                goal: "≤ 2× the time",
                note:
                    "settings.json and the machine's conversion tables, no state or cache of the book; the screen shows \(marker)"
            ),
            .timeRatio(
                works[1], ours: reopen, reference: lessTimes, referenceName: "`less`", limit: 2,
                goal: "≤ 2× the time", note: "the book's state and cached index, the machine's conversion tables"),
            firstEverRow,
        ]
    }

    /// A search for a string the book does not hold, with the conversion on: every chapter is searched
    /// as it is shown. The first search of a session converts the chapters; a second one searches what
    /// the first left.
    static func search(_ context: Context) throws -> Row {
        let book = context.book
        try requireConverter()
        let query = "这一句书里没有"
        var reader = Reader(book: book, settings: settings, state: nil, columns: 80, rows: 24, start: .saved)
        keep(reader.screen())
        var cpu: [Double] = []
        var times: [Double] = []
        for _ in 0..<2 {
            let (start, cpuStart) = (now(), cpuNow())
            let screen = ReaderBenchmark.search(&reader, for: query, now: start)
            times.append(now() - start)
            cpu.append(cpuNow() - cpuStart)
            guard screen.textRows.contains(where: { $0.contains("Not found") }) else {
                throw BenchError("the absent query was not reported as not found: \(screen.textRows.last ?? "")")
            }
        }
        let output = try context.freshFolder("opencc-search") + "/out.txt"
        let reference = try context.spawner.timeWithCPU(
            ["opencc", "-c", "\(conversion.rawValue).json", "-i", context.bookPath, "-o", output])
        var row = Row(
            work: "search for an absent string, conversion \(conversion.rawValue) on (first, then again)",
            ours: "\(duration(times[0])), then \(duration(times[1]))",
            reference: "`opencc -c \(conversion.rawValue).json` to a file \(duration(reference.wall))",
            ratio: String(format: "%.2f×, then %.2f× the time", times[0] / reference.wall, times[1] / reference.wall),
            goal: "(context)",
            note: "CPU \(duration(cpu[0])), then \(duration(cpu[1])); opencc CPU \(duration(reference.cpu))")
        row.verdict = .info
        return row
    }
}
