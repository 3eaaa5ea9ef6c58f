import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// File names from the command line: bytes that are not UTF-8 reach open(2) unchanged and are stored
/// without loss; control characters in a name are shown escaped by every command.
@Suite final class FileNameTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws {
        home = try TemporaryDirectory("novel-file-names")
    }

    deinit { home.remove() }

    let text = (1...3).map { "第\($0)章　标题\($0)\n" + String(repeating: "　　一段正文，写得很长。\n", count: 4) }.joined()

    /// Runs novel through the shell, so that the name's raw bytes (written as printf escapes) are the argument.
    func novel(_ arguments: [String], rawName: String) throws -> NovelBinary.Result {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        return try NovelBinary.run(
            ["-c", "exec \"$NOVEL\" \(quoted.replacingOccurrences(of: "'NAME'", with: "\"$(printf '\(rawName)')\""))"],
            environment: ["NOVEL_HOME": home.path, "NOVEL": NovelBinary.path], shellInstead: true)
    }

    @Test func aGBKNamedFileOpensIsListedByRecentAndKeepsItsBookmarks() throws {
        let bytes: [UInt8] = [0xC7, 0xE0, 0xB5, 0xC6, 0xBC, 0xC7] + Array(".txt".utf8)  // 青灯记.txt in GBK
        let file = home.path + "/" + RawPath.string(fromBytes: bytes.map { CChar(bitPattern: $0) })
        let descriptor = RawPath.withCString(file) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(descriptor >= 0)
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #expect(!FileManager.default.fileExists(atPath: file))  // Foundation would write the name as UTF-8
        // Octal escapes: dash's printf knows no \x.
        let escapes = bytes.map { String(format: "\\%03o", $0) }.joined()
        let folder = home.path
        let raw = folder + "/" + escapes
        let toc = try novel(["toc", "NAME"], rawName: raw)
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(toc.stdout.contains("第2章　标题2"))
        let added = try novel(["bookmarks", "NAME", "--add", "--note", "记号"], rawName: raw)
        #expect(added.status == 0 && added.stdout == "b1\n", "\(added.stderr)")
        // Read as the pager would, through the name kept in the state.
        let session = try ReadingSession.open(path: file, paths: paths)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: 0)
            state.lastRead = Date()
        }
        let recent = try NovelBinary.run(["recent"], environment: ["NOVEL_HOME": home.path])
        // C6 BC happens to be valid UTF-8 (U+01BC): the other bytes are shown escaped.
        #expect(recent.stdout.contains("\\xC7\\xE0\\xB5\u{01BC}\\xC7.txt"), "\(recent.stdout)")
        let json = try NovelBinary.run(["recent", "--json"], environment: ["NOVEL_HOME": home.path])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let stored = try #require(rows.first?["pathBytes"] as? String)
        #expect(Data(base64Encoded: stored) == Data(Array(ReadingSession.absolutePath(folder).utf8) + [0x2F] + bytes))
        let listed = try novel(["bookmarks", "NAME"], rawName: raw)
        #expect(listed.status == 0 && listed.stdout.hasPrefix("b1\t") && listed.stdout.contains("记号"))
        #expect(session.state?.bookmarks.map(\.id) == ["b1"])
    }

    @Test func aNameWithEscapeIsShownEscapedByEveryCommand() throws {
        let name = "x\u{1B}[2J\u{9B}y.txt"
        let path = try home.write(name, text)
        let missing = home.path + "/gone\u{1B}[31m.txt"
        let environment = ["NOVEL_HOME": home.path]
        var results: [(String, NovelBinary.Result)] = []
        // Each command that names the file (toc's table does not).
        for arguments in [
            ["info", path], ["info", path, "--json"], ["bookmarks", path], ["print", path, "--chapter", "9"],
            ["read", path, "--bookmark", "b7"], ["info", missing], ["toc", missing], ["bookmarks", missing],
            ["print", missing], ["read", missing],
        ] {
            results.append((arguments.joined(separator: " "), try NovelBinary.run(arguments, environment: environment)))
        }
        // argument-parser's own message repeats the value typed.
        let badFlag = try NovelBinary.run(["settings", "--set", "x\u{1B}[2J"], environment: environment)
        #expect(badFlag.status != 0 && badFlag.stderr.contains("x\\e[2J") && !badFlag.stderr.contains("\u{1B}"))
        let toc = try NovelBinary.run(["toc", path], environment: environment)
        #expect(toc.status == 0 && !(toc.stdout + toc.stderr).contains("\u{1B}"))
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: 0)
            state.lastRead = Date()
        }
        results.append(("recent", try NovelBinary.run(["recent"], environment: environment)))
        results.append(("recent --json", try NovelBinary.run(["recent", "--json"], environment: environment)))
        for (command, result) in results {
            let output = result.stdout + result.stderr
            #expect(!output.contains("\u{1B}") && !output.contains("\u{9B}"), "\(command)")
            #expect(
                output.contains("x\\e[2J") || output.contains("gone\\e[31m") || output.contains("\\u001b"),
                "\(command): \(output)")
        }
    }
}
