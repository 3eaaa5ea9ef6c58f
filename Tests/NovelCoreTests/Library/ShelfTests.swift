import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The library overlay's shelf: the recent books first, then the folder's books not among them, each with
/// its progress, last read day and time left; problems are reported and the rest listed.
@Suite final class ShelfTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws { home = try TemporaryDirectory("novel-shelf") }
    deinit { home.remove() }

    func folder() throws -> String {
        let folder = home.path + "/books"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "《水浒传》施耐庵\n\n第一回　张天师\n\n　　话说。\n".write(toFile: folder + "/shz.txt", atomically: false, encoding: .utf8)
        try "书名：西游记\n\n第一回　灵根\n\n　　诗曰。\n".write(toFile: folder + "/xyj.txt", atomically: false, encoding: .utf8)
        return folder
    }

    /// Opens `path` and saves a place `fraction` of the way in, as the reader does (marking it read).
    func read(_ path: String, fraction: Double, at date: Date) throws {
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in
            let position = BookmarkFactory.position(
                book: session.book, offset: Int(Double(session.book.text.utf8.count) * fraction))
            state.position = position
            state.markRead(at: date)
        }
    }

    @Test func recentBooksComeFirstThenTheFoldersOthersOnce() throws {
        let folder = try folder()
        let elsewhere = try home.write("elsewhere.txt", "第一章　开始\n\n　　正文。\n")
        try read(folder + "/xyj.txt", fraction: 0.5, at: Date(timeIntervalSince1970: 1_800_000_000))
        try read(elsewhere, fraction: 0.2, at: Date(timeIntervalSince1970: 1_800_100_000))
        let shelf = Shelf.books(folder: folder, paths: paths)
        #expect(shelf.problems.isEmpty)
        #expect(shelf.books.map(\.title) == ["elsewhere", "西游记", "水浒传"])
        #expect(shelf.books[0].lastRead == Date(timeIntervalSince1970: 1_800_100_000))
        #expect(shelf.books[1].percent != nil)
        #expect(shelf.books[2].percent == nil && shelf.books[2].lastRead == nil)
        // Without a folder: the recent books only.
        #expect(Shelf.books(folder: "", paths: paths).books.map(\.title) == ["elsewhere", "西游记"])
    }

    @Test func anUnreadableFolderIsAProblemAndTheRecentBooksStayListed() throws {
        let elsewhere = try home.write("elsewhere.txt", "第一章　开始\n\n　　正文。\n")
        try read(elsewhere, fraction: 0.2, at: Date())
        let shelf = Shelf.books(folder: home.path + "/missing", paths: paths)
        #expect(shelf.books.map(\.title) == ["elsewhere"])
        #expect(shelf.problems.count == 1 && shelf.problems[0].contains("missing"))
    }

    @Test func aTildeIsTheHomeFolder() {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        #expect(Shelf.expandingHome("~/books") == home + "/books")
        #expect(Shelf.expandingHome("~") == home)
        #expect(Shelf.expandingHome("/srv/~books") == "/srv/~books")
    }
}
