import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Per-book state: ids, unknown keys, damaged and newer files, re-anchoring after the text changed.
@Suite final class BookStateSafetyTests {
    let home: TemporaryDirectory
    let paths: NovelPaths
    let store: BookStateStore

    init() throws {
        home = try TemporaryDirectory("novel-book-state")
        paths = home.novelPaths
        store = BookStateStore(paths: paths)
    }

    deinit { home.remove() }

    func book(_ text: String, path: String = "/books/a.txt") -> Book {
        let bookText = BookText(
            utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        return Book(
            path: path, title: "a", text: bookText, fingerprint: BookFingerprint.of(bookText.utf8),
            index: ChapterSplitter().split(bookText))
    }

    func offset(of needle: String, in book: Book) throws -> Int {
        try #require(book.text.utf8.firstRange(of: Array(needle.utf8))?.lowerBound)
    }

    func fileText(_ fingerprint: String) -> String? {
        FileManager.default.contents(atPath: store.path(fingerprint: fingerprint)).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func writeFile(_ fingerprint: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try text.write(toFile: store.path(fingerprint: fingerprint), atomically: false, encoding: .utf8)
    }

    let sample = "第一章　开始\n　　灯亮了很久很久，一直亮到天明。\n第二章　结束\n　　灯灭了，渡口只剩下风声。\n"

    func addBookmark(_ book: Book, at offset: Int, note: String? = nil) throws -> String {
        try store.update(fingerprint: book.fingerprint, title: book.title, path: book.path) { state in
            let bookmark = BookmarkFactory.make(
                book: book, offset: offset, note: note, number: state.nextBookmarkNumber)
            state.nextBookmarkNumber += 1
            state.bookmarks.append(bookmark)
            return bookmark.id
        }
    }

    @Test func bookmarkIdsAreShortAndNeverReusedEvenAfterRemovingAll() throws {
        let book = book(sample)
        #expect(try addBookmark(book, at: 0) == "b1")
        #expect(try addBookmark(book, at: 10) == "b2")
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { $0.bookmarks.removeAll() }
        #expect(try addBookmark(book, at: 0) == "b3")
        // Even a file that lost its counter (edited by hand) does not hand out an id in use.
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data((fileText(book.fingerprint) ?? "").utf8)) as? [String: Any])
        object.removeValue(forKey: "nextBookmarkNumber")
        try writeFile(
            book.fingerprint, String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        #expect(try addBookmark(book, at: 0) == "b4")
    }

    @Test func aBookmarkRecordsChapterTitleSnippetNoteAndTime() throws {
        let book = book(sample)
        let place = try offset(of: "灯灭了", in: book)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let bookmark = BookmarkFactory.make(book: book, offset: place, note: "风", number: 7, now: now)
        #expect(bookmark.id == "b7")
        #expect(bookmark.offset == place)
        #expect(bookmark.chapterIndex == book.index.entryIndex(containing: place))
        #expect(bookmark.chapterTitle == "第二章　结束")
        #expect(bookmark.snippet.hasPrefix("灯灭了，渡口只剩下风声。"))
        #expect(bookmark.snippet.count <= Snippet.length)
        #expect(!bookmark.snippet.contains("\n"))
        #expect(bookmark.note == "风")
        #expect(bookmark.created == now)
        #expect(BookmarkFactory.make(book: book, offset: 0, note: "", number: 1).note == nil)
    }

    @Test func stateRoundTripsThroughItsFileWithUnknownKeysKept() throws {
        let book = book(sample)
        let saved = Date(timeIntervalSince1970: 1_800_000_123.5)
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { state in
            state.position = BookmarkFactory.position(book: book, offset: 20, now: saved)
            state.lastRead = saved
            state.encoding = "GB18030"
            state.chapterPattern = "^第.+章"
            state.reflow = .off
        }
        let path = store.path(fingerprint: book.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(object["version"] as? Int == BookState.formatVersion)
        object["readingGoal"] = ["pagesPerDay": 30]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        _ = try addBookmark(book, at: 0)
        let state = try #require(store.load(fingerprint: book.fingerprint))
        #expect(state.position?.offset == 20)
        #expect(state.position?.saved == saved)
        #expect(state.lastRead == saved)
        #expect(state.encoding == "GB18030")
        #expect(state.chapterPattern == "^第.+章")
        #expect(state.reflow == .off)
        #expect(state.bookmarks.count == 1)
        #expect(fileText(book.fingerprint)?.contains("pagesPerDay") == true)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// A conversion turned off is still the book's chosen one, in the file too, for the `c` key to bring back.
    @Test func theChosenConversionOutlivesTurningItOff() throws {
        let book = book(sample)
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { $0.setConvert(.s2twp) }
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { $0.setConvert(Conversion.none) }
        let state = try #require(store.load(fingerprint: book.fingerprint))
        #expect(state.convert == Conversion.none)
        #expect(state.chosenConvert == .s2twp)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((fileText(book.fingerprint) ?? "").utf8)) as? [String: Any])
        #expect(object["chosenConvert"] as? String == "s2twp")
    }

    @Test func anInvalidReflowInAHandEditedFileIsIgnoredWithAWarning() throws {
        let book = book(sample)
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { state in state.reflow = .on }
        let path = store.path(fingerprint: book.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(object["reflow"] as? String == "on")
        object["reflow"] = "sometimes"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        var warnings: [String] = []
        let state = try #require(store.load(fingerprint: book.fingerprint, warnings: &warnings))
        #expect(state.reflow == nil)
        #expect(
            warnings.contains { $0.contains(path) && $0.contains("reflow") && $0.contains("sometimes") }, "\(warnings)")
    }

    @Test func unknownKeysInsideBookmarksAndThePositionAreKept() throws {
        let book = book(sample)
        _ = try addBookmark(book, at: 0, note: "old")
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { state in
            state.position = BookmarkFactory.position(book: book, offset: 0)
        }
        let path = store.path(fingerprint: book.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var bookmarks = try #require(object["bookmarks"] as? [[String: Any]])
        bookmarks[0]["colour"] = "amber"
        object["bookmarks"] = bookmarks
        var position = try #require(object["position"] as? [String: Any])
        position["device"] = "phone"
        object["position"] = position
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { state in
            state.bookmarks[0].note = "new"
            state.position = BookmarkFactory.position(book: book, offset: 10)
        }
        let again = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let bookmark = try #require((again["bookmarks"] as? [[String: Any]])?.first)
        #expect(bookmark["colour"] as? String == "amber")
        #expect(bookmark["note"] as? String == "new")
        #expect((again["position"] as? [String: Any])?["device"] as? String == "phone")
        #expect((again["position"] as? [String: Any])?["offset"] as? Int == 10)
        // A note removed stays removed.
        try store.update(fingerprint: book.fingerprint, title: "a", path: book.path) { $0.bookmarks[0].note = nil }
        #expect(store.load(fingerprint: book.fingerprint)?.bookmarks[0].note == nil)
    }

    @Test func aBookmarkOfTheWrongShapeIsKeptInACopyBeforeTheRewriteDropsIt() throws {
        let book = book(sample)
        _ = try addBookmark(book, at: 0)
        let path = store.path(fingerprint: book.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var bookmarks = try #require(object["bookmarks"] as? [Any])
        bookmarks.append(["id": "b9", "offset": "not a number"])
        object["bookmarks"] = bookmarks
        let damaged = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        try writeFile(book.fingerprint, damaged)
        var warnings: [String] = []
        let loaded = try #require(store.load(fingerprint: book.fingerprint, warnings: &warnings))
        #expect(loaded.bookmarks.map(\.id) == ["b1"])
        #expect(warnings.count == 1)
        #expect(fileText(book.fingerprint) == damaged)  // loading alone changes nothing
        #expect(try addBookmark(book, at: 0) == "b10")  // b9 stays taken
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        let copy = try #require(names.first { $0.hasPrefix(book.fingerprint + ".json.corrupt-") })
        let kept = try String(contentsOfFile: store.directory + "/" + copy, encoding: .utf8)
        #expect(kept == damaged)
    }

    @Test func aCorruptStateIsMovedAsideAndTheBookStartsAfresh() throws {
        let book = book(sample)
        try writeFile(book.fingerprint, "{\"version\": 1, \"bookmarks\": [")
        var warnings: [String] = []
        #expect(store.load(fingerprint: book.fingerprint, warnings: &warnings) == nil)
        #expect(warnings.first?.contains("not valid JSON") == true)
        #expect(try addBookmark(book, at: 0) == "b1")
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        let aside = try #require(names.first { $0.hasPrefix(book.fingerprint + ".json.corrupt-") })
        #expect(
            try String(contentsOfFile: store.directory + "/" + aside, encoding: .utf8)
                == "{\"version\": 1, \"bookmarks\": [")
    }

    @Test func aNewerStateIsReadButNeverWritten() throws {
        let book = book(sample)
        let newer = """
            {"version": 5, "title": "a", "lastPath": "/books/a.txt", "bookmarks": [], "nextBookmarkNumber": 12, \
            "position": null, "futureThing": [1]}
            """
        try writeFile(book.fingerprint, newer)
        var warnings: [String] = []
        let state = try #require(store.load(fingerprint: book.fingerprint, warnings: &warnings))
        #expect(state.nextBookmarkNumber == 12)
        #expect(warnings.contains { $0.contains("newer") })
        #expect(throws: StateError.newerVersion(path: store.path(fingerprint: book.fingerprint), version: "5")) {
            try self.addBookmark(book, at: 0)
        }
        #expect(fileText(book.fingerprint) == newer)
    }

    @Test func reanchoringPrefersTheSnippetNearestTheOldPlace() throws {
        // The same sentence appears in two chapters; the bookmark was in the second.
        let original = book("第一章　甲\n　　他说：“明天再来。”\n第二章　乙\n　　他说：“明天再来。”然后走了。\n")
        let second = try #require(original.text.utf8.ranges(of: Array("他说".utf8)).last?.lowerBound)
        var state = BookState(fingerprint: original.fingerprint, title: "a", lastPath: "/a.txt")
        state.bookmarks = [BookmarkFactory.make(book: original, offset: second, note: nil, number: 1)]
        let edited = book("序\n　　多了一行。\n第一章　甲\n　　他说：“明天再来。”\n第二章　乙\n　　他说：“明天再来。”然后走了。\n")
        let (moved, lost) = Reanchoring.reanchor(state, to: edited)
        #expect(lost.isEmpty)
        #expect(moved.bookmarks[0].offset == edited.text.utf8.ranges(of: Array("他说".utf8)).last?.lowerBound)
        #expect(moved.bookmarks[0].chapterTitle == "第二章　乙")
        #expect(moved.fingerprint == edited.fingerprint)
    }

    @Test func reanchoringFallsBackToTheChapterTitleThenKeepsWhatItCannotPlace() throws {
        let original = book(
            "第一章　雨夜\n　　渡口的灯亮了一夜，谁也不知道是谁点的。\n第二章　旧信\n　　信封上的字迹已经褪色。\n第三章　别离\n　　船走的时候没有人送。\n")
        var state = BookState(fingerprint: original.fingerprint, title: "a", lastPath: "/a.txt")
        state.bookmarks = [
            BookmarkFactory.make(book: original, offset: try offset(of: "信封上", in: original), note: "信", number: 1),
            BookmarkFactory.make(book: original, offset: try offset(of: "船走的", in: original), note: nil, number: 2),
        ]
        state.position = BookmarkFactory.position(book: original, offset: try offset(of: "渡口的灯", in: original))
        state.nextBookmarkNumber = 3
        // Chapter two's text is rewritten (its title stays); chapter three is gone entirely.
        let edited = book("第一章　雨夜\n　　渡口的灯亮了一夜，谁也不知道是谁点的。\n第二章　旧信\n　　全部重写的一段。\n")
        let (moved, lost) = Reanchoring.reanchor(state, to: edited)
        #expect(moved.position?.offset == (try offset(of: "渡口的灯", in: edited)))
        #expect(moved.bookmarks[0].offset == edited.index.entries.first { $0.title == "第二章　旧信" }?.range.lowerBound)
        #expect(moved.bookmarks[0].note == "信")
        #expect(moved.bookmarks[0].id == "b1")
        #expect(lost == ["b2"])
        #expect(moved.bookmarks.count == 2)
        #expect(moved.bookmarks[1] == state.bookmarks[1])
        #expect(moved.unanchored == ["b2"])
        #expect(moved.nextBookmarkNumber == 3)
        // The text restored: b2 is found again and no longer flagged.
        let (restored, lostAgain) = Reanchoring.reanchor(moved, to: original)
        #expect(lostAgain.isEmpty)
        #expect(restored.unanchored.isEmpty)
        #expect(restored.bookmarks[1].offset == state.bookmarks[1].offset)
    }

    @Test func aSnippetRunningAcrossALineBreakIsFoundAgain() throws {
        let original = book("第一章　甲\n　　信封上的字迹已经褪色。\n第二章　旧信\n　　船走的时候没有人送。\n")
        let place = try offset(of: "褪色", in: original)
        var state = BookState(fingerprint: original.fingerprint, title: "a", lastPath: "/a.txt")
        state.bookmarks = [BookmarkFactory.make(book: original, offset: place, note: nil, number: 1)]
        #expect(state.bookmarks[0].snippet.hasPrefix("褪色。 第二章"))
        // The bookmark's chapter is renamed, so only the snippet can find the place.
        let edited = book("前言\n　　新的。\n第一章　乙\n　　信封上的字迹已经褪色。\n第二章　旧信\n　　船走的时候没有人送。\n")
        let (moved, lost) = Reanchoring.reanchor(state, to: edited)
        #expect(lost.isEmpty)
        #expect(moved.bookmarks[0].offset == (try offset(of: "褪色", in: edited)))
        #expect(moved.bookmarks[0].chapterTitle == "第一章　乙")
    }

    @Test func anEditedBookIsFoundByItsPathAndReanchoredOnOpen() throws {
        let path = try home.write("book.txt", "第一章　甲\n　　灯亮着，一直亮到天明。\n第二章　乙\n　　后来的事谁也说不清楚。\n")
        let session = try ReadingSession.open(path: path, paths: paths)
        let place = try offset(of: "后来的事", in: session.book)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: place)
            state.lastRead = Date()
            state.bookmarks.append(BookmarkFactory.make(book: session.book, offset: place, note: "n", number: 1))
            state.bookmarks.append(
                BookmarkFactory.make(
                    book: session.book, offset: try self.offset(of: "灯亮着", in: session.book), note: nil, number: 2))
            state.nextBookmarkNumber = 3
        }
        _ = try home.write("book.txt", "前言\n　　新加的一段话放在最前面。\n第二章　乙\n　　后来的事谁也说不清楚。\n")
        let reopened = try ReadingSession.open(path: path, paths: paths)
        #expect(reopened.book.fingerprint != session.book.fingerprint)
        let newPlace = try offset(of: "后来的事", in: reopened.book)
        let state = try #require(reopened.state)
        #expect(state.position?.offset == newPlace)
        #expect(state.bookmarks.map(\.id) == ["b1", "b2"])
        #expect(state.bookmarks[0].offset == newPlace)
        #expect(state.unanchored == ["b2"])
        #expect(state.nextBookmarkNumber == 3)
        #expect(reopened.warnings.contains { $0.contains("changed since it was last read") && $0.contains("b2") })
        // The new state is stored under the new fingerprint; the old file is left as it was.
        #expect(store.load(fingerprint: reopened.book.fingerprint)?.bookmarks.count == 2)
        #expect(store.load(fingerprint: session.book.fingerprint)?.bookmarks.count == 2)
        #expect(store.latest(lastPath: ReadingSession.absolutePath(path))?.fingerprint == reopened.book.fingerprint)
        // A second edit starts from the newest state, with what was added in between.
        try reopened.update { state in
            state.bookmarks.append(
                BookmarkFactory.make(book: reopened.book, offset: newPlace, note: "third", number: 3))
            state.nextBookmarkNumber = 4
        }
        _ = try home.write("book.txt", "新序\n　　又改了一次。\n第二章　乙\n　　后来的事谁也说不清楚。\n")
        let third = try ReadingSession.open(path: path, paths: paths)
        #expect(third.state?.bookmarks.map(\.id) == ["b1", "b2", "b3"])
        #expect(third.state?.bookmarks[2].offset == (try offset(of: "后来的事", in: third.book)))
    }

    @Test func theStateOfABookIsFoundByPathAmongOthersWithoutParsingThem() throws {
        // Other books' states: one corrupt, which only parsing it would notice (and move aside).
        for number in 0..<30 {
            try store.update(fingerprint: "other\(number)", title: "t", path: "/books/other \(number).txt") { _ in }
        }
        try writeFile("broken", "{ not json, and not about /books/a.txt's neighbours")
        let mine = book(sample, path: "/books/长夜 \"引\".txt")
        try store.update(fingerprint: mine.fingerprint, title: "a", path: mine.path) { $0.encoding = "GB18030" }
        var warnings: [String] = []
        #expect(store.latest(lastPath: mine.path, warnings: &warnings)?.fingerprint == mine.fingerprint)
        #expect(store.latest(lastPath: mine.path, warnings: &warnings)?.encoding == "GB18030")
        #expect(store.latest(lastPath: "/books/never read.txt", warnings: &warnings) == nil)
        #expect(warnings.isEmpty)
        #expect(fileText("broken") != nil)
        // A file written by another JSON writer, which escapes the path another way, is still found.
        let object: [String: Any] = ["lastPath": "/books/\u{8FDC}方.txt", "title": "b", "version": 1]
        var text = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        text = text.replacingOccurrences(of: "远", with: "\\u8fdc")
        try writeFile("escaped", text)
        #expect(store.latest(lastPath: "/books/远方.txt", warnings: &warnings)?.fingerprint == "escaped")
    }

    @Test func aMovedBookKeepsItsStateAndRecordsTheNewPath() throws {
        let first = try home.write("one.txt", sample)
        let session = try ReadingSession.open(path: first, paths: paths)
        try session.update {
            $0.bookmarks.append(BookmarkFactory.make(book: session.book, offset: 0, note: nil, number: 1))
        }
        try FileManager.default.createDirectory(atPath: home.path + "/moved", withIntermediateDirectories: true)
        let moved = home.path + "/moved/two.txt"
        try FileManager.default.moveItem(atPath: first, toPath: moved)
        let reopened = try ReadingSession.open(path: moved, paths: paths)
        #expect(reopened.state?.bookmarks.count == 1)
        try reopened.update { _ in }
        #expect(store.load(fingerprint: session.book.fingerprint)?.lastPath == ReadingSession.absolutePath(moved))
        #expect(store.load(fingerprint: session.book.fingerprint)?.title == "two")
    }

    @Test func allListsBooksMostRecentlyReadFirst() throws {
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        for (index, name) in ["old", "newest", "middle"].enumerated() {
            let offsets = ["old": 0.0, "newest": 200.0, "middle": 100.0]
            try store.update(fingerprint: "f\(index)", title: name, path: "/\(name).txt") { state in
                state.lastRead = base.addingTimeInterval(offsets[name] ?? 0)
            }
        }
        #expect(store.all().map(\.title) == ["newest", "middle", "old"])
    }

    @Test(arguments: [("0", "第一章　开始"), ("1", "第二章　结束"), ("结束", "第二章　结束"), ("第一章　开始", "第一章　开始")])
    func aPlaceByChapterResolvesToItsStart(name: String, title: String) throws {
        let book = book(sample)
        let offset = try BookPlace.chapter(name).offset(in: book, state: nil)
        #expect(book.index.entries[book.index.entryIndex(containing: offset)].title == title)
        #expect(book.index.entries.contains { $0.range.lowerBound == offset })
    }

    @Test func placesThatDoNotExistAreBadInput() throws {
        let book = book(sample)
        #expect(throws: BookPlace.NotFound.self) { try BookPlace.chapter("9").offset(in: book, state: nil) }
        #expect(throws: BookPlace.NotFound.self) { try BookPlace.chapter("第九章").offset(in: book, state: nil) }
        #expect(throws: BookPlace.NotFound.self) { try BookPlace.percent(101).offset(in: book, state: nil) }
        #expect(throws: BookPlace.NotFound.self) { try BookPlace.bookmark("b1").offset(in: book, state: nil) }
        let half = try BookPlace.percent(50).offset(in: book, state: nil)
        #expect(half == 0 || book.text.utf8[half - 1] == 0x0A)
    }
}
