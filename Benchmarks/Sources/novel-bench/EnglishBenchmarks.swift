import Foundation
import NovelCore

/// Issue 21: English books of about 30 MB (2 MB quick) made from the English sample
/// (`books/the-weather-vane.txt`: a list of contents, three chapters with title lines, illustrations,
/// straight quotes and dashes). `novel toc` as a whole process against `grep -cE` for its headings, and
/// page turns with the English typography on.
///
/// Two books. The main one is shaped like a novel: the sample's header and title page, one list of
/// contents, then chapters renumbered all through the book (`CHAPTER MD.`), each the sample's chapter
/// in turn with its paragraphs repeated to about 20 KB (3,500 words). The dense one repeats the
/// sample's body whole, list of contents included: a heading every 160 bytes, a list every 4 KB —
/// the per-heading cost, twenty times a novel's.
enum EnglishBenchmarks {
    static let sample = "books/the-weather-vane.txt"
    static let grepPattern = "^ *(CHAPTER|Chapter|LETTER|Letter|BOOK|PART|VOLUME) "
    static let grepName = "`grep -cE '^ *(CHAPTER|…) '` to a file"
    /// What a chapter of the main book aims for, in bytes.
    static let chapterBytes = 20_000

    /// The main book's path, built once under the scratch folder.
    static func bookPath(_ context: Context) throws -> String {
        let path = context.scratch + "/english-novel-\(context.quick ? "quick" : "big").txt"
        if FileManager.default.fileExists(atPath: path) { return path }
        let parts = try SampleParts(String(contentsOfFile: sample, encoding: .utf8))
        let target = context.quick ? 2_000_000 : 30_000_000
        let count = max(1, (target - parts.header.utf8.count) / chapterBytes)
        var text = parts.header + parts.titlePage + "CONTENTS\n\n"
        for number in 1...count {
            let chapter = parts.chapters[(number - 1) % parts.chapters.count]
            text += "     CHAPTER \(RomanNumeral.format(number)).   \(chapter.listedTitle)\n"
        }
        text += "\n\n\n"
        for number in 1...count {
            let chapter = parts.chapters[(number - 1) % parts.chapters.count]
            text += "CHAPTER \(RomanNumeral.format(number)).\n\n\(chapter.title)\n\n\n"
            var written = 0
            while written < chapterBytes {
                text += chapter.prose
                written += chapter.prose.utf8.count
            }
        }
        text += parts.footer
        try write(text, to: path)
        return path
    }

    /// The dense book's path: the sample's body repeated whole between its header and footer.
    static func denseBookPath(_ context: Context) throws -> String {
        let path = context.scratch + "/english-\(context.quick ? "quick" : "big").txt"
        if FileManager.default.fileExists(atPath: path) { return path }
        let parts = try SampleParts(String(contentsOfFile: sample, encoding: .utf8))
        let target = context.quick ? 2_000_000 : 30_000_000
        var text = parts.header
        while text.utf8.count < target { text += parts.body }
        text += parts.footer
        try write(text, to: path)
        return path
    }

