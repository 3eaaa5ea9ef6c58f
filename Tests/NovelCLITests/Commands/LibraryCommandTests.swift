import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel library DIR`: every .txt in a folder with its front-matter title, encoding, chapters and
/// progress; a bad file is reported and the rest listed; a second listing opens only changed files.
@Suite final class LibraryCommandTests {
    let home: TemporaryDirectory
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws {
        home = try TemporaryDirectory("novel-library-cli")
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    func makeFolder() throws -> String {
        let folder = home.path + "/books"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "《水浒传》施耐庵\n\n第一回　张天师祈禳瘟疫\n\n　　话说。\n\n第二回　王教头私走延安府\n\n　　且说。\n"
            .write(toFile: folder + "/shz.txt", atomically: false, encoding: .utf8)
        try "第一章　开始\n\n　　正文。\n".write(toFile: folder + "/无题.txt", atomically: false, encoding: .utf8)
        try Data([0x00, 0x01, 0x02, 0xFF, 0x00, 0x00, 0x10]).write(to: URL(fileURLWithPath: folder + "/broken.txt"))
        try "not a book".write(toFile: folder + "/notes.md", atomically: false, encoding: .utf8)
        return folder
    }

    @Test func listsTitlesEncodingsChaptersAndProgressAndReportsABadFile() throws {
        let folder = try makeFolder()
        let session = try ReadingSession.open(path: folder + "/shz.txt", paths: paths)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: session.book.text.utf8.count / 2)
        }
        let result = try novel("library", folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("broken.txt"))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(
            lines.contains { $0.contains("水浒传") && $0.contains("UTF-8") && $0.contains("%") && $0.contains("shz.txt") })
        #expect(lines.contains { $0.contains("  无题  ") && $0.contains("new") })
        let json = try novel("library", folder, "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let shz = try #require(rows.first { $0["title"] as? String == "水浒传" })
        #expect((shz["chapters"] as? Int ?? 0) >= 2)
        #expect(shz["percent"] is Double)
    }

    @Test func aSecondListingUsesWhatTheFirstLearnedUntilAFileChanges() throws {
        let folder = try makeFolder()
        #expect(try novel("library", folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: paths.cacheDirectory + "/library.json"))
        // A changed file is opened again: its new front matter shows.
        try "书名：新的书名\n\n第一章　开始\n\n　　正文，长了一些。\n"
            .write(toFile: folder + "/无题.txt", atomically: false, encoding: .utf8)
        let again = try novel("library", folder)
        #expect(again.stdout.contains("新的书名"), "\(again.stdout)")
    }

    @Test func aFolderThatCannotBeReadIsAClearError() throws {
        let result = try novel("library", home.path + "/nowhere")
        #expect(result.status == 2)
        #expect(result.stderr.contains("nowhere"))
    }

    /// The columns line up in a terminal: widths are counted in cells, a CJK title two a character, and
    /// the chapter counts are right-aligned.
    @Test func columnsAreAlignedByDisplayWidth() throws {
        let folder = home.path + "/aligned"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "第一章　开始\n\n　　正文。\n".write(toFile: folder + "/红楼梦.txt", atomically: false, encoding: .utf8)
        let chapters = (1...12).map { "第\($0)章　题\n\n　　正文。\n\n" }.joined()
        try chapters.write(toFile: folder + "/an-english-name.txt", atomically: false, encoding: .utf8)
        let result = try novel("library", folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stdout)")
        let measure = DisplayWidth()
        func cells(before piece: String, in line: String, end: Bool = false) -> Int? {
            guard let range = line.range(of: piece) else { return nil }
            return measure.width(of: String(line[..<(end ? range.upperBound : range.lowerBound)]))
        }
        for (piece, end) in [("UTF-8", false), (" chapters", true), (folder, false)] {
            let columns = lines.map { cells(before: piece, in: $0, end: end) }
            #expect(columns.allSatisfy { $0 != nil } && Set(columns).count == 1, "\(piece): \(result.stdout)")
        }
        #expect(lines.contains { $0.contains("红楼梦  ") && $0.contains(" 1 chapters") }, "\(result.stdout)")
    }
}
