import Foundation
import NovelCore

/// Issue 33's speed goals on an EPUB of the big book's text, which the bench writes itself: the first
/// screen against `less` on the .txt, `novel toc` against `unzip -p`, and the peak memory of an open.
enum EpubBenchmarks {
    /// How many content documents the book's chapters are spread over: many chapters to a file, reached
    /// through fragment links (`part3.xhtml#c120`), as many CJK EPUBs keep them.
    static let documents = 24

    /// The EPUB beside the big book (`big-corpus.epub`; `big-corpus-onefile.epub` in one content document,
    /// as many CJK EPUBs keep a whole book), written again when the book is newer.
    static func bookPath(_ context: Context, documents: Int = documents) throws -> String {
        let path =
            (context.bookPath.hasSuffix(".txt") ? String(context.bookPath.dropLast(4)) : context.bookPath)
            + (documents == 1 ? "-onefile.epub" : ".epub")
        let manager = FileManager.default
        let made = (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
        let source = try manager.attributesOfItem(atPath: context.bookPath)[.modificationDate] as? Date
        if let made, let source, made >= source { return path }
        try write(context.book, to: path + ".tmp", documents: documents)
        try manager.moveItem(atPath: path + ".tmp", toPath: path)
        return path
    }

    /// The book's text as an EPUB 3: the text before the first chapter as a title page, then the chapters
    /// `documents` files, each a `<h2 id>` heading and its lines as paragraphs, and a navigation document
    /// that links every chapter by its fragment.
    static func write(_ book: Book, to path: String, documents: Int = documents) throws {
        try? FileManager.default.removeItem(atPath: path)
        let text = book.text.utf8
        func lines(_ range: Range<Int>) -> [String] {
            String(decoding: text[range], as: UTF8.self).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        func paragraphs(_ range: Range<Int>) -> String {
            lines(range).map { "<p>" + escaped($0) + "</p>\n" }.joined()
        }
        let chapters = book.index.entries.filter { $0.kind != .front }
        let front = book.index.entries.first { $0.kind == .front }?.range ?? 0..<(chapters.first?.range.lowerBound ?? 0)
        let perFile = max(1, (chapters.count + documents - 1) / documents)
        // In one document the title page goes first in it.
        var files: [(name: String, body: String)] = documents == 1 ? [] : [("title.xhtml", paragraphs(front))]
        var navigation = ""
        for (fileNumber, start) in stride(from: 0, to: chapters.count, by: perFile).enumerated() {
            let name = "part\(fileNumber + 1).xhtml"
            var body = documents == 1 ? paragraphs(front) : ""
            for (number, entry) in chapters[start..<min(start + perFile, chapters.count)].enumerated() {
                let id = "c\(start + number + 1)"
                let heading = lines(entry.range.lowerBound..<entry.bodyStart).joined(separator: " ")
                body += "<h2 id=\"\(id)\">\(escaped(heading.isEmpty ? entry.title : heading))</h2>\n"
                body += paragraphs(entry.bodyStart..<entry.range.upperBound)
                navigation += "<li><a href=\"\(name)#\(id)\">\(escaped(entry.title))</a></li>\n"
            }
            files.append((name, body))
        }
        let manifest = files.enumerated().map {
            #"<item id="d\#($0.offset)" href="\#($0.element.name)" "# + #"media-type="application/xhtml+xml"/>"#
        }
        let spine = files.indices.map { #"<itemref idref="d\#($0)"/>"# }
        let package = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="id">urn:uuid:6f1d5c9e-0000-4000-8000-000000000033</dc:identifier>
            <dc:title>\(escaped(book.title))</dc:title><dc:language>zh</dc:language>
            </metadata>
            <manifest>
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            \(manifest.joined(separator: "\n"))
            </manifest>
            <spine>\(spine.joined())</spine>
            </package>
            """
        let container = """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
            </container>
            """
        let writer = try ZipWriter(path: path)
        try writer.add("mimetype", Array("application/epub+zip".utf8), deflated: false)
        try writer.add("META-INF/container.xml", Array(container.utf8))
        try writer.add("OEBPS/content.opf", Array(package.utf8))
        try writer.add(
            "OEBPS/nav.xhtml", Array(document(#"<nav epub:type="toc"><ol>"# + navigation + "</ol></nav>").utf8))
        for file in files {
            try writer.add("OEBPS/" + file.name, Array(document(file.body).utf8))
        }
        try writer.finish()
    }

    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>—</title></head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// `novel read book.epub` to its first screen in tmux, first open and reopen, against `less` on the .txt
    /// of the same text in the same run.
    static func launchRows(_ context: Context) throws -> [Row] {
        let epub = try bookPath(context)
        let tmux = try TmuxBench(context)
        let marker = TerminalBenchmarks.marker(context)
        let text = context.bookPath
        let lessTimes = try collect(warmups: context.plan.warmups, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch("exec env LESSHISTFILE=- LESS= less -- '\(text)'", until: marker)
        }
        func novelCommand(_ home: String) -> String {
            "exec env NOVEL_HOME='\(home)' '\(context.novel)' read '\(epub)'"
        }
        let cold = try collect(warmups: 0, runs: context.plan.slowRuns) {
            let home = try context.freshFolder("epub-launch-home")
            defer { tmux.finish() }
            return try tmux.launch(novelCommand(home), until: marker)
        }
        // A first open keeps the spine record once the whole book is open behind the first screen, and the
        // state when the reader quits.
        let warmHome = try context.freshFolder("epub-launch-warm-home")
        _ = try tmux.launch(novelCommand(warmHome), until: marker)
        let started = now()
        while (try? FileManager.default.contentsOfDirectory(atPath: warmHome + "/cache"))?
            .contains(where: { $0.hasSuffix(".spine") }) != true
        {
            guard now() - started < 60 else { throw BenchError("the reader kept no spine record for the EPUB") }
            usleep(20_000)
        }
        usleep(300_000)
        try tmux.sendKeys(["q"])
        try tmux.waitForExit()
        tmux.finish()
        let warm = try collect(warmups: 0, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch(novelCommand(warmHome), until: marker)
        }
        let size = megabytes((try? FileManager.default.attributesOfItem(atPath: epub)[.size] as? Int) ?? 0)
        return [
            .timeRatio(
                "EPUB launch to first screen, first open", ours: cold, reference: lessTimes,
                referenceName: "`less` on the .txt", limit: 2, goal: "≤ 2× the time",
                note: "EPUB \(size), \(documents + 1) documents; only the first ones read for the first screen"),
            .timeRatio(
                "EPUB launch to first screen, reopen", ours: warm, reference: lessTimes,
                referenceName: "`less` on the .txt", limit: 2, goal: "≤ 2× the time",
                note: "only the documents of the saved chapter read (spine record and index cached)"),
        ]
    }

    /// The peak memory of `novel toc` on the big book's text in one content document: the document is
    /// held once beside its text as it is made (docs/epub.md, "Memory").
    static func oneDocumentRow(_ context: Context) throws -> Row {
        let epub = try bookPath(context, documents: 1)
        let home = try context.freshFolder("epub-onefile/home")
        let output = context.scratch + "/epub-onefile.out"
        let inflated = context.scratch + "/epub-onefile-unzip.out"
        try context.spawner.check(["unzip", "-p", epub], stdout: inflated)
        let inflatedBytes = (try? FileManager.default.attributesOfItem(atPath: inflated)[.size] as? Int) ?? 0
        let peak = try PeakRSS.of(
            [context.novel, "toc", epub], stdout: output, environment: ["NOVEL_HOME": home], context)
        let entries = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard entries > 0 else { throw BenchError("novel toc printed no entries for the one-document EPUB") }
        let goal = 2 * inflatedBytes + 40_000_000
        return Row(
            work: "peak RSS, `novel toc` of one document", ours: megabytes(peak),
            reference: "inflated \(megabytes(inflatedBytes))",
            ratio: String(format: "%.2f× the inflated text", Double(peak) / Double(max(inflatedBytes, 1))),
            goal: "< 2× inflated + 40 MB = \(megabytes(goal))", verdict: peak < goal ? .met : .notMet,
            note: "the book in one XHTML document, \(entries) entries; VmHWM of the whole process, no cache")
    }

    /// `novel toc book.epub > file` as a whole process with no cache, against `unzip -p book.epub > file`, and
    /// that process's peak memory against the text it holds.
    static func tocRows(_ context: Context) throws -> [Row] {
        let epub = try bookPath(context)
        let home = try context.freshFolder("epub-toc/home")
        let output = context.scratch + "/epub-toc.out"
        let environment = ["NOVEL_HOME": home]
        let arguments = [context.novel, "toc", epub]
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try? FileManager.default.removeItem(atPath: home + "/cache")
            return try context.spawner.time(arguments, stdout: output, extraEnvironment: environment)
        }
        let entries = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").count
        guard entries > 0 else { throw BenchError("novel toc printed no entries for the EPUB") }
        // The reference writes the archive's members inflated, one after another, to a file.
        let inflated = context.scratch + "/epub-unzip.out"
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["unzip", "-p", epub], stdout: inflated)
        }
        let inflatedBytes = (try? FileManager.default.attributesOfItem(atPath: inflated)[.size] as? Int) ?? 0
        try? FileManager.default.removeItem(atPath: home + "/cache")
        let peak = try PeakRSS.of(arguments, stdout: output, environment: environment, context)
        // Issue 33's memory goal: twice the inflated text (what `unzip -p` writes) + 40 MB.
        let goal = 2 * inflatedBytes + 40_000_000
        return [
            .timeRatio(
                "`novel toc book.epub`, whole process", ours: ours, reference: reference,
                referenceName: "`unzip -p` to a file", limit: 3, goal: "≤ 3× the time",
                note: "\(entries) entries printed; XHTML inflated \(megabytes(inflatedBytes))"),
            Row(
                work: "peak RSS, `novel toc book.epub`", ours: megabytes(peak),
                reference: "inflated \(megabytes(inflatedBytes))",
                ratio: String(format: "%.2f× the inflated text", Double(peak) / Double(max(inflatedBytes, 1))),
                goal: "< 2× inflated + 40 MB = \(megabytes(goal))", verdict: peak < goal ? .met : .notMet,
                note: "VmHWM of the whole process, no cache"),
        ]
    }
}
