import Foundation
import NovelTestSupport
import Testing

/// `novel settings`, `novel bookmarks` and `novel recent` run as a user would, with NOVEL_HOME in a
/// temporary folder.
@Suite final class StateCommandTests {
    let home: TemporaryDirectory
    let book: String

    init() throws {
        home = try TemporaryDirectory()
        book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    @Test func settingsSetGetResetAndJSON() throws {
        #expect(try novel("settings", "--set", "fontScale=2", "--set", "theme=night").status == 0)
        #expect(try novel("settings", "--get", "fontScale").stdout == "2.0\n")
        let listing = try novel("settings").stdout
        #expect(listing.contains("theme = night"))
        #expect(listing.contains(home.path + "/config/settings.json"))
        let json = try novel("settings", "--json").stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["theme"] as? String == "night")
        #expect(try novel("settings", "--reset", "theme").status == 0)
        #expect(try novel("settings", "--get", "theme").stdout == "terminal\n")
        #expect(try novel("settings", "--reset-all").status == 0)
        #expect(try novel("settings", "--get", "fontScale").stdout == "1.0\n")
    }

    @Test func badSettingsAreBadInput() throws {
        let outOfRange = try novel("settings", "--set", "fontScale=4")
        #expect(outOfRange.status == 2)
        #expect(outOfRange.stderr.contains("fontScale") && outOfRange.stderr.contains("1.0 to 3.0"))
        #expect(try novel("settings", "--set", "colour=red").status == 2)
        #expect(try novel("settings", "--get", "colour").status == 2)
        #expect(try novel("settings", "--set", "width").status == 64)  // usage error: no '='
        #expect(!FileManager.default.fileExists(atPath: home.path + "/config/settings.json"))
    }

    @Test func aCorruptSettingsFileIsReportedAndKept() throws {
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
        try "{oops".write(toFile: home.path + "/config/settings.json", atomically: false, encoding: .utf8)
        let result = try novel("settings")
        #expect(result.status == 0)
        #expect(result.stderr.contains("not valid JSON"))
        let names = try FileManager.default.contentsOfDirectory(atPath: home.path + "/config")
        #expect(names.contains { $0.hasPrefix("settings.json.corrupt-") })
    }

    @Test func bookmarksAddListNoteRemoveAndJSON() throws {
        #expect(try novel("bookmarks", book, "--add", "--note", "伏笔").stdout == "b1\n")
        #expect(try novel("bookmarks", book, "--add", "--chapter", "第三章").stdout == "b2\n")
        #expect(try novel("bookmarks", book, "--add", "--chapter", "5", "--note", "five").stdout == "b3\n")
        #expect(try novel("bookmarks", book, "--add", "--percent", "50").stdout == "b4\n")
        #expect(try novel("bookmarks", book, "--note", "b2", "改过的").status == 0)
        #expect(try novel("bookmarks", book, "--remove", "b1").status == 0)
        let listing = try novel("bookmarks", book).stdout
        #expect(listing.contains("b2\t第三章　渡口灯火\t"))
        #expect(listing.contains("改过的"))
        #expect(!listing.contains("伏笔"))
        let json = try novel("bookmarks", book, "--json").stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["b2", "b3", "b4"])
        for row in rows {
            #expect(Set(row.keys) == ["id", "chapterIndex", "chapterTitle", "offset", "snippet", "note", "created"])
        }
        #expect(rows[1]["chapterIndex"] as? Int == 5)
        #expect((rows[0]["snippet"] as? String)?.hasPrefix("第三章") == true)
        // A new bookmark never reuses a removed id.
        #expect(try novel("bookmarks", book, "--add").stdout == "b5\n")
    }

    @Test func bookmarkErrorsAreBadInput() throws {
        #expect(try novel("bookmarks", book, "--remove", "b42").status == 2)
        #expect(try novel("bookmarks", book, "--add", "--chapter", "999").status == 2)
        #expect(try novel("bookmarks", book, "--add", "--percent", "150").status == 2)
        #expect(try novel("bookmarks", home.path + "/missing.txt").status == 2)
        #expect(try novel("bookmarks", book, "--add", "--remove", "b1").status == 64)
    }

    @Test func recentListsBooksMostRecentFirst() throws {
        #expect(try novel("recent").stdout.contains("No books read yet"))
        let json = try novel("recent", "--json")
        #expect(json.status == 0)
        #expect(
            json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || json.stdout.contains("[]")
                || (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.isEmpty == true)
    }
}
