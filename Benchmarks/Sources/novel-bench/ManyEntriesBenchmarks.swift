import Foundation
import NovelCore
import NovelTUI

/// Issue 38, item 14: costs that grew faster than the input. A book whose state holds 50,000
/// bookmarks (`novel bookmarks --add` took 21 s), a book of a million chapters (each key typed in the
/// reader's TOC filter took 5 s, `novel toc --json` peaked at 969 MB) and a CR LF book (2 GB peaked at
/// 4.2 GB). Each input is generated here and deleted after its rows; the quick run uses a tenth.
enum ManyEntriesBenchmarks {
    static func rows(_ context: Context) throws -> [Row] {
        try bookmarkRows(context) + chapterRows(context) + [try crlfRow(context)]
    }

    // MARK: - Bookmarks

    /// `novel bookmarks --add` on a state of N bookmarks, against `jq .` reading and writing that state
    /// file; a second, quarter-size state shows how the time grows (linear: about 4× for 4× the bookmarks).
    static func bookmarkRows(_ context: Context) throws -> [Row] {
        let count = context.quick ? 5_000 : 50_000
        let large = try addTime(bookmarks: count, context)
        let small = try addTime(bookmarks: count / 4, context)
        let growth = large.ours.median / small.ours.median
        return [
            .timeRatio(
                "\(count) bookmarks: `novel bookmarks --add`, whole process", ours: large.ours, reference: large.jq,
                referenceName: "`jq .` of the state file to a file", limit: 3, goal: "≤ 3× the time",
                note: String(
                    format: "state file %@; %.1f× the time of %d bookmarks (4× is linear)",
                    megabytes(large.stateBytes), growth, count / 4))
        ]
    }

    static func addTime(bookmarks count: Int, _ context: Context) throws -> (ours: Sample, jq: Sample, stateBytes: Int)
    {
        let home = try context.freshFolder("many/bookmarks-home")
        let book = context.scratch + "/many-bookmarks.txt"
        try? FileManager.default.removeItem(atPath: book)
        try FileManager.default.copyItem(atPath: "books/青灯记.txt", toPath: book)
        defer { try? FileManager.default.removeItem(atPath: book) }
        let environment = ["NOVEL_HOME": home]
        let output = context.scratch + "/many-bookmarks.out"
        try context.spawner.check(
            [context.novel, "bookmarks", book, "--add", "--note", "first"], stdout: output,
            extraEnvironment: environment)
        let state = try stateFile(in: home + "/state/books")
        try fillBookmarks(state, count: count)
        let stateBytes = try ScaleBenchmarks.fileSize(state)
        let ours = try collect(warmups: 0, runs: context.plan.slowRuns) {
            try context.spawner.time(
                [context.novel, "bookmarks", book, "--add", "--note", "more"], stdout: output,
                extraEnvironment: environment)
        }
        let jq = try collect(warmups: 0, runs: context.plan.slowRuns) {
            try context.spawner.time(["jq", ".", state], stdout: output)
        }
        return (ours, jq, stateBytes)
    }

