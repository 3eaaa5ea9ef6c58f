import Foundation
import NovelCore

/// How cost grows with the book (issue 19): books made by repeating the big book to about 150 MB (and
/// 1 GB with `--huge`), plus the 150 MB book in GB18030. Per size: peak RSS and time of `novel toc` as a
/// process (against `grep -cE` writing to a file), and a whole-book search for an absent string (against
/// `grep -c` writing to a file), and the reader's rows (`ScaleReaderBenchmarks`). Each generated book is
/// deleted after its rows: disk is limited.
enum ScaleBenchmarks {
    /// A string that is in no book: the search has to look at every byte.
    static let absent = "不在书里的一句话zq"

    static func rows(_ context: Context, huge: Bool) throws -> [Row] {
        var rows = try rowsFor(path: context.bookPath, label: "1×", reEncoded: false, context)
        let passes = [5] + (huge ? [33] : [])
        for count in passes {
            let path = context.scratch + "/scale-\(count)x.txt"
            try repeatFile(context.bookPath, times: count, into: path)
            defer { try? FileManager.default.removeItem(atPath: path) }
            rows += try rowsFor(path: path, label: "\(count)×", reEncoded: false, context)
            if count == 5 {
                let gb = context.scratch + "/scale-5x.gb18030.txt"
                try repeatFile(context.gbPath, times: count, into: gb)
                defer { try? FileManager.default.removeItem(atPath: gb) }
                rows += try rowsFor(path: gb, label: "5× GB18030", reEncoded: true, context)
            }
        }
        return rows
    }

    static func rowsFor(path: String, label: String, reEncoded: Bool, _ context: Context) throws -> [Row] {
        let size = try fileSize(path)
        let name = "\(label) \(megabytes(size))"
        let home = try context.freshFolder("scale/home")
        let output = context.scratch + "/scale-toc.out"
        let runs = context.quick ? 1 : 3
        let toc = try collect(warmups: 0, runs: runs) {
            try? FileManager.default.removeItem(atPath: home + "/cache")
            return try context.spawner.time(
                [context.novel, "toc", path], stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        try? FileManager.default.removeItem(atPath: home + "/cache")
        let peak = try PeakRSS.of(
            [context.novel, "toc", path], stdout: output, environment: ["NOVEL_HOME": home], context)
        let grepOut = context.scratch + "/scale-grep.out"
        let grep = try collect(warmups: 0, runs: runs) {
            try timeGrep(["grep", "-cE", ChapterBenchmarks.grepPattern, path], stdout: grepOut, context)
        }
        let text = try BookLoader.load(path: path)
        let search = TextSearch(absent)
        var found: TextSearch.Match?
        let ours = measure(warmups: 0, runs: runs) {
            found = search.find(in: text.utf8, from: 0, direction: .forward, wrap: false)
        }
        guard found == nil else { throw BenchError("the absent string was found in \(path)") }
        let grepSearch = try collect(warmups: 0, runs: runs) {
            try timeGrep(["grep", "-cF", absent, path], stdout: grepOut, context)
        }
        return [
            .timeRatio(
                "scale \(name): `novel toc`, whole process", ours: toc, reference: grep,
                referenceName: ChapterBenchmarks.grepName, limit: 3, goal: "≤ 3× the time",
                note: text.utf8.isMapped ? "text mapped" : "text decoded"),
            memoryRow(
                "scale \(name): peak RSS of `novel toc`", peak: peak, size: size, reEncoded: reEncoded,
                note: "ru_maxrss of the process, started from a small one"),
            .timeRatio(
                "scale \(name): search for an absent string", ours: ours, reference: grepSearch,
                referenceName: "`grep -cF` to a file", limit: 2, goal: "≤ 2× the time",
                note: "in-process on the loaded text (the reader's search) vs grep as a process"),
        ] + ScaleReaderBenchmarks.rows(path: path, name: name, size: size, reEncoded: reEncoded, context)
    }

    /// A peak RSS against the goal: 1.1× the file + 40 MB for a book read in place (UTF-8),
    /// 2× + 40 MB for one decoded.
    static func memoryRow(_ work: String, peak: Int, size: Int, reEncoded: Bool, note: String) -> Row {
        let goal = reEncoded ? 2 * size + 40_000_000 : Int(1.1 * Double(size)) + 40_000_000
        let goalText = reEncoded ? "≤ 2× file + 40 MB = \(megabytes(goal))" : "≤ 1.1× file + 40 MB = \(megabytes(goal))"
        return Row(
            work: work, ours: megabytes(peak), reference: "file \(megabytes(size))",
            ratio: String(format: "%.2f× the file", Double(peak) / Double(size)),
            goal: goalText, verdict: peak <= goal ? .met : .notMet, note: note)
    }

    /// Times grep, which exits 1 when it counts nothing: the answer for the absent string, and for the
    /// UTF-8 heading pattern on the GB18030 book (grep still reads the whole file).
    static func timeGrep(_ arguments: [String], stdout: String, _ context: Context) throws -> Double {
        let start = now()
        let result = try context.spawner.run(arguments, stdout: stdout)
        guard result.status <= 1 else { throw BenchError("\(arguments[0]) exited \(result.status)") }
        return now() - start
    }

    static func repeatFile(_ source: String, times: Int, into path: String) throws {
        let bytes = try readFile(source)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchError("cannot write \(path)") }
        defer { try? handle.close() }
        for _ in 0..<times { try handle.write(contentsOf: bytes) }
    }

    static func fileSize(_ path: String) throws -> Int {
        guard let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int else {
            throw BenchError("no size for \(path)")
        }
        return size
    }
}
