import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Issue 38, items 9 and 13, through the binary: a cache or state folder others can write to is not used
/// (one warning, caches made elsewhere, state not written there), and what writers killed half-way left
/// behind is removed by the next write.
@Suite final class UntrustedFolderTests {
    let home: TemporaryDirectory
    let book: String
    /// Where the binary makes its run folder (`TMPDIR`), to see that it is removed at the end.
    let temporary: String

    init() throws {
        home = try TemporaryDirectory("novel-untrusted-folders")
        book = try home.write("book.txt", "第一章 青灯\n\n青灯照夜，人在灯下读书。\n\n第二章 白日\n\n天亮了。\n")
        temporary = home.path + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    deinit { home.remove() }

    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(
            ["-c", "exec timeout -s KILL 30 \"$0\" \"$@\"", NovelBinary.path] + arguments,
            environment: ["NOVEL_HOME": home.path, "TMPDIR": temporary], shellInstead: true)
    }

    func warnings(_ result: NovelBinary.Result) -> [Substring] {
        result.stderr.split(separator: "\n").filter { $0.contains("not using the") }
    }

    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Conversion tables someone else planted in a group- or world-writable cache folder: the crafted
    /// tables change the text while the folder is private (so the crafting works), and are ignored, with
    /// one warning, once others can write to the folder.
    @Test(arguments: [0o777 as mode_t, 0o775])
    func craftedConversionTablesInAFolderOthersCanWriteAreNotUsed(mode: mode_t) throws {
        let first = try novel("print", book, "--convert", "s2t")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("青燈照夜"))
        let tables = paths.cacheDirectory + "/opencc-s2t.tables"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: tables)))
        let lamp = Array("燈".utf8)
        let crafted = Array("炎".utf8)
        var replaced = 0
        for start in 0...(bytes.count - lamp.count) where Array(bytes[start..<start + lamp.count]) == lamp {
            bytes.replaceSubrange(start..<start + lamp.count, with: crafted)
            replaced += 1
        }
        #expect(replaced > 0)
        try Data(bytes).write(to: URL(fileURLWithPath: tables))
        let trusted = try novel("print", book, "--convert", "s2t")
        #expect(trusted.stdout.contains("青炎照夜"), "the crafted tables are used from a private folder")
        #expect(warnings(trusted).isEmpty)

        #expect(chmod(paths.cacheDirectory, mode) == 0)
        let untrusted = try novel("print", book, "--convert", "s2t")
        #expect(untrusted.status == 0, "\(untrusted.stderr)")
        #expect(untrusted.stdout.contains("青燈照夜"), "\(untrusted.stdout)")
        let warned = warnings(untrusted)
        #expect(warned.count == 1, "\(untrusted.stderr)")
        let reason = mode & 0o002 != 0 ? "is writable by everyone" : "is writable by its group"
        #expect(
            warned.first?.contains("not using the cache folder \(paths.cacheDirectory): it \(reason)") == true,
            "\(untrusted.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tables)) == Data(bytes), "the planted file is left as it is")
        #expect(files(temporary).isEmpty, "the run folder is removed at the end: \(files(temporary))")
    }

    /// A FIFO planted as the chapter index in a folder others can write to is never opened.
    @Test func aFIFOPlantedInAnOpenCacheFolderIsNeverOpened() throws {
        #expect(try novel("toc", book).status == 0)
        let cache = paths.cacheDirectory
        let index = try #require(files(cache).first { $0.hasPrefix("chapters-") && $0.hasSuffix(".idx") })
        try FileManager.default.removeItem(atPath: cache + "/" + index)
        #expect(mkfifo(cache + "/" + index, 0o666) == 0)
        #expect(chmod(cache, 0o777) == 0)
        let started = Date()
        let toc = try novel("toc", book)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(toc.stdout.contains("第二章"))
        #expect(warnings(toc).count == 1)
    }

    /// A state folder others can write to is neither read nor written: the bookmark added is not kept
    /// there, and the state already there is not shown.
    @Test func aStateFolderOthersCanWriteIsNeitherReadNorWritten() throws {
        #expect(try novel("bookmarks", book, "--add", "--note", "mine").stdout == "b1\n")
        let books = paths.stateDirectory + "/books"
        let before = files(books)
        let stateFile = try #require(before.first { $0.hasSuffix(".json") })
        let saved = try Data(contentsOf: URL(fileURLWithPath: books + "/" + stateFile))
        #expect(chmod(books, 0o777) == 0)
        let add = try novel("bookmarks", book, "--add", "--note", "theirs")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(warnings(add).count == 1)
        #expect(
            warnings(add).first?.contains("not using the state folder \(books): it is writable by everyone") == true)
        #expect(files(books) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: books + "/" + stateFile)) == saved)
        let list = try novel("bookmarks", book)
        #expect(!list.stdout.contains("mine"), "a state someone else could have written is not read")
        #expect(files(temporary).isEmpty)
        #expect(chmod(books, 0o700) == 0)
        #expect(try novel("bookmarks", book).stdout.contains("mine"))
    }

    /// As root, a cache folder given to another user (nobody): ignored with a warning naming the owner.
    @Test func aCacheFolderOfAnotherUserIsNotUsed() throws {
        guard geteuid() == 0 else {
            print(
                "UntrustedFolderTests: not root, so no folder can be given to another user; skipped (FolderTrustTests injects the uid)"
            )
            return
        }
        #expect(try novel("toc", book).status == 0)
        #expect(chown(paths.cacheDirectory, 65534, 65534) == 0)
        let toc = try novel("toc", book)
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(toc.stdout.contains("第二章"))
        #expect(warnings(toc).count == 1)
        #expect(toc.stderr.contains("is owned by another user (uid 65534)"))
    }

    /// The folder's name is printed escaped: it may hold control characters.
    @Test func theWarningEscapesTheFoldersName() throws {
        let odd = home.path + "/odd\u{1B}[31mhome"
        try FileManager.default.createDirectory(atPath: odd + "/cache", withIntermediateDirectories: true)
        #expect(chmod(odd + "/cache", 0o777) == 0)
        let toc = try NovelBinary.run(["toc", book], environment: ["NOVEL_HOME": odd, "TMPDIR": temporary])
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(warnings(toc).count == 1, "\(toc.stderr)")
        #expect(!toc.stderr.contains("\u{1B}"))
        #expect(toc.stderr.contains("odd"))
    }

    /// Temporary files of writers killed half-way (a dead process id in the name, written two minutes
    /// ago) are removed by the next write in their folder; a file being written now is not.
    @Test func theNextWriteRemovesWhatKilledWritersLeft() throws {
        #expect(try novel("bookmarks", book, "--add").status == 0)
        #expect(try novel("toc", book).status == 0)
        let dead = try #require(unusedProcessID())
        let twoMinutesAgo = Date().addingTimeInterval(-120)
        var stale: [String] = []
        for folder in [paths.stateDirectory + "/books", paths.cacheDirectory] {
            for number in 1...3 {
                let path = folder + "/.left-\(number).json.tmp-\(dead)-\(number)"
                try Data("half".utf8).write(to: URL(fileURLWithPath: path))
                try FileManager.default.setAttributes([.modificationDate: twoMinutesAgo], ofItemAtPath: path)
                stale.append(path)
            }
        }
        let writing = paths.stateDirectory + "/books/.writing.json.tmp-1-7"
        try Data("half".utf8).write(to: URL(fileURLWithPath: writing))

        #expect(try novel("bookmarks", book, "--add").status == 0)
        let other = try home.write("other.txt", "第一章 另一本\n\n别的书。\n")
        #expect(try novel("toc", other).status == 0, "a new index is stored in the cache")
        for path in stale { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        #expect(FileManager.default.fileExists(atPath: writing))
    }

    /// `cacheMegabytes` holds the index cache to its size through the binary: an old index that no
    /// longer fits goes when a new book's index is stored.
    @Test func theCacheLimitSettingEvictsTheOldestIndex() throws {
        #expect(try novel("settings", "--set", "cacheMegabytes=1").status == 0)
        #expect(try novel("settings", "--get", "cacheMegabytes").stdout == "1\n")
        try FileManager.default.createDirectory(atPath: paths.cacheDirectory, withIntermediateDirectories: true)
        let old = paths.cacheDirectory + "/chapters-00000000000000aa.idx"
        try Data(count: 999_000).write(to: URL(fileURLWithPath: old))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-86400)], ofItemAtPath: old)
        let toc = try novel("toc", book)
        #expect(toc.status == 0, "\(toc.stderr)")
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(files(paths.cacheDirectory).contains { $0.hasPrefix("chapters-") && $0.hasSuffix(".idx") })
    }
}
