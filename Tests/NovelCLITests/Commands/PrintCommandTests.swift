import Foundation
import NovelTestSupport
import Testing

/// `novel print` run as a user would.
@Suite struct PrintCommandTests {
    let sample = Corpus.repositoryPath("books/青灯记.txt")

    func run(_ arguments: [String]) throws -> NovelBinary.Result {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        return try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    /// Terminal cells of a printed row (CJK and full-width punctuation two, the rest one).
    static func cells(_ row: Substring) -> Int {
        row.unicodeScalars.reduce(0) { total, scalar in
            let wide = (0x3000...0x9FFF).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
            return total + (wide ? 2 : 1)
        }
    }

    @Test func oneChapterAtAWidthAndHeight() throws {
        let result = try run(["print", sample, "--chapter", "3", "--width", "37", "--height", "12"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = result.stdout.components(separatedBy: "\u{0C}\n")
        #expect(pages.count > 3)
        for page in pages {
            let rows = page.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(rows.count <= 12)
            #expect(!rows.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "no empty pages")
            for row in rows { #expect(Self.cells(row) <= 37, "\(row)") }
        }
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.first?.trimmingCharacters(in: .whitespaces) == "第一章  雨夜来客", "the title, centred")
        #expect(rows.dropFirst().first?.hasPrefix("    那年的梅雨来得格外早。") == true, "an indented paragraph")
        // Nothing of the chapter is lost: its characters, without spaces, are the printed ones.
        let printed = result.stdout.filter { !$0.isWhitespace && $0 != "\u{0C}" }
        #expect(printed.hasPrefix("第一章雨夜来客那年的梅雨"))
        #expect(printed.contains("布里面是一盏灯。"))
    }

    @Test func fontScaleTwoDoublesCellsAndRows() throws {
        let one = try run(["print", sample, "--chapter", "3", "--width", "40", "--height", "1000"])
        let two = try run(["print", sample, "--chapter", "3", "--width", "40", "--height", "1000", "--font-scale", "2"])
        #expect(one.status == 0 && two.status == 0)
        let scaled = two.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // Each text row is followed by a blank row, and glyphs sit four cells apart.
        let body = try #require(scaled.firstIndex { $0.hasPrefix("        那") })
        #expect(scaled[body + 1].isEmpty)
        #expect(scaled[body].hasPrefix("        那  年  的  梅"))
        let printed = { (text: String) in text.filter { !$0.isWhitespace } }
        #expect(printed(one.stdout) == printed(two.stdout))
    }

    @Test func theWholeBookSeparatesChaptersByFormFeeds() throws {
        let result = try run(["print", sample, "--width", "80", "--height", "1000"])
        #expect(result.status == 0)
        // One page per entry at this height: 22 entries.
        #expect(result.stdout.components(separatedBy: "\u{0C}\n").count == 22)
        #expect(result.stdout.contains("第二章"))
    }

    /// Without `--height` a chapter is one page: a pipe sees no paragraph cut by a page break, and the
    /// text is the same as with pages.
    @Test func withoutAHeightEachChapterIsOnePage() throws {
        let whole = try run(["print", sample, "--width", "80"])
        let paged = try run(["print", sample, "--width", "80", "--height", "12"])
        #expect(whole.status == 0 && paged.status == 0)
        #expect(whole.stdout.components(separatedBy: "\u{0C}\n").count == 22, "one page per entry")
        #expect(paged.stdout.components(separatedBy: "\u{0C}\n").count > 40)
        let printed = { (text: String) in text.filter { !$0.isWhitespace && $0 != "\u{0C}" } }
        #expect(printed(whole.stdout) == printed(paged.stdout))
    }

    /// `上卷 第一回` names a volume on its first chapter's line: an empty TOC entry that prints no blank page.
    @Test func aVolumeNamedOnAChapterLineIsNoBlankPage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let book = try folder.write(
            "volumes.txt", "上卷 第一回　开篇\n　　第一段。\n上卷 第二回　再续\n　　第二段。\n下卷 第三回　收尾\n　　第三段。\n")
        let result = try run(["print", book, "--width", "40", "--height", "100"])
        #expect(result.status == 0)
        let pages = result.stdout.components(separatedBy: "\u{0C}\n")
        #expect(pages.count == 3)
        #expect(pages.allSatisfy { $0.contains("回") })
    }

    @Test(arguments: [
        (["--width", "1"], "--width 1 is too small"),
        (["--font-scale", "1.3"], "--font-scale 1.3: must be 1.0 to 3.0 in steps of 0.5"),
        (["--font-scale", "3.5"], "--font-scale 3.5"),
        (["--font-scale", "3", "--width", "5"], "font scale 3.0 needs at least 6 columns"),
        (["--font-scale", "2", "--height", "1"], "--height 1 is too small"),
        (["--chapter", "22"], "--chapter 22 is out of range"),
        (["--chapter=-1"], "--chapter -1 is out of range"),
    ])
    func badOptionsAreOneLineErrors(options: [String], message: String) throws {
        let result = try run(["print", sample] + options)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("novel: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aMissingBookIsBadInput() throws {
        let result = try run(["print", "no-such-book.txt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-book.txt"))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = [
            "-c", "\"$0\" print \"$1\" --width 20 --height 5 2>&1 | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\"",
            NovelBinary.path, sample,
        ]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == "0\n", "novel exits 0 when the reader closes the pipe")
    }
}
