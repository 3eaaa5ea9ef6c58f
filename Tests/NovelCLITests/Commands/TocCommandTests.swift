import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel toc` run as a user would.
struct TocCommandTests {
    let sample = Corpus.repositoryPath("books/青灯记.txt")

    func run(_ arguments: [String]) throws -> NovelBinary.Result {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        return try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    @Test func listsChaptersUnderTheirVolumes() throws {
        let result = try run(["toc", sample])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains(" 2  第一卷　山雨"))
        #expect(lines.contains(" 3    第一章　雨夜来客"))
        #expect(lines.last == "21  后记")
    }

    @Test func jsonHasTheDocumentedKeys() throws {
        let result = try run(["toc", sample, "--json"])
        #expect(result.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 22)
        for (position, row) in rows.enumerated() {
            #expect(Set(row.keys) == ["index", "level", "title", "number", "offset", "characters"])
            #expect(row["index"] as? Int == position)
        }
        let volume = rows[2]
        #expect(volume["level"] as? Int == 0)
        #expect(volume["number"] as? Int == 1)
        #expect(rows[3]["title"] as? String == "第一章　雨夜来客")
        #expect(rows[0]["number"] is NSNull)
        let offsets = rows.compactMap { $0["offset"] as? Int }
        #expect(offsets == offsets.sorted())
        // Offsets point at the headings in the decoded text.
        let bytes = Array(try String(contentsOfFile: sample, encoding: .utf8).utf8)
        let third = try #require(offsets.dropFirst(3).first)
        #expect(String(decoding: bytes[third..<(third + "第一章".utf8.count)], as: UTF8.self) == "第一章")
    }

    @Test func aCustomPatternIsUsed() throws {
        let result = try run(["toc", sample, "--chapter-pattern", "^第[一二三]章"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 4)  // the text before, then three chapters
    }

    @Test func thePatternChosenForTheBookIsUsed() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let copy = try home.write("青灯记.txt", try String(contentsOfFile: sample, encoding: .utf8))
        // What `novel read --chapter-pattern` does: remember the pattern with the book's state.
        let paths = NovelPaths.fromEnvironment(["NOVEL_HOME": home.path])
        _ = try ReadingSession.open(path: copy, chapterPattern: "^第[一二三]章", paths: paths, remember: true)
        let remembered = try NovelBinary.run(["toc", copy], environment: ["NOVEL_HOME": home.path])
        #expect(remembered.status == 0)
        #expect(remembered.stdout.split(separator: "\n").count == 4)
        // An empty pattern on the command line means the built-in rules, this once.
        let builtIn = try NovelBinary.run(
            ["toc", copy, "--chapter-pattern", ""], environment: ["NOVEL_HOME": home.path])
        #expect(builtIn.stdout.split(separator: "\n").count == 22)
        #expect(try NovelBinary.run(["toc", copy], environment: ["NOVEL_HOME": home.path]).stdout == remembered.stdout)
    }

    /// Benchmark hooks are not in the shipped binary: the benchmark package measures `novel toc` from outside.
    @Test func thereIsNoHiddenTimingHook() throws {
        let result = try run(["toc", sample, "--timing"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
    }

    @Test func anInvalidPatternIsBadInput() throws {
        let result = try run(["toc", sample, "--chapter-pattern", "第(.+章"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("invalid chapter pattern"))
        #expect(result.stderr.contains("character"))
    }

    @Test func aMissingBookIsBadInput() throws {
        let result = try run(["toc", "no-such-book.txt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-book.txt"))
    }
}
