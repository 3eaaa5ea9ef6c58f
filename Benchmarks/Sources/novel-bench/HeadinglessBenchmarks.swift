import Foundation

/// Issue 38: a book without headings is one long section, cut into parts of `sectionPartCharacters`;
/// the cutting once recounted the rest of the section for each part (80 MB took 21 s). `novel toc` on
/// about 80 MB (4 MB quick) of heading-less ASCII text against `grep -c .` of the same file, both whole
/// processes writing to a file.
enum HeadinglessBenchmarks {
    static func tocProcess(_ context: Context) throws -> Row {
        let path = context.scratch + "/headingless.txt"
        try write(bytes: context.quick ? 4_000_000 : 80_000_000, to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let home = try context.freshFolder("headingless/home")
        let output = context.scratch + "/headingless-toc.out"
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try? FileManager.default.removeItem(atPath: home + "/cache")
            return try context.spawner.time(
                [context.novel, "toc", path], stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        let entries = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard entries > 1 else { throw BenchError("novel toc did not cut the heading-less text into parts") }
        let grepOutput = context.scratch + "/headingless-grep.out"
        let grep = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try ScaleBenchmarks.timeGrep(["grep", "-c", ".", path], stdout: grepOutput, context)
        }
        let size = try ScaleBenchmarks.fileSize(path)
        return .timeRatio(
            "`novel toc`, \(megabytes(size)) ASCII without headings", ours: ours, reference: grep,
            referenceName: "`grep -c .` to a file", limit: 3, goal: "≤ 3× the time",
            note: "\(entries) parts printed")
    }

    /// Hard-wrapped lines of words, paragraphs apart by blank lines, and no line that reads as a heading.
    static func write(bytes target: Int, to path: String) throws {
        let words = ["the", "lamp", "burned", "low", "over", "harbour", "wall", "and", "tide", "came", "in", "quietly"]
        var paragraph = ""
        var line = ""
        for index in 0..<400 {
            let word = words[(index * 7 + index / 5) % words.count]
            if line.count + word.count > 70 {
                paragraph += line + "\n"
                line = ""
            }
            line += line.isEmpty ? word : " " + word
        }
        paragraph += line + ".\n\n"
        let chunk = Data(String(repeating: paragraph, count: 64).utf8)
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw BenchError("cannot write \(path)") }
        defer { try? handle.close() }
        var written = 0
        while written < target {
            try handle.write(contentsOf: chunk)
            written += chunk.count
        }
    }
}
