import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Privacy: `novel read --private` keeps a book out of `novel recent` and `novel` alone (its place is still
/// kept), `--no-private` lets it back in, and `novel recent --clear` empties the list.
@Suite final class PrivateReadingTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws { home = try TemporaryDirectory("novel-private-cli") }
    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    let text = (1...5).map { "第\($0)章　标题\n" + String(repeating: "　　一段正文，写得很长很长。\n", count: 5) }.joined()

    /// Saves a reading position halfway as the reader does when it moves (`StoreStorage.saveProgress`).
    func readHalfway(_ path: String) throws {
        let session = try ReadingSession.open(path: path, paths: paths)
        let offset = try BookPlace.percent(50).offset(in: session.book, state: nil)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: offset)
            state.markRead(at: Date())
        }
    }

    func listed() throws -> [String] {
        let json = try novel("recent", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        return rows.compactMap { $0["title"] as? String }
    }

    @Test func aPrivateBookIsNeverListedButKeepsItsPlace() throws {
        // Different texts: a state belongs to a text (its fingerprint), not to a path.
        let open = try home.write("公开.txt", "公开\n" + text)
        let hidden = try home.write("私密.txt", "私密\n" + text)
        try readHalfway(open)
        try readHalfway(hidden)
        #expect(try listed().sorted() == ["公开", "私密"])
        // Without a terminal `novel read` prints, and remembers --private for the book.
        #expect(try novel("read", hidden, "--private").status == 0)
        #expect(try listed() == ["公开"])
        try readHalfway(hidden)
        #expect(try listed() == ["公开"])
        let state = try #require(try ReadingSession.open(path: hidden, paths: paths).state)
        #expect(state.isPrivate && state.lastRead == nil)
        #expect((state.position?.percent ?? 0) > 40)
        // `novel` alone reopens the last book read that is not private (it prints without a terminal).
        #expect(try novel().stdout.contains("第3章"))
        #expect(try novel("read", hidden, "--no-private").status == 0)
        try readHalfway(hidden)
        #expect(try listed().sorted() == ["公开", "私密"])
    }

    @Test func recentClearEmptiesTheListAndKeepsPositionsAndBookmarks() throws {
        let book = try home.write("书.txt", text)
        try readHalfway(book)
        #expect(try novel("bookmarks", book, "--add").status == 0)
        #expect(try listed() == ["书"])
        let cleared = try novel("recent", "--clear")
        #expect(cleared.status == 0)
        #expect(cleared.stdout.contains("Cleared 1 book"))
        #expect(try listed().isEmpty)
        #expect(try novel("recent").stdout.contains("No books read yet"))
        let state = try #require(try ReadingSession.open(path: book, paths: paths).state)
        #expect((state.position?.percent ?? 0) > 40)
        #expect(state.bookmarks.count == 1)
        #expect(try novel("recent", "--clear", "--json").status == 64)
    }
}