    static func stateFile(in folder: String) throws -> String {
        guard
            let name = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: {
                $0.hasSuffix(".json")
            })
        else { throw BenchError("no state file in \(folder)") }
        return folder + "/" + name
    }

    /// The state's one bookmark repeated `count` times with ids b1…bN and notes of their own.
    static func fillBookmarks(_ path: String, count: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let first = (object["bookmarks"] as? [[String: Any]])?.first
        else { throw BenchError("no bookmark in \(path)") }
        object["bookmarks"] = (1...count).map { number -> [String: Any] in
            var bookmark = first
            bookmark["id"] = "b\(number)"
            bookmark["note"] = "note \(number)"
            return bookmark
        }
        object["nextBookmarkNumber"] = count + 1
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
    }

    // MARK: - A million chapters

    /// A book of short chapters: `第N章 …` headings, one line of text each.
    static func writeChapters(_ count: Int, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchError("cannot write \(path)") }
        defer { try? handle.close() }
        let names = ["山雨欲来", "灯下夜读", "风起云涌", "故人归来", "江湖夜雨", "Return of the Lamp"]
        var chunk = ""
        for number in 1...count {
            chunk += "第\(number)章 \(names[number % names.count])\n\n　　这是第\(number)章的一行正文，不长。\n\n"
            if chunk.utf8.count > 1 << 20 || number == count {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
    }

    /// `novel toc --json` (time against `grep -cE` of the headings, and peak RSS) and a key typed in the
    /// reader's TOC filter (in-process, through the reader's `handle` and `screen()`, against `grep -cF`
    /// of the typed text over the book).
    static func chapterRows(_ context: Context) throws -> [Row] {
        let count = context.quick ? 100_000 : 1_000_000
        let path = context.scratch + "/many-chapters.txt"
        try writeChapters(count, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = try ScaleBenchmarks.fileSize(path)
        let home = try context.freshFolder("many/chapters-home")
        let environment = ["NOVEL_HOME": home]
        let output = context.scratch + "/many-chapters.out"
        _ = try context.spawner.time([context.novel, "toc", path], stdout: output, extraEnvironment: environment)
        let json = try collect(warmups: 0, runs: context.plan.slowRuns) {
            try context.spawner.time(
                [context.novel, "toc", path, "--json"], stdout: output, extraEnvironment: environment)
        }
        let peak = try PeakRSS.of(
            [context.novel, "toc", path, "--json"], stdout: output, environment: environment, context)
        let grep = try collect(warmups: 0, runs: context.plan.slowRuns) {
            try ScaleBenchmarks.timeGrep(["grep", "-cE", ChapterBenchmarks.grepPattern, path], stdout: output, context)
        }
        let baseline = try PeakRSS.of([context.novel, "toc", path], stdout: output, environment: environment, context)
        // The filter: `9`, `99`, `999` typed one key at a time; each key's time is the handled key and the
        // screen it leaves.
        let book = try BookOpener.open(path: path, paths: NovelPaths.fromEnvironment(environment))
        var reader = Reader(book: book, settings: Settings(), state: nil, columns: 80, rows: 24, start: .saved)
        _ = reader.handle(.key(.tab), now: 0)
        var keys: [Double] = []
        for _ in 0..<3 {
            let start = now()
            _ = reader.handle(.key(.character("9")), now: 0)
            keep(reader.screen())
            keys.append(now() - start)
        }
        let grepKey = try collect(warmups: 0, runs: context.plan.slowRuns) {
            try ScaleBenchmarks.timeGrep(["grep", "-cF", "9", path], stdout: output, context)
        }
        let name = "\(count / 1000)k chapters (\(megabytes(size)))"
        return [
            .timeRatio(
                "\(name): `novel toc --json`, whole process", ours: json, reference: grep,
                referenceName: ChapterBenchmarks.grepName, limit: 3, goal: "≤ 3× the time"),
            Row(
                work: "\(name): peak RSS of `novel toc --json`", ours: megabytes(peak),
                reference: "`novel toc` (no JSON) \(megabytes(baseline))",
                ratio: String(format: "%.2f× the table's", Double(peak) / Double(baseline)),
                goal: "≤ 1.1× the table's", verdict: Double(peak) <= 1.1 * Double(baseline) ? .met : .notMet,
                note: "JSON written as it is made; the index's own memory is the table's"),
            .timeRatio(
                "\(name): a key in the reader's TOC filter", ours: Sample(keys),
                reference: grepKey, referenceName: "`grep -cF 9` of the book to a file", limit: 1,
                goal: "≤ 1× the time",
                note: "keys `9` `99` `999`: the first looks at every title, the next only at the last matches"),
        ]
    }

    // MARK: - CR LF

    /// Peak RSS of `novel toc` on the big book with CR LF line ends (about 200 MB; 20 MB quick).
    static func crlfRow(_ context: Context) throws -> Row {
        let path = context.scratch + "/crlf.txt"
        let bytes = try readFile(context.bookPath)
        var crlf: [UInt8] = []
        crlf.reserveCapacity(bytes.count + bytes.count / 20)
        for byte in bytes {
            if byte == 0x0A { crlf.append(0x0D) }
            crlf.append(byte)
        }
        let target = context.quick ? 20_000_000 : 200_000_000
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchError("cannot write \(path)") }
        var written = 0
        while written < target {
            try handle.write(contentsOf: crlf)
            written += crlf.count
        }
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let home = try context.freshFolder("many/crlf-home")
        let output = context.scratch + "/crlf.out"
        let peak = try PeakRSS.of(
            [context.novel, "toc", path], stdout: output, environment: ["NOVEL_HOME": home], context)
        return ScaleBenchmarks.memoryRow(
            "CR LF \(megabytes(written)): peak RSS of `novel toc`", peak: peak, size: written, reEncoded: false,
            note: "line ends normalised to LF in a copy of the text")
    }
}
