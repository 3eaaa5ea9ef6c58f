import Foundation
import NovelCore

/// Issue 21: an English book of about 30 MB (2 MB quick), made by repeating the body of the English
/// sample (`books/the-weather-vane.txt`: a list of contents, three chapters with title lines,
/// illustrations, straight quotes and dashes) between its header and footer. `novel toc` as a whole
/// process against `grep -cE` for its headings, and page turns with the English typography on.
enum EnglishBenchmarks {
    static let sample = "books/the-weather-vane.txt"
    static let grepPattern = "^ *(CHAPTER|Chapter|LETTER|Letter|BOOK|PART|VOLUME) "
    static let grepName = "`grep -cE '^ *(CHAPTER|…) '` to a file"

    /// The English book's path, built once under the scratch folder.
    static func bookPath(_ context: Context) throws -> String {
        let path = context.scratch + "/english-\(context.quick ? "quick" : "big").txt"
        if FileManager.default.fileExists(atPath: path) { return path }
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        guard let start = text.range(of: "*** START OF"), let end = text.range(of: "*** END OF") else {
            throw BenchError("\(sample) has no START and END lines")
        }
        let bodyStart = text[start.upperBound...].firstIndex(of: "\n").map { text.index(after: $0) } ?? start.upperBound
        let header = Data(text[..<bodyStart].utf8)
        let body = Data(text[bodyStart..<end.lowerBound].utf8)
        let footer = Data(text[end.lowerBound...].utf8)
        let target = context.quick ? 2_000_000 : 30_000_000
        var data = header
        while data.count < target { data.append(body) }
        data.append(footer)
        try data.write(to: URL(fileURLWithPath: path + ".tmp"))
        try FileManager.default.moveItem(atPath: path + ".tmp", toPath: path)
        return path
    }

    static func tocProcess(_ context: Context) throws -> Row {
        let book = try bookPath(context)
        let home = try context.freshFolder("english-toc/home")
        let output = context.scratch + "/english-toc.out"
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try? FileManager.default.removeItem(atPath: home + "/cache")
            return try context.spawner.time([context.novel, "toc", book], stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        let entries = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard entries > 2 else { throw BenchError("novel toc printed no chapters for the English book") }
        let grepOutput = context.scratch + "/english-grep.out"
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["grep", "-cE", grepPattern, book], stdout: grepOutput)
        }
        let matches = ((try? String(contentsOfFile: grepOutput, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return .timeRatio(
            "`novel toc`, English book, whole process", ours: ours, reference: reference, referenceName: grepName,
            limit: 3, goal: "≤ 3× the time", note: "\(entries) entries printed; grep: \(matches) lines")
    }

    /// Page turns in the English book with the default settings: reflow, curly quotes, em dashes and
    /// illustration captions all on.
    static func pageTurn(_ context: Context) throws -> Row {
        let book = try BookOpener.open(path: try bookPath(context))
        return try PagerBenchmarks.pageTurn(context, book: book, what: ", English book with typography on")
    }
}
