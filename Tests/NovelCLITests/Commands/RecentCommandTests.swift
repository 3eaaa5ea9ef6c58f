import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel recent`: the books read, most recent first, with title, path, progress and time.
@Suite final class RecentCommandTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws {
        home = try TemporaryDirectory("novel-recent-cli")
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    /// Reads `name` as the pager would: saves a position at `percent` and the time it was read.
    @discardableResult
    func read(_ name: String, text: String, percent: Double, at date: Date) throws -> String {
        let path = try home.write(name, text)
        let session = try ReadingSession.open(path: path, paths: paths)
        let offset = try BookPlace.percent(percent).offset(in: session.book, state: nil)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: offset, now: date)
            state.lastRead = date
        }
        return ReadingSession.absolutePath(path)
    }

    let text = (1...20).map { "第\($0)章　标题\n" + String(repeating: "　　一段正文，写得很长很长。\n", count: 5) }.joined()

    @Test func emptyBeforeAnyReading() throws {
        let result = try novel("recent")
        #expect(result.status == 0)
        #expect(result.stdout.contains("No books read yet"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try novel("recent", "--json").stdout.utf8)) as? [Any])
        #expect(json.isEmpty)
    }

    /// The command a first run suggests names a sample that exists: for a binary built in the clone, the
    /// clone's own (scripts/install's layout is checked by scripts/test-install).
    @Test func firstRunSuggestsASampleThatExists() throws {
        for result in [try novel("recent"), try novel()] {
            let suggestion = try #require(
                result.stdout.firstRange(of: "novel read ").map { result.stdout[$0.upperBound...] })
            let path = String(suggestion.prefix { $0 != "\n" })
            #expect(path.hasSuffix("books/青灯记.txt"), "suggested \(path)")
            #expect(FileManager.default.fileExists(atPath: path), "suggested \(path), which does not exist")
        }
    }

    /// A binary copied on its own to a folder of its own has no sample beside it: no path is made up.
    @Test func firstRunWithoutASampleSuggestsNoPath() throws {
        let copy = home.path + "/bin/novel"
        try FileManager.default.createDirectory(atPath: home.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: NovelBinary.path, toPath: copy)
        let result = try NovelBinary.run(
            ["-c", "\"$0\" recent", copy], environment: ["NOVEL_HOME": home.path], shellInstead: true)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Try: novel read BOOK.txt"), "printed \(result.stdout)")
        #expect(!result.stdout.contains("青灯记"))
    }

    @Test func listsBooksMostRecentFirstWithProgress() throws {
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        let older = try read("甲.txt", text: "甲\n" + text, percent: 0, at: base)
        let newest = try read("乙.txt", text: "乙\n" + text, percent: 50, at: base.addingTimeInterval(7200))
        let middle = try read("丙.txt", text: "丙\n" + text, percent: 100, at: base.addingTimeInterval(3600))
        // A book only bookmarked from the command line was not read.
        let unread = try home.write("丁.txt", "丁\n" + text)
        #expect(try novel("bookmarks", unread, "--add").status == 0)
        let json = try novel("recent", "--json")
        #expect(json.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["path"] as? String } == [newest, middle, older])
        #expect(rows.map { $0["title"] as? String } == ["乙", "丙", "甲"])
        let percents = rows.compactMap { $0["percent"] as? Double }
        #expect(percents.count == 3)
        #expect(abs(percents[0] - 50) < 2 && percents[1] == 100 && percents[2] == 0)
        #expect(rows[0]["lastRead"] as? String == "2027-01-15T10:00:00Z")
        for row in rows { #expect(Set(row.keys) == ["title", "path", "percent", "lastRead"]) }
        let lines = try novel("recent").stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].contains("乙") && lines[0].contains(newest) && lines[0].contains("%"))
        #expect(lines[1].contains("100.0%"))
        #expect(lines[2].contains("  0.0%"))
    }

    @Test func aBookEditedInPlaceIsListedOnce() throws {
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        let path = try read("书.txt", text: text, percent: 30, at: base)
        _ = try home.write("书.txt", "新的前言\n" + text)
        let session = try ReadingSession.open(path: path, paths: paths)  // re-anchors into a new state
        try session.update { state in state.lastRead = base.addingTimeInterval(60) }
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(try novel("recent", "--json").stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["lastRead"] as? String == "2027-01-15T08:01:00Z")
    }
}