    private static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".tmp"))
        try FileManager.default.moveItem(atPath: path + ".tmp", toPath: path)
    }

    static func tocProcess(_ context: Context) throws -> Row {
        try tocRow(context, book: try bookPath(context), work: "`novel toc`, English book, whole process")
    }

    static func denseTocProcess(_ context: Context) throws -> Row {
        try tocRow(
            context, book: try denseBookPath(context),
            work: "`novel toc`, dense English book (the sample repeated whole), whole process")
    }

    /// `novel toc` (no cache, table to a file) against grep, by wall time; the note gives each one's CPU
    /// time per run too (user + system, from the children's rusage), which a loaded machine moves less.
    private static func tocRow(_ context: Context, book: String, work: String) throws -> Row {
        let home = try context.freshFolder("english-toc/home")
        let output = context.scratch + "/english-toc.out"
        let runs = context.plan.warmups + max(1, context.plan.runs)
        let oursCPU = childrenCPU()
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try? FileManager.default.removeItem(atPath: home + "/cache")
            return try context.spawner.time(
                [context.novel, "toc", book], stdout: output, extraEnvironment: ["NOVEL_HOME": home])
        }
        let oursPerRun = (childrenCPU() - oursCPU) / Double(runs)
        let entries = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard entries > 2 else { throw BenchError("novel toc printed no chapters for the English book") }
        let grepOutput = context.scratch + "/english-grep.out"
        let grepCPU = childrenCPU()
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["grep", "-cE", grepPattern, book], stdout: grepOutput)
        }
        let grepPerRun = (childrenCPU() - grepCPU) / Double(runs)
        let matches = ((try? String(contentsOfFile: grepOutput, encoding: .utf8)) ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
        let cpu = String(
            format: "CPU per run %.1f ms against grep's %.1f ms, %.2f×", oursPerRun * 1000, grepPerRun * 1000,
            oursPerRun / max(grepPerRun, 1e-9))
        return .timeRatio(
            work, ours: ours, reference: reference, referenceName: grepName, limit: 3, goal: "≤ 3× the time",
            note: "\(entries) entries printed; grep: \(matches) lines; \(cpu)")
    }

    /// User and system time of every child waited for so far, in seconds.
    private static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    /// Page turns in the English book's longest chapter with the default settings: reflow, curly quotes,
    /// em dashes and illustration captions all on.
    static func pageTurn(_ context: Context) throws -> Row {
        let book = try BookOpener.open(path: try bookPath(context))
        return try PagerBenchmarks.pageTurn(
            context, book: book, what: ", English book with typography on", onlyChapters: true)
    }
}

/// The English sample cut into what the books above are made of.
private struct SampleParts {
    struct Chapter {
        /// The title line under the heading (`THE COCKEREL ON THE ROOF`).
        var title: String
        /// The title as the list of contents gives it (`The Cockerel on the Roof`).
        var listedTitle: String
        /// The chapter's text after its title, ending with blank lines.
        var prose: String
    }

    /// Up to the end of the `*** START OF` line.
    var header: String
    /// Between the START line and the END line.
    var body: String
    /// From the `*** END OF` line on.
    var footer: String
    /// The body before its list of contents.
    var titlePage: String
    var chapters: [Chapter]

    init(_ text: String) throws {
        guard let start = text.range(of: "*** START OF"), let end = text.range(of: "*** END OF") else {
            throw BenchError("\(EnglishBenchmarks.sample) has no START and END lines")
        }
        let bodyStart = text[start.upperBound...].firstIndex(of: "\n").map { text.index(after: $0) } ?? start.upperBound
        header = String(text[..<bodyStart])
        body = String(text[bodyStart..<end.lowerBound])
        footer = String(text[end.lowerBound...])
        guard let contents = body.range(of: "\nCONTENTS\n") else { throw BenchError("the sample has no CONTENTS") }
        titlePage = String(body[..<contents.lowerBound]) + "\n"
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let listed = lines.compactMap { line -> String? in
            guard line.hasPrefix("     CHAPTER "), let dot = line.firstIndex(of: ".") else { return nil }
            return line[line.index(after: dot)...].trimmingCharacters(in: .whitespaces)
        }
        let headings = lines.indices.filter { lines[$0].hasPrefix("CHAPTER ") }
        guard headings.count == listed.count, headings.count > 0 else {
            throw BenchError("the sample's list of contents and its chapters do not match")
        }
        chapters = headings.enumerated().map { position, index in
            let next = position + 1 < headings.count ? headings[position + 1] : lines.count
            let rest = lines[(index + 1)..<next].drop(while: { $0.isEmpty })
            let title = rest.first ?? ""
            let prose = rest.dropFirst().drop(while: { $0.isEmpty }).joined(separator: "\n")
            return Chapter(title: title, listedTitle: listed[position], prose: prose + "\n")
        }
    }
}
