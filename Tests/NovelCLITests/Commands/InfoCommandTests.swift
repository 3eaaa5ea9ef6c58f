import Foundation
import NovelTestSupport
import Testing

/// `novel info` run as a user would: the built binary, its output and its exit codes, with NOVEL_HOME in
/// a temporary folder.
@Suite final class InfoCommandTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }
    deinit { home.remove() }

    func novel(_ arguments: [String]) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    @Test func textReportNamesEveryFact() throws {
        let path = Corpus.repositoryPath("books/青灯记.txt")
        let result = try novel(["info", path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let expected = [
            "path:": path, "bytes:": String(bytes), "encoding:": "UTF-8", "encoding source:": "valid UTF-8",
            "invalid sequences:": "0",
        ]
        for (label, value) in expected {
            let line = result.stdout.split(separator: "\n").first { $0.hasPrefix(label) }
            #expect(line.map { $0.hasSuffix(" " + value) } == true, "\(label) in \(result.stdout)")
        }
    }

    /// What reflow decided for the book and why, and that the setting overrides the decision.
    @Test func reflowSaysWhatWasDecidedAndWhy() throws {
        let wrapped = Corpus.repositoryPath("books/the-weather-vane.txt")
        let result = try novel(["info", wrapped])
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("reflow:") }.map(String.init)
        #expect(line?.contains("on (auto; Latin text, hard-wrapped at 70 columns") == true, "\(result.stdout)")
        let plain = try novel(["info", Corpus.repositoryPath("books/青灯记.txt")])
        let plainLine = plain.stdout.split(separator: "\n").first { $0.hasPrefix("reflow:") }.map(String.init)
        #expect(plainLine?.contains("off (auto; CJK text, not hard-wrapped") == true, "\(plain.stdout)")
        #expect(try novel(["settings", "--set", "reflow=off"]).status == 0)
        let forced = try novel(["info", wrapped])
        let forcedLine = forced.stdout.split(separator: "\n").first { $0.hasPrefix("reflow:") }.map(String.init)
        #expect(
            forcedLine?.contains("off (setting reflow = off; Latin text, hard-wrapped at 70 columns") == true,
            "\(forced.stdout)")
    }

    /// `--reflow` on `info` applies once; on `read` it is remembered with the book and named as the book's.
    @Test func reflowGivenForTheBookOverridesAuto() throws {
        let wrapped = Corpus.repositoryPath("books/the-weather-vane.txt")
        func reflowLine(_ arguments: [String]) throws -> String? {
            try novel(arguments).stdout.split(separator: "\n").first { $0.hasPrefix("reflow:") }.map(String.init)
        }
        let auto = try reflowLine(["info", wrapped])
        let once = try reflowLine(["info", wrapped, "--reflow", "off"])
        #expect(once != auto)
        #expect(once?.contains("off (--reflow off; Latin text, hard-wrapped") == true, "\(once ?? "")")
        #expect(try reflowLine(["info", wrapped]) == auto, "given once, not remembered")
        let read = try novel(["read", wrapped, "--reflow", "off"])  // not a terminal: prints the pages
        #expect(read.status == 0, "\(read.stderr)")
        let remembered = try reflowLine(["info", wrapped])
        #expect(remembered?.contains("off (this book's reflow = off;") == true, "\(remembered ?? "")")
        #expect(try novel(["print", wrapped]).stdout == (try novel(["print", wrapped, "--reflow", "off"]).stdout))
        #expect(try novel(["print", wrapped]).stdout != (try novel(["print", wrapped, "--reflow", "on"]).stdout))
    }

    @Test func jsonHasTheDocumentedKeysAndTrueCounts() throws {
        let path = Corpus.repositoryPath("books/the-lamplighter.txt")
        let result = try novel(["info", "--json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "path", "title", "author", "bytes", "encoding", "encodingSource", "characters", "lines",
                "invalidSequences",
                "chapters", "numberedChapters", "chapterRule", "progress", "progressChapter", "bookmarks", "reflow",
                "convert", "secondsRead", "sessions", "charactersPerMinute",
            ])
        #expect(object["sessions"] as? Int == 0)
        #expect(object["charactersPerMinute"] is NSNull)
        let raw = try #require(FileManager.default.contents(atPath: path))
        let text = String(decoding: raw, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(object["path"] as? String == path)
        #expect(object["bytes"] as? Int == raw.count)
        #expect(object["encoding"] as? String == "UTF-8")
        #expect(object["encodingSource"] as? String == "valid UTF-8")
        #expect(object["characters"] as? Int == text.unicodeScalars.count)
        #expect(
            object["lines"] as? Int == text.split(separator: "\n", omittingEmptySubsequences: false).count
                - (text.hasSuffix("\n") ? 1 : 0))
        #expect(object["invalidSequences"] as? Int == 0)
        // Sorted keys: the output is stable for scripts and diffs.
        let keyOrder = [
            "bookmarks", "bytes", "chapterRule", "chapters", "characters", "convert", "encoding", "encodingSource",
            "invalidSequences", "lines", "numberedChapters", "path", "progress", "progressChapter", "reflow",
        ]
        let positions = keyOrder.map { result.stdout.range(of: "\"\($0)\"")!.lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test func forcedAndDetectedSources() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 第一回 灵根育孕源流出 in GBK, repeated so the detector has something to go on.
        let line: [UInt8] = [
            0xB5, 0xDA, 0xD2, 0xBB, 0xBB, 0xD8, 0xA1, 0xA1, 0xC1, 0xE9, 0xB8, 0xF9, 0xD3, 0xFD, 0xD4, 0xD0, 0xD4, 0xB4,
            0xC1, 0xF7, 0xB3, 0xF6, 0x0A,
        ]
        let path = try directory.write("gbk.txt", Array([[UInt8]](repeating: line, count: 50).joined()))
        let detected = try novel(["info", "--json", path])
        #expect(detected.status == 0, "\(detected.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(detected.stdout.utf8)) as? [String: Any])
        #expect(object["encoding"] as? String == "GB18030")
        #expect((object["encodingSource"] as? String)?.hasPrefix("detected (confidence ") == true)
        #expect(object["characters"] as? Int == 50 * 12)
        let forced = try novel(["info", path, "--encoding", "gbk"])
        #expect(forced.status == 0)
        #expect(forced.stdout.contains("encoding source:   forced"))
    }

    @Test func missingDirectoryEmptyAndBinaryFilesExitWithTwo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try directory.write("empty.txt", [])
        var generator = SystemRandomNumberGenerator()
        let binary = try directory.write(
            "photo.txt",
            [0x89, 0x50, 0x4E, 0x47] + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }
                + [UInt8](repeating: 0, count: 64))
        let cases: [(path: String, words: String)] = [
            (directory.path + "/missing.txt", "no such file"), (directory.path, "is a directory"),
            (empty, "empty"), (binary, "binary"),
        ]
        for item in cases {
            let result = try novel(["info", item.path])
            #expect(result.status == 2, "\(item.path)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("novel: \(item.path): "), "\(result.stderr)")
            #expect(result.stderr.contains(item.words), "\(result.stderr)")
        }
    }

    @Test func unknownEncodingExitsWithTwoAndListsNames() throws {
        let result = try novel(["info", Corpus.repositoryPath("books/青灯记.txt"), "--encoding", "martian-7"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown encoding 'martian-7'"))
        for name in ["gb18030", "gbk", "big5", "utf-16le"] { #expect(result.stderr.contains(name)) }
    }

    @Test func chaptersRuleProgressAndBookmarksMatchTocAndState() throws {
        let book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
        let tocResult = try novel(["toc", book, "--json"])
        let toc = try #require(try JSONSerialization.jsonObject(with: Data(tocResult.stdout.utf8)) as? [[String: Any]])
        let numbered = toc.filter { $0["level"] as? Int == 1 && $0["number"] is Int }
        #expect(numbered.count >= 10)

        let unread = try infoObject(book)
        #expect(unread["chapters"] as? Int == toc.count)
        #expect(unread["numberedChapters"] as? Int == numbered.count)
        #expect(unread["chapterRule"] as? String == "chinese")
        #expect(unread["progress"] is NSNull)
        #expect(unread["progressChapter"] is NSNull)
        #expect(unread["bookmarks"] as? Int == 0)
        let unreadText = try novel(["info", book]).stdout
        #expect(unreadText.contains("progress:          not started"), "\(unreadText)")
        #expect(unreadText.contains("chapters:          \(toc.count) (\(numbered.count) numbered)"))

        // Two bookmarks, and a saved position in chapter 5 written as the reader saves it.
        #expect(try novel(["bookmarks", book, "--add", "--chapter", "3"]).status == 0)
        #expect(try novel(["bookmarks", book, "--add", "--percent", "80"]).status == 0)
        let chapter5 = try #require(toc.first { $0["index"] as? Int == 5 })
        let offset = try #require(chapter5["offset"] as? Int) + 30
        try saveReadingPosition(offset: offset, percent: 42.25)
        let read = try infoObject(book)
        #expect(read["bookmarks"] as? Int == 2)
        #expect(read["progress"] as? Double == 42.3)
        #expect(read["progressChapter"] as? String == chapter5["title"] as? String)
        let readText = try novel(["info", book]).stdout
        #expect(readText.contains("progress:          42.3% (\(chapter5["title"] as? String ?? "?"))"), "\(readText)")
        #expect(readText.contains("bookmarks:         2"))
    }

    /// `--convert` on `info` applies once and names itself; the book's remembered choice applies after
    /// it; the chapter holding the position is titled as the reader shows it; a bad name is an error.
    @Test func conversionIsReportedAndTitlesTheChapterAsShown() throws {
        let book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
        let toc = try #require(
            try JSONSerialization.jsonObject(with: Data(try novel(["toc", book, "--json"]).stdout.utf8))
                as? [[String: Any]])
        let plainTitles = toc.compactMap { $0["title"] as? String }
        let convertedToc = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try novel(["toc", book, "--json", "--convert", "s2t"]).stdout.utf8))
                as? [[String: Any]])
        // A chapter whose title the conversion changes (雨夜来客 → 雨夜來客).
        let changed = try #require(toc.indices.first { plainTitles[$0] != convertedToc[$0]["title"] as? String })
        #expect(try novel(["bookmarks", book, "--add", "--chapter", "1"]).status == 0)  // makes the state file
        try saveReadingPosition(offset: try #require(toc[changed]["offset"] as? Int) + 3, percent: 10)

        let plain = try infoObject(book)
        #expect(plain["convert"] as? String == "none")
        #expect(plain["progressChapter"] as? String == plainTitles[changed])
        let once = try infoObject(book, extra: ["--convert", "s2t"])
        #expect(once["convert"] as? String == "--convert s2t")
        #expect(once["progressChapter"] as? String == convertedToc[changed]["title"] as? String)
        #expect(try novel(["info", book, "--convert", "s2t"]).stdout.contains("convert:           --convert s2t"))
        #expect(try infoObject(book)["convert"] as? String == "none", "given once, not remembered")

        // Remembered by `read` (not a terminal: it prints the pages), then reported as the book's.
        #expect(try novel(["read", book, "--convert", "s2t"]).status == 0)
        let remembered = try infoObject(book)
        #expect(remembered["convert"] as? String == "this book's convert = s2t")
        #expect(remembered["progressChapter"] as? String == convertedToc[changed]["title"] as? String)

        let unknown = try novel(["info", book, "--convert", "s2x"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("s2twp"), "the valid names are listed: \(unknown.stderr)")
    }

    @Test func aCustomPatternChangesTheRuleAndAnInvalidOneExitsWithTwo() throws {
        let book = Corpus.repositoryPath("books/青灯记.txt")
        let custom = try infoObject(book, extra: ["--chapter-pattern", "^第.章"])
        #expect((custom["chapterRule"] as? String) != "chinese")
        let invalid = try novel(["info", book, "--chapter-pattern", "第(章"])
        #expect(invalid.status == 2)
        #expect(invalid.stdout.isEmpty)
        #expect(invalid.stderr.hasPrefix("novel: "))
        #expect(invalid.stderr.contains("第(章"), "\(invalid.stderr)")
    }

    func infoObject(_ book: String, extra: [String] = []) throws -> [String: Any] {
        let result = try novel(["info", book, "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// Sets `position` in the only book state file, as the reader does when it saves progress.
    func saveReadingPosition(offset: Int, percent: Double) throws {
        let folder = home.path + "/state/books"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        let name = try #require(names.first)
        let file = folder + "/" + name
        let data = try #require(FileManager.default.contents(atPath: file))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["position"] = [
            "offset": offset, "chapterIndex": 0, "chapterTitle": "stale", "snippet": "",
            "percent": percent, "saved": "2026-01-02T03:04:05.000Z",
        ]
        object["lastRead"] = "2026-01-02T03:04:05.000Z"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
    }
}
