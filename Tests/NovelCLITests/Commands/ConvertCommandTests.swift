import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `--convert` on `print`, `toc` and `read`, compared with OpenCC's own command line.
@Suite struct ConvertCommandTests {
    static let simplified = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/sanguoyanyi.gb18030-lf.txt",
        "real/ahq-zhengzhuan.utf8-crlf.txt",
    ]
    static let traditional = [
        "real/rulinwaishi.big5hkscs-crlf.txt", "real/ernvyingxiongzhuan.big5hkscs-crlf.txt",
        "real/laocanyouji.big5hkscs-crlf.txt", "real/niehaihua.big5hkscs-crlf.txt",
    ]

    /// A home whose settings show the text as the file has it but for the conversion (no curly
    /// quotes, no hidden lines, no joined lines): what `opencc` is given.
    static func plainHome() throws -> TemporaryDirectory {
        let home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
        _ = try home.write(
            "config/settings.json", #"{"version":1,"smartQuotes":false,"hideSiteJunk":false,"reflow":"off"}"#)
        return home
    }

    static func run(_ arguments: [String], home: TemporaryDirectory) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    /// `opencc -c CONFIG` over `text`.
    static func opencc(_ text: String, config: String, in folder: TemporaryDirectory) throws -> String {
        let input = try folder.write("opencc-in.txt", text)
        let output = folder.path + "/opencc-out.txt"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["opencc", "-i", input, "-o", output, "-c", config]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "opencc failed")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    static func withoutLayout(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "\u{0C}" }.map(Character.init))
    }

    func sameAsOpenCC(_ path: String, _ conversion: Conversion) throws {
        let home = try Self.plainHome()
        defer { home.remove() }
        let book = try BookOpener.open(path: Corpus.path(path))
        let text = book.text.utf8.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        let expected = Self.withoutLayout(try Self.opencc(text, config: "\(conversion.rawValue).json", in: home))
        let printed = try Self.run(
            ["print", Corpus.path(path), "--convert", conversion.rawValue, "--height", "100000"], home: home)
        #expect(printed.status == 0, "\(printed.stderr)")
        let shown = Self.withoutLayout(printed.stdout)
        #expect(
            shown.count == expected.count, "\(path): \(shown.count) characters shown, opencc gives \(expected.count)")
        if shown != expected {
            let first =
                zip(shown, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(shown.count, expected.count)
            Issue.record(
                "\(path): differs from opencc at character \(first): \(shown.dropFirst(max(0, first - 10)).prefix(30)) vs \(expected.dropFirst(max(0, first - 10)).prefix(30))"
            )
        }
        #expect(shown != Self.withoutLayout(text), "\(path): the conversion changed something")
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: simplified)
    func simplifiedBooksShowWhatOpenCCGivesForS2T(path: String) throws {
        try sameAsOpenCC(path, .s2t)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: traditional)
    func traditionalBooksShowWhatOpenCCGivesForT2S(path: String) throws {
        try sameAsOpenCC(path, .t2s)
    }

    @Test func anUnknownNameListsTheValidOnes() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write("book.txt", "第一章 开始\n\n放松。\n")
        for command in ["print", "toc", "read"] {
            let result = try Self.run([command, book, "--convert", "s2x"], home: home)
            #expect(result.status != 0)
            #expect(
                result.stderr.contains("s2x") && result.stderr.contains("s2twp") && result.stderr.contains("hk2s"),
                "\(result.stderr)")
        }
        let setting = try Self.run(["settings", "--set", "convert=s2x"], home: home)
        #expect(setting.status != 0)
        #expect(setting.stderr.contains("s2twp"), "\(setting.stderr)")
    }

    @Test func tocTitlesAreConverted() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write("book.txt", "第一章 頭髮\n\n他說。\n\n第二章 發展\n\n後來。\n")
        let result = try Self.run(["toc", book, "--convert", "t2s"], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("第一章 头发") && result.stdout.contains("第二章 发展"), "\(result.stdout)")
        let json = try Self.run(["toc", book, "--convert", "t2s", "--json"], home: home)
        #expect(json.stdout.contains("头发"))
        let plain = try Self.run(["toc", book], home: home)
        #expect(plain.stdout.contains("頭髮"))
    }

    @Test func readRemembersTheBooksConversionForPrint() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let book = try home.write("book.txt", "第一章 开始\n\n他放松了。\n")
        // Without a terminal, read prints the pages; the choice is remembered with the book.
        let read = try Self.run(["read", book, "--convert", "s2t"], home: home)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("他放鬆了。"))
        let print = try Self.run(["print", book], home: home)
        #expect(print.stdout.contains("他放鬆了。"), "\(print.stdout)")
        let flag = try Self.run(["print", book, "--convert", "none"], home: home)
        #expect(flag.stdout.contains("他放松了。"), "a flag beats the book's value")
        let setting = try Self.run(["settings", "--set", "convert=s2twp"], home: home)
        #expect(setting.status == 0)
        #expect(
            try Self.run(["print", book], home: home).stdout.contains("他放鬆了。"), "the book's value beats the setting")
    }
}
