import Foundation
import NovelTestSupport
import Testing

/// The command line of issue 8 as a user meets it, for what the per-command suites do not cover:
/// `novel` alone, every `read` flag without a terminal, `--help` examples, completion scripts, the
/// closed pipe and the exit codes (0 success, 2 bad input, 64 bad flags). NOVEL_HOME is a temporary folder.
@Suite final class CLICommandTests {
    let home: TemporaryDirectory
    let book: String
    let english: String

    init() throws {
        home = try TemporaryDirectory()
        book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
        english = try home.write(
            "the-lamplighter.txt",
            String(contentsOfFile: Corpus.repositoryPath("books/the-lamplighter.txt"), encoding: .utf8))
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try novel(arguments)
    }

    func novel(_ arguments: [String]) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    // MARK: novel alone

    @Test func aloneWithNoBookReadPointsAtTheSample() throws {
        let result = try novel()
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("novel read \(Corpus.repositoryPath("books/青灯记.txt"))"), "\(result.stdout)")
    }

    @Test func aloneReopensTheMostRecentlyReadBookWhoseFileStillExists() throws {
        // Three books with state; the most recent one's file is gone, so the second most recent reopens.
        let gone = try home.write("gone.txt", "Chapter 1\n\nA book that will be deleted.\n")
        for path in [book, english, gone] { #expect(try novel("bookmarks", path, "--add").status == 0) }
        try setLastRead(of: english, "2026-03-01T00:00:00.000Z", offset: 0)
        try setLastRead(of: book, "2026-02-01T00:00:00.000Z", offset: 0)
        try setLastRead(of: gone, "2026-04-01T00:00:00.000Z", offset: 0)
        try FileManager.default.removeItem(atPath: gone)

        let alone = try novel()
        #expect(alone.status == 0, "\(alone.stderr)")
        let read = try novel("read", english)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(!read.stdout.isEmpty)
        #expect(alone.stdout == read.stdout)
        #expect(!alone.stdout.contains("novel read books/青灯记.txt"))

        // Reading the Chinese book more recently makes it the one that reopens.
        try setLastRead(of: book, "2026-05-01T00:00:00.000Z", offset: 0)
        let again = try novel()
        #expect(again.status == 0)
        #expect(again.stdout == (try novel("read", book)).stdout)
        #expect(again.stdout.contains("青灯记"))
    }

    // MARK: read without a terminal, every flag

    @Test func readOpensAtChapterTitleBookmarkAndPercent() throws {
        let toc = try tocTitles(book)
        let third = try #require(toc.firstIndex { $0.hasPrefix("第三章") })
        let byIndex = try novel("read", book, "--chapter", String(third))
        let byTitle = try novel("read", book, "--chapter", "第三章")
        #expect(byIndex.status == 0 && byTitle.status == 0, "\(byIndex.stderr)\(byTitle.stderr)")
        #expect(byIndex.stdout == byTitle.stdout)
        #expect(firstTextLine(byTitle.stdout) == toc[third])

        #expect(try novel("bookmarks", book, "--add", "--chapter", String(third + 2)).stdout == "b1\n")
        let atBookmark = try novel("read", book, "--bookmark", "b1")
        #expect(atBookmark.status == 0, "\(atBookmark.stderr)")
        #expect(firstTextLine(atBookmark.stdout) == toc[third + 2])

        let whole = try novel("read", book, "--percent", "0")
        let half = try novel("read", book, "--percent", "50")
        let end = try novel("read", book, "--percent", "100")
        #expect(whole.status == 0 && half.status == 0 && end.status == 0)
        #expect(whole.stdout.count > half.stdout.count && half.stdout.count > end.stdout.count)
        #expect(whole.stdout.hasSuffix(half.stdout.suffix(200)))
    }

    @Test func readModeEncodingAndPatternFlags() throws {
        for mode in ["page", "scroll"] {
            let result = try novel("read", book, "--mode", mode, "--chapter", "第一章")
            #expect(result.status == 0, "\(mode): \(result.stderr)")
            #expect(firstTextLine(result.stdout) == "第一章　雨夜来客")
        }
        // 第一回 灵根育孕源流出 in GBK.
        let line: [UInt8] = [
            0xB5, 0xDA, 0xD2, 0xBB, 0xBB, 0xD8, 0x20, 0xC1, 0xE9, 0xB8, 0xF9, 0xD3, 0xFD, 0xD4, 0xD0, 0xD4, 0xB4,
            0xC1, 0xF7, 0xB3, 0xF6, 0x0A,
        ]
        let gbk = try home.write("gbk.txt", Array([[UInt8]](repeating: line, count: 40).joined()))
        let forced = try novel("read", gbk, "--encoding", "gbk")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("灵根育孕源流出"))

        let patterned = try home.write("patterned.txt", "卷1\n甲乙丙。\n卷2\n丁戊己。\n卷3\n庚辛壬。\n")
        let result = try novel("read", patterned, "--chapter-pattern", "^卷[0-9]+", "--chapter", "卷2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(firstTextLine(result.stdout) == "卷2")
        #expect(!result.stdout.contains("甲乙丙"))
    }

    // MARK: exit codes

    /// A command line (BOOK: the sample, MISSING: a file that does not exist) and its exit status.
    static let errorCases: [(arguments: [String], status: Int32)] = [
        (["read", "MISSING"], 2), (["toc", "MISSING"], 2), (["info", "MISSING"], 2), (["print", "MISSING"], 2),
        (["bookmarks", "MISSING"], 2),
        (["read", "BOOK", "--encoding", "martian-7"], 2), (["toc", "BOOK", "--encoding", "martian-7"], 2),
        (["print", "BOOK", "--encoding", "martian-7"], 2), (["bookmarks", "BOOK", "--encoding", "martian-7"], 2),
        (["read", "BOOK", "--chapter-pattern", "第(章"], 2), (["toc", "BOOK", "--chapter-pattern", "[unclosed"], 2),
        (["bookmarks", "BOOK", "--chapter-pattern", "(?<"], 2),
        (["read", "BOOK", "--bookmark", "b99"], 2), (["read", "BOOK", "--chapter", "第九百章"], 2),
        (["read", "BOOK", "--mode", "sideways"], 64), (["read", "BOOK", "--percent", "lots"], 64),
        (["read", "BOOK", "--bogus"], 64), (["toc", "BOOK", "--bogus"], 64), (["info"], 64),
        (["print", "BOOK", "--width", "wide"], 64), (["recent", "--bogus"], 64), (["settings", "--bogus"], 64),
        (["bookmarks"], 64), (["--bogus"], 64), (["no-such-command"], 64),
    ]

    @Test(arguments: errorCases)
    func errorsExitWithTheirCodeAndOneLineOnStderr(arguments: [String], status: Int32) throws {
        let missing = home.path + "/missing.txt"
        let resolved = arguments.map { $0 == "BOOK" ? book : $0 == "MISSING" ? missing : $0 }
        let result = try NovelBinary.run(resolved, environment: ["NOVEL_HOME": home.path])
        #expect(result.status == status, "\(resolved): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
        if status == 2 {
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("novel: "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        if arguments.contains("MISSING") { #expect(result.stderr.contains(missing)) }
        if arguments.contains("martian-7") { #expect(result.stderr.contains("martian-7")) }
        // Nothing was remembered from a failed command.
        if status == 64 { #expect(!FileManager.default.fileExists(atPath: home.path + "/state/books")) }
    }

    @Test(arguments: [["print", "LONG"], ["read", "LONG"], ["print", "LONG", "--width", "20", "--height", "3"]])
    func aClosedPipeExitsZeroWithNothingOnStderr(arguments: [String]) throws {
        // Far larger than a pipe's buffer, so that head closes the pipe before novel has written it all.
        let long = try home.write(
            "long.txt", String(repeating: try String(contentsOfFile: english, encoding: .utf8), count: 30))
        let resolved = arguments.map { $0 == "LONG" ? long : $0 }
        let errors = home.path + "/stderr.txt"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments =
            [
                "-c", "\"$0\" \"$@\" 2>\"\(errors)\" | head -1 >/dev/null; echo \"${PIPESTATUS[0]}\"",
                NovelBinary.path,
            ] + resolved
        var environment = ProcessInfo.processInfo.environment
        environment["NOVEL_HOME"] = home.path
        shell.environment = environment
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == "0\n", "\(resolved)")
        #expect(try String(contentsOfFile: errors, encoding: .utf8).isEmpty)
        #expect(try novel(resolved[0], long).stdout.utf8.count > 1 << 19)
    }

    // MARK: help, version, completion

    /// `read` is left out: its help text belongs to the terminal helper's command (see docs/cli.md).
    @Test(arguments: [[], ["toc"], ["bookmarks"], ["settings"], ["info"], ["print"], ["recent"]])
    func everyHelpHasExamplesThatUseTheCommand(command: [String]) throws {
        let result = try novel(command + ["--help"])
        #expect(result.status == 0)
        let help = result.stdout
        let examples = try #require(help.range(of: "Examples:\n"), "\(command): \(help)")
        let lines = help[examples.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  novel") }
        #expect(lines.count >= 2, "\(command): \(help)")
        if let name = command.first { #expect(lines.allSatisfy { $0.hasPrefix("  novel \(name)") }) }
    }

    @Test func versionPrintsASemanticVersion() throws {
        let result = try novel("--version")
        #expect(result.status == 0)
        #expect(
            result.stdout.range(of: #"^novel [0-9]+\.[0-9]+\.[0-9]+ \([^)]+\)\n$"#, options: .regularExpression) != nil)
        #expect(try novel("toc", "--version").stdout == result.stdout)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsNameEveryCommandAndFlag(shell: String) throws {
        let result = try novel("--generate-completion-script", shell)
        #expect(result.status == 0, "\(result.stderr)")
        for word in [
            "read", "toc", "bookmarks", "settings", "info", "print", "recent", "chapter-pattern", "bookmark",
            "font-scale", "reset-all",
        ] {
            #expect(result.stdout.contains(word), "\(shell) script lacks \(word)")
        }
        #expect(!result.stdout.contains("widths"), "the hidden command stays out of completion")
    }

    @Test func theBashCompletionScriptLoadsAndCompletesSubcommands() throws {
        let script = try novel("--generate-completion-script", "bash").stdout
        let file = try home.write("novel.bash", script)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = [
            "-c",
            """
            source "$0" || exit 9
            COMP_WORDS=(novel bo); COMP_CWORD=1; COMP_LINE="novel bo"; COMP_POINT=${#COMP_LINE}
            fn=$(complete -p novel | sed -E 's/.*-F ([^ ]+).*/\\1/'); "$fn" novel bo novel
            printf '%s\\n' "${COMPREPLY[@]}"
            COMP_WORDS=(novel read book.txt --mode ''); COMP_CWORD=4; COMP_LINE="novel read book.txt --mode "
            COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            "$fn" novel '' --mode
            printf 'mode:%s\\n' "${COMPREPLY[@]}"
            """,
            file,
        ]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = Pipe()
        try shell.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains("bookmarks"), "\(lines)")
        #expect(lines.contains("mode:page") && lines.contains("mode:scroll"), "\(lines)")
    }

    /// docs/novel.1 is generated (scripts/man-page); this notices when a command or flag was added since.
    @Test func theManPageHasEveryCommandAndFlag() throws {
        let page = try String(contentsOfFile: Corpus.repositoryPath("docs/novel.1"), encoding: .utf8)
        for command in ["read", "toc", "bookmarks", "settings", "info", "print", "recent"] {
            #expect(page.contains(".It Em \(command)\n"), "docs/novel.1 lacks \(command): run scripts/man-page")
            let help = try novel(command, "--help").stdout
            let options = try #require(help.range(of: "OPTIONS:\n")).upperBound
            let flags = help[options...].split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^  (?:-[a-z], )?(--[a-z][a-z-]*)/).map { String($0.1) }
            }
            #expect(flags.count >= 3)
            for flag in flags where flag != "--help" {
                let name = "Fl \(flag.dropFirst())"
                #expect(
                    page.contains(name + " ") || page.contains(name + "\n"), "docs/novel.1 lacks \(command) \(flag)")
            }
        }
        #expect(page.contains("\\[u9752]\\[u706F]\\[u8BB0]"), "CJK examples survive as groff escapes")
    }

    // MARK: recent with books

    @Test func recentListsReadBooksMostRecentFirstWithProgress() throws {
        for path in [book, english] { #expect(try novel("bookmarks", path, "--add").status == 0) }
        try setLastRead(of: book, "2026-02-01T00:00:00.000Z", offset: 0, percent: 12.5)
        try setLastRead(of: english, "2026-03-01T00:00:00.000Z", offset: 0, percent: 80)
        let json = try novel("recent", "--json")
        #expect(json.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["percent"] as? Double } == [80, 12.5])
        #expect(
            rows.map { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                "the-lamplighter.txt", "青灯记.txt",
            ])
        let text = try novel("recent").stdout.split(separator: "\n")
        #expect(text.count == 2)
        #expect(text.first?.contains(" 80.0%") == true && text.last?.contains(" 12.5%") == true)
    }

    // MARK: helpers

    func tocTitles(_ path: String) throws -> [String] {
        let result = try novel("toc", path, "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return rows.compactMap { $0["title"] as? String }
    }

    /// The first non-blank line, trimmed; an ideographic space (U+3000) laid out as two spaces is
    /// turned back into one, so that the line compares equal to its TOC title.
    func firstTextLine(_ output: String) -> String {
        output.replacingOccurrences(of: "  ", with: "\u{3000}").split(separator: "\n").lazy.map {
            $0.trimmingCharacters(in: .whitespaces)
        }.first { !$0.isEmpty } ?? ""
    }

    /// Writes `lastRead` and a saved position into the book's state file, as the reader does on quitting.
    func setLastRead(of path: String, _ date: String, offset: Int, percent: Double = 0) throws {
        let folder = home.path + "/state/books"
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".json") {
            let file = folder + "/" + name
            let data = try #require(FileManager.default.contents(atPath: file))
            var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            guard let lastPath = object["lastPath"] as? String,
                URL(fileURLWithPath: lastPath).resolvingSymlinksInPath().path == resolved
            else { continue }
            object["lastRead"] = date
            object["position"] = [
                "offset": offset, "chapterIndex": 0, "chapterTitle": "", "snippet": "", "percent": percent,
                "saved": date,
            ]
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
            return
        }
        Issue.record("no state file for \(path)")
    }
}
