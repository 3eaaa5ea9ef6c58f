import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel bookmarks` as a user runs it, with NOVEL_HOME in a temporary folder.
@Suite final class BookmarksCommandTests {
    let home: TemporaryDirectory
    let book: String
    var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": home.path]) }

    init() throws {
        home = try TemporaryDirectory("novel-bookmarks-cli")
        book = try home.write(
            "青灯记.txt", String(contentsOfFile: Corpus.repositoryPath("books/青灯记.txt"), encoding: .utf8))
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    func rows(_ result: NovelBinary.Result) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func stateFile() throws -> String {
        let session = try ReadingSession.open(path: book, paths: paths)
        return session.store.path(fingerprint: session.book.fingerprint)
    }

    @Test func addListNoteRemoveAndJSON() throws {
        #expect(try novel("bookmarks", book).stdout.contains("No bookmarks"))
        #expect(
            try novel("bookmarks", book, "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")
        #expect(try novel("bookmarks", book, "--add", "--note", "伏笔").stdout == "b1\n")
        #expect(try novel("bookmarks", book, "--add", "--chapter", "第三章").stdout == "b2\n")
        #expect(try novel("bookmarks", book, "--add", "--chapter", "5", "--note", "five").stdout == "b3\n")
        #expect(try novel("bookmarks", book, "--add", "--percent", "50").stdout == "b4\n")
        #expect(try novel("bookmarks", book, "--note", "b2", "改过的").status == 0)
        #expect(try novel("bookmarks", book, "--remove", "b1").status == 0)
        let listing = try novel("bookmarks", book).stdout
        let lines = listing.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.map { String($0[0]) } == ["b2", "b3", "b4"])
        #expect(lines[0][1].hasPrefix("第三章"))
        #expect(lines[0][2].hasPrefix("第三章"))  // the snippet starts at the heading
        #expect(lines[0][3] == "改过的")
        #expect(lines[1][3] == "five")
        #expect(!listing.contains("伏笔"))
        let json = try rows(try novel("bookmarks", book, "--json"))
        #expect(json.map { $0["id"] as? String } == ["b2", "b3", "b4"])
        for row in json {
            #expect(Set(row.keys) == ["id", "chapterIndex", "chapterTitle", "offset", "snippet", "note", "created"])
            let created = try #require(row["created"] as? String)
            #expect(try Date.ISO8601FormatStyle().parse(created).timeIntervalSinceNow > -600)
        }
        #expect(json[1]["chapterIndex"] as? Int == 5)
        #expect(json[1]["note"] as? String == "five")
        #expect(json[2]["note"] is NSNull)
        let session = try ReadingSession.open(path: book, paths: paths)
        let entries = session.book.index.entries
        #expect(
            json.map { $0["offset"] as? Int } == [
                entries.first { $0.title.hasPrefix("第三章") }?.range.lowerBound, entries[5].range.lowerBound,
                try BookPlace.percent(50).offset(in: session.book, state: nil),
            ])
        #expect(try novel("bookmarks", book, "--add").stdout == "b5\n")  // removed ids are never reused
    }

    @Test func addWithoutAPlaceUsesTheSavedReadingPosition() throws {
        #expect(try novel("bookmarks", book, "--add").stdout == "b1\n")
        let session = try ReadingSession.open(path: book, paths: paths)
        let place = try #require(session.book.index.entries.last?.range.lowerBound)
        try session.update { state in state.position = BookmarkFactory.position(book: session.book, offset: place) }
        #expect(try novel("bookmarks", book, "--add", "--note", "here").stdout == "b2\n")
        let json = try rows(try novel("bookmarks", book, "--json"))
        #expect(json.map { $0["offset"] as? Int } == [0, place])
        #expect(json[1]["chapterIndex"] as? Int == session.book.index.entries.count - 1)
    }

    @Test func errorsAreOneLineWithTheRightExitCode() throws {
        let missing = try novel("bookmarks", book, "--remove", "b42")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("b42"))
        #expect(try novel("bookmarks", book, "--note", "b9", "text").status == 2)
        let chapter = try novel("bookmarks", book, "--add", "--chapter", "999")
        #expect(chapter.status == 2)
        #expect(chapter.stderr.contains("999"))
        #expect(try novel("bookmarks", book, "--add", "--chapter", "no such title").status == 2)
        #expect(try novel("bookmarks", book, "--add", "--percent", "150").status == 2)
        let absent = try novel("bookmarks", home.path + "/missing.txt")
        #expect(absent.status == 2)
        #expect(absent.stderr.contains("missing.txt"))
        #expect(try novel("bookmarks", book, "--add", "--remove", "b1").status == 64)
        #expect(try novel("bookmarks", book, "--chapter", "3").status == 64)
        #expect(try novel("bookmarks", book, "--add", "--chapter", "1", "--percent", "5").status == 64)
        for result in [missing, chapter, absent] {
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try rows(try novel("bookmarks", book, "--json")).isEmpty)
    }

    @Test func twoProcessesAdding200BookmarksEachEndWith400() throws {
        #expect(try novel("bookmarks", book, "--json").status == 0)  // builds the chapter cache once
        let loop = #"""
            i=0
            while [ $i -lt 200 ]; do
              "$0" bookmarks "$1" --add --percent $((i % 100)) --note "$2 $i" >/dev/null || exit 1
              i=$((i + 1))
            done
            """#
        var environment = ProcessInfo.processInfo.environment
        environment["NOVEL_HOME"] = home.path
        let writers = try ["first", "second"].map { name in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", loop, NovelBinary.path, book, name]
            process.environment = environment
            try process.run()
            return process
        }
        for writer in writers {
            writer.waitUntilExit()
            #expect(writer.terminationStatus == 0)
        }
        let json = try rows(try novel("bookmarks", book, "--json"))
        #expect(json.count == 400)
        #expect(Set(json.compactMap { $0["id"] as? String }) == Set((1...400).map { "b\($0)" }))
        let notes = Set(json.compactMap { $0["note"] as? String })
        #expect(notes == Set(["first", "second"].flatMap { name in (0..<200).map { "\(name) \($0)" } }))
    }

    @Test func aSaveKilledHalfWayLeavesThePreviousStateAndAFailedOneIsReported() throws {
        for index in 0..<10 {
            #expect(try novel("bookmarks", book, "--add", "--percent", "\(index * 10)").status == 0)
        }
        let file = try stateFile()
        let before = try String(contentsOfFile: file, encoding: .utf8)
        #expect(before.utf8.count > 1024)
        // SIGXFSZ at 512 bytes of the temporary file (env undoes the test runner's ignoring it).
        let killed = try ShellRun.run(
            #"ulimit -f 1; exec env --default-signal=XFSZ "$0" bookmarks "$1" --add"#, [book], home: home.path)
        #expect(killed.killedBySignal)
        #expect(killed.status == SIGXFSZ)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        let failed = try ShellRun.run(
            #"ulimit -f 1; exec env --ignore-signal=XFSZ "$0" bookmarks "$1" --add"#, [book], home: home.path)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("could not save " + file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        #expect(try rows(try novel("bookmarks", book, "--json")).count == 10)
        #expect(try novel("bookmarks", book, "--add").stdout == "b11\n")
    }

    @Test func aCorruptStateFileIsMovedAsideAndReported() throws {
        #expect(try novel("bookmarks", book, "--add").status == 0)
        let file = try stateFile()
        try "{\"version\": 1, \"bookmarks\": [{".write(toFile: file, atomically: false, encoding: .utf8)
        let result = try novel("bookmarks", book, "--add")
        #expect(result.status == 0)
        #expect(result.stdout == "b1\n")
        #expect(result.stderr.contains("not valid JSON") && result.stderr.contains(".corrupt-"))
        let folder = (file as NSString).deletingLastPathComponent
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.contains { $0.hasPrefix((file as NSString).lastPathComponent + ".corrupt-") })
    }

    @Test func aNewerStateFileIsListedButNotChanged() throws {
        #expect(try novel("bookmarks", book, "--add", "--note", "kept").status == 0)
        let file = try stateFile()
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        object["version"] = 7
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let listing = try novel("bookmarks", book)
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("kept"))
        #expect(listing.stderr.contains("newer"))
        let add = try novel("bookmarks", book, "--add")
        #expect(add.status == 1)
        #expect(add.stderr.contains("newer") && add.stderr.contains(file))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    @Test func afterAnEditBookmarksAreReanchoredAndTheLostOnesKeptAndMarked() throws {
        let text = try String(contentsOfFile: book, encoding: .utf8)
        #expect(try novel("bookmarks", book, "--add", "--chapter", "第三章", "--note", "three").stdout == "b1\n")
        #expect(try novel("bookmarks", book, "--add", "--chapter", "第二章", "--note", "two").stdout == "b2\n")
        let before = try rows(try novel("bookmarks", book, "--json"))
        // A preface is added and chapter two's heading and first lines are rewritten.
        let session = try ReadingSession.open(path: book, paths: paths)
        let second = try #require(session.book.index.entries.first { $0.title.hasPrefix("第二章") })
        var bytes = Array(text.utf8)
        var cut = min(second.range.lowerBound + 300, second.range.upperBound)
        while bytes[cut] & 0xC0 == 0x80 { cut += 1 }  // at a character's start
        bytes.replaceSubrange(second.range.lowerBound..<cut, with: Array("【此处已删改】\n".utf8))
        let preface = Array("再版前言\n\n　　这一版改正了几处错字。\n\n".utf8)
        try Data(preface + bytes).write(to: URL(fileURLWithPath: book))
        let listing = try novel("bookmarks", book)
        #expect(listing.status == 0)
        #expect(listing.stderr.contains("changed since it was last read") && listing.stderr.contains("b2"))
        let lines = listing.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("b1\t第三章") && !lines[0].contains("not found"))
        #expect(lines[1].hasPrefix("b2\t") && lines[1].contains("not found after the book changed"))
        let after = try rows(try novel("bookmarks", book, "--json"))
        let shift = preface.count - (cut - second.range.lowerBound) + Array("【此处已删改】\n".utf8).count
        #expect(after[0]["offset"] as? Int == (before[0]["offset"] as? Int).map { $0 + shift })
        #expect(after[1]["offset"] as? Int == before[1]["offset"] as? Int)  // kept as it was
        #expect(after[1]["note"] as? String == "two")
        #expect(try novel("bookmarks", book).stderr.isEmpty)  // reported once, then stored
    }
}
