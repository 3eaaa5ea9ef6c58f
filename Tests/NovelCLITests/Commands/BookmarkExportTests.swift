import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel bookmarks --export md|json [--all]`: every bookmark in reading order with its chapter, the text
/// it quotes and its note, for one book or every book novel keeps a state for.
@Suite final class BookmarkExportTests {
    let home: TemporaryDirectory
    let book: String
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    /// 152 bytes: 他说 starts at byte 57 (37.5%), 第二章 at byte 86 (56.6%).
    static let text = """
        第一章　开始

        　　灯笼铺里点着一盏灯。
        他说：“灯灭了。”

        第二章　雨夜

        　　雨夜无灯，只有一盏纸灯笼。

        """

    init() throws {
        home = try TemporaryDirectory("novel-bookmark-export")
        book = try home.write("灯下.txt", Self.text)
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        let result = try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// Bookmarks made out of reading order: the second chapter first, then the book's start, then a line
    /// inside the first chapter.
    func addBookmarks(to path: String) throws {
        #expect(try novel("bookmarks", path, "--add", "--chapter", "1", "--note", "二\n行").stdout == "b1\n")
        #expect(try novel("bookmarks", path, "--add", "--chapter", "0", "--note", "first").stdout == "b2\n")
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in _ = state.addBookmark(in: session.book, offset: 57, note: nil) }
    }

    func markdown(title: String, path: String) -> String {
        """
        # \(title)

        `\(path)`

        ## 第一章　开始

        > 灯笼铺里点着一盏灯。

        first

        — b2, 0.0%

        > 他说：“灯灭了。”

        — b3, 37.5%

        ## 第二章　雨夜

        > 雨夜无灯，只有一盏纸灯笼。

        二
        行

        — b1, 56.6%

        """
    }

    @Test func markdownInReadingOrderWithQuotesAndNotes() throws {
        try addBookmarks(to: book)
        let title = try ReadingSession.open(path: book, paths: paths).book.title
        #expect(try novel("bookmarks", book, "--export", "md").stdout == markdown(title: title, path: book))
    }

    @Test func jsonOfOneBook() throws {
        try addBookmarks(to: book)
        let output = try novel("bookmarks", book, "--export", "json").stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["path"] as? String == book && object["quotedFromBook"] as? Bool == true)
        let rows = try #require(object["bookmarks"] as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["b2", "b3", "b1"])
        #expect(rows.map { $0["offset"] as? Int } == [0, 57, 86])
        #expect(rows.map { $0["percent"] as? Double } == [0, 37.5, 56.6])
        #expect(rows.map { $0["chapterIndex"] as? Int } == [0, 0, 1])
        #expect(rows[1]["quote"] as? String == "他说：“灯灭了。”" && rows[1]["note"] is NSNull)
        #expect(rows[2]["note"] as? String == "二\n行")
        for row in rows {
            #expect(
                Set(row.keys) == [
                    "id", "chapterIndex", "chapterTitle", "offset", "percent", "quote", "note", "created",
                ])
        }
    }

    /// Every book with bookmarks, by title; one whose file is gone is quoted from its saved snippets.
    @Test func allBooksAndABookWhoseFileIsGone() throws {
        try addBookmarks(to: book)
        let gone = try home.write("gone.txt", "Chapter 1\n\nThe lamp was lit at dusk.\n")
        #expect(try novel("bookmarks", gone, "--add", "--note", "lamp").stdout == "b1\n")
        _ = try home.write("unmarked.txt", "第一章\n\n没有书签。\n")
        _ = try novel("bookmarks", home.path + "/unmarked.txt")
        let goneSession = try ReadingSession.open(path: gone, paths: paths)
        let goneTitle = goneSession.book.title
        let saved = try #require(goneSession.state?.bookmarks.first)
        try FileManager.default.removeItem(atPath: gone)
        let title = try ReadingSession.open(path: book, paths: paths).book.title
        let goneSection = """
            # \(goneTitle)

            `\(gone)`

            (The book could not be read: the quotes are the saved snippets.)

            ## \(saved.chapterTitle)

            > \(saved.snippet)

            lamp

            — b1, offset 0

            """
        let sections = [(title, markdown(title: title, path: book)), (goneTitle, goneSection)].sorted { $0.0 < $1.0 }
        #expect(
            try novel("bookmarks", "--export", "md", "--all").stdout
                == sections.map(\.1).joined(separator: "\n"))
        let json = try novel("bookmarks", "--export", "json", "--all").stdout
        let books = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(Set(books.compactMap { $0["path"] as? String }) == [book, gone])
    }

    @Test func flagsThatDoNotGoTogether() throws {
        let lone = try NovelBinary.run(["bookmarks", "--all"], environment: ["NOVEL_HOME": home.path])
        #expect(lone.status != 0 && lone.stderr.contains("--all goes with --export"))
        let both = try NovelBinary.run(
            ["bookmarks", book, "--export", "md", "--all"], environment: ["NOVEL_HOME": home.path])
        #expect(both.status != 0)
        let none = try NovelBinary.run(["bookmarks"], environment: ["NOVEL_HOME": home.path])
        #expect(none.status != 0 && none.stderr.contains("name a book"))
    }
}
