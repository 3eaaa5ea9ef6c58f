import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Numbers in a hand-edited state file past what the program counts with (issue 38): a bookmark id
/// `b9223372036854775807` and `nextBookmarkNumber` = Int.max once trapped every command that read the
/// file (`highest + 1`). They are warned about by key, and the commands go on.
@Suite final class OutOfRangeStateTests {
    let home: TemporaryDirectory
    let book: String
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }
    static let hugeID = "b\(Int.max)"

    init() throws {
        home = try TemporaryDirectory("novel-out-of-range-state")
        book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    /// A state file with bookmarks b1 and `hugeID` and `nextBookmarkNumber` = Int.max.
    func writeHugeNumbers() throws -> String {
        #expect(try novel("bookmarks", book, "--add", "--note", "first").stdout == "b1\n")
        #expect(try novel("bookmarks", book, "--add", "--chapter", "3", "--note", "huge").stdout == "b2\n")
        let session = try ReadingSession.open(path: book, paths: paths)
        let file = session.store.path(fingerprint: session.book.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var bookmarks = try #require(object["bookmarks"] as? [[String: Any]])
        bookmarks[1]["id"] = Self.hugeID
        object["bookmarks"] = bookmarks
        object["nextBookmarkNumber"] = Int.max
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        return file
    }

    func expectWarned(_ result: NovelBinary.Result, _ command: String) {
        #expect(result.status == 0, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("nextBookmarkNumber"), "\(command)")
        #expect(result.stderr.contains(Self.hugeID), "\(command)")
    }

    @Test func infoBookmarksAndRecentWarnAndGoOn() throws {
        let file = try writeHugeNumbers()
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let info = try novel("info", book)
        expectWarned(info, "info")
        #expect(info.stdout.contains(/bookmarks: +2\n/))
        let listing = try novel("bookmarks", book)
        expectWarned(listing, "bookmarks")
        let ids = listing.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(ids == ["b1", Self.hugeID])
        let recent = try novel("recent")
        #expect(recent.status == 0, "recent: \(recent.stderr)")
        #expect(recent.stdout.contains("青灯记"))
        // Reading commands change nothing in the file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func addingAfterHugeNumbersTakesTheNextFreeSmallId() throws {
        _ = try writeHugeNumbers()
        let added = try novel("bookmarks", book, "--add")
        expectWarned(added, "bookmarks --add")
        #expect(added.stdout == "b2\n")
        let ids = try novel("bookmarks", book).stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(ids == ["b1", Self.hugeID, "b2"])
        // Now written in range, the file reads without a warning about the next number.
        #expect(!(try novel("bookmarks", book).stderr.contains("nextBookmarkNumber")))
    }
}
