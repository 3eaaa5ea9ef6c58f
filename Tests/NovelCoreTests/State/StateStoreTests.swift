import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Settings and per-book state files: atomic, locked, never lost.
@Suite final class StateStoreTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory()
        paths = home.novelPaths
    }

    deinit { home.remove() }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test func settingsRoundTripWithOwnerOnlyPermissions() throws {
        let store = SettingsStore(paths: paths)
        var settings = Settings()
        settings.fontScale = 2.5
        settings.theme = .sepia
        settings.keymap = ["nextPage": ["x"]]
        try store.save(settings)
        let (loaded, warnings) = store.load()
        #expect(loaded == settings)
        #expect(warnings.isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(contents(store.path)?.contains("\"version\" : 1") == true)
    }

    @Test func missingKeysTakeDefaultsAndUnknownKeysAreKept() throws {
        let store = SettingsStore(paths: paths)
        try write(#"{"version": 1, "width": 60, "futureKey": {"a": [1, 2]}}"#, to: store.path)
        #expect(store.load().settings.width == 60)
        #expect(store.load().settings.margin == Settings().margin)
        try store.set("margin", to: "4")
        let text = try #require(contents(store.path))
        #expect(text.contains("futureKey"))
        #expect(store.load().settings.margin == 4)
        #expect(store.load().settings.width == 60)
    }

    @Test(arguments: [
        ("fontScale", "3.5"), ("fontScale", "1.2"), ("width", "5"), ("width", "wide"), ("margin", "-1"),
        ("lineSpacing", "9"), ("ambiguousWidth", "3"), ("transition", "fade"), ("theme", "purple"),
        ("statusBar", "maybe"),
    ])
    func invalidValuesAreRefusedNamingKeyValueAndRange(key: String, value: String) throws {
        let store = SettingsStore(paths: paths)
        #expect {
            try store.set(key, to: value)
        } throws: { error in
            let text = "\(error)"
            return text.contains(key) && text.contains(value) && text.contains("allowed")
        }
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func anUnknownKeyIsRefused() {
        #expect(throws: StateError.unknownKey("colour")) { try SettingsStore(paths: paths).set("colour", to: "red") }
    }

    @Test func aBadValueOnLoadWarnsAndUsesTheDefaultLeavingTheFile() throws {
        let store = SettingsStore(paths: paths)
        let original = #"{"version": 1, "fontScale": 7, "width": "wide", "margin": 3}"#
        try write(original, to: store.path)
        let (settings, warnings) = store.load()
        #expect(settings.fontScale == 1.0)
        #expect(settings.width == 80)
        #expect(settings.margin == 3)
        #expect(warnings.count == 2)
        #expect(warnings.contains { $0.contains("fontScale") && $0.contains("1.0 to 3.0") })
        #expect(contents(store.path) == original)
    }

    @Test func aCorruptFileIsMovedAsideNotDeleted() throws {
        let store = SettingsStore(paths: paths)
        try write("{ not json", to: store.path)
        let (settings, warnings) = store.load()
        #expect(settings == Settings())
        #expect(warnings.first?.contains("not valid JSON") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: paths.configDirectory)
        let aside = try #require(names.first { $0.hasPrefix("settings.json.corrupt-") })
        #expect(contents(paths.configDirectory + "/" + aside) == "{ not json")
    }

    @Test func aNewerFileIsReadButNeverOverwritten() throws {
        let store = SettingsStore(paths: paths)
        let newer = #"{"version": 9, "width": 70}"#
        try write(newer, to: store.path)
        let (settings, warnings) = store.load()
        #expect(settings.width == 70)
        #expect(warnings.first?.contains("newer") == true)
        #expect(throws: StateError.self) { try store.set("width", to: "60") }
        #expect(contents(store.path) == newer)
    }

    @Test func aCrashBetweenWriteAndRenameLeavesThePreviousFile() throws {
        let path = home.path + "/crash/file.json"
        try AtomicFile.write(Data("old".utf8), to: path)
        struct Crash: Error {}
        #expect(throws: Crash.self) {
            try AtomicFile.write(Data("new and longer".utf8), to: path, beforeRename: { throw Crash() })
        }
        #expect(contents(path) == "old")
    }

    @Test func aReadOnlyFolderFailsToSaveAndDamagesNothing() throws {
        guard getuid() != 0 else {
            // root ignores permissions; the failure is shown with a file in the way instead.
            let store = SettingsStore(
                paths: NovelPaths(
                    configDirectory: home.path + "/blocked/settings.json-is-a-file", stateDirectory: home.path,
                    cacheDirectory: home.path))
            try write("x", to: home.path + "/blocked/settings.json-is-a-file")
            #expect(throws: StateError.self) { try store.save(Settings()) }
            #expect(contents(home.path + "/blocked/settings.json-is-a-file") == "x")
            return
        }
        let store = SettingsStore(paths: paths)
        try store.set("width", to: "50")
        let before = contents(store.path)
        chmod(paths.configDirectory, 0o500)
        defer { chmod(paths.configDirectory, 0o700) }
        #expect(throws: StateError.self) { try store.set("width", to: "60") }
        #expect(contents(store.path) == before)
    }

    func book(_ text: String, path: String = "/books/a.txt") -> Book {
        let bookText = BookText(
            utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        return Book(
            path: path, title: "a", text: bookText, fingerprint: BookFingerprint.of(bookText.utf8),
            index: ChapterSplitter().split(bookText))
    }

    @Test func bookStateKeepsUnknownKeysAndNumbersBookmarksWithoutReuse() throws {
        let store = BookStateStore(paths: paths)
        let sample = book("第一章　开始\n　　灯亮了很久很久。\n第二章　结束\n　　灯灭了。\n")
        for _ in 0..<3 {
            try store.update(fingerprint: sample.fingerprint, title: "a", path: "/a.txt") { state in
                state.bookmarks.append(
                    BookmarkFactory.make(book: sample, offset: 20, note: nil, number: state.nextBookmarkNumber))
                state.nextBookmarkNumber += 1
            }
        }
        let file = store.path(fingerprint: sample.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        object["fromTheFuture"] = "keep me"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        try store.update(fingerprint: sample.fingerprint, title: "a", path: "/a.txt") { state in
            state.bookmarks.removeAll { $0.id == "b3" }
        }
        try store.update(fingerprint: sample.fingerprint, title: "a", path: "/a.txt") { state in
            state.bookmarks.append(
                BookmarkFactory.make(book: sample, offset: 0, note: "n", number: state.nextBookmarkNumber))
            state.nextBookmarkNumber += 1
        }
        let state = try #require(store.load(fingerprint: sample.fingerprint))
        #expect(state.bookmarks.map(\.id) == ["b1", "b2", "b4"])
        #expect(contents(file)?.contains("keep me") == true)
        #expect(state.bookmarks[0].chapterTitle == "第一章　开始")
    }

    @Test func anUpdateThatChangesNothingLeavesTheFileAsItIs() throws {
        let store = BookStateStore(paths: paths)
        let sample = book("第一章　开始\n　　灯亮了很久很久。\n")
        let saved = Date(timeIntervalSince1970: 1_800_000_000.125)
        try store.update(fingerprint: sample.fingerprint, title: "a", path: "/a.txt") { state in
            state.save(BookmarkFactory.position(book: sample, offset: 10))
            state.lastRead = saved
        }
        let file = store.path(fingerprint: sample.fingerprint)
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        object["fromTheFuture"] = ["keep": "me"]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        func identity() throws -> (inode: Int, bytes: Data) {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            return (
                (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1,
                try Data(contentsOf: URL(fileURLWithPath: file))
            )
        }
        let before = try identity()
        // Nothing changes (a sync that brought nothing new): the file is not replaced (an atomic write would
        // give it another inode) and its bytes stay as they were.
        try store.update(fingerprint: sample.fingerprint, title: "a", path: "/a.txt") { state in
            state.lastRead = saved
        }
        let unchanged = try identity()
        #expect(unchanged.inode == before.inode)
        #expect(unchanged.bytes == before.bytes)
        // A real change is written, the unknown key kept.
        try store.update(fingerprint: sample.fingerprint, title: "a", path: "/a.txt") { state in
            state.lastRead = saved.addingTimeInterval(1)
        }
        let changed = try identity()
        #expect(changed.inode != before.inode)
        #expect(contents(file)?.contains("\"keep\"") == true)
        #expect(store.load(fingerprint: sample.fingerprint)?.lastRead == saved.addingTimeInterval(1))
    }

    @Test func aCorruptBookStateIsMovedAsideAndStartsAfresh() throws {
        let store = BookStateStore(paths: paths)
        let file = store.path(fingerprint: "0123456789abcdef")
        try write("[1, 2", to: file)
        var warnings: [String] = []
        #expect(store.load(fingerprint: "0123456789abcdef", warnings: &warnings) == nil)
        #expect(warnings.count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(names.contains { $0.hasPrefix("0123456789abcdef.json.corrupt-") })
    }

    @Test func reanchoringAfterAnEditFindsBookmarksAndKeepsWhatItCannotFind() throws {
        let original = book(
            "第一章　雨夜\n　　渡口的灯亮了一夜，谁也不知道是谁点的。\n第二章　旧信\n　　信封上的字迹已经褪色，只认得出一个温字。\n第三章　别离\n　　船走的时候没有人送。\n")
        var state = BookState(fingerprint: original.fingerprint, title: "a", lastPath: "/a.txt")
        let letter = try #require(original.text.utf8.firstRange(of: Array("信封上".utf8))?.lowerBound)
        let parting = try #require(original.text.utf8.firstRange(of: Array("船走的".utf8))?.lowerBound)
        state.bookmarks = [
            BookmarkFactory.make(book: original, offset: letter, note: "温", number: 1),
            BookmarkFactory.make(book: original, offset: parting, note: nil, number: 2),
        ]
        state.position = BookmarkFactory.position(book: original, offset: letter)
        // The edit adds a preface and rewrites chapter three completely, heading included.
        let edited = book(
            "新版序\n　　这是新加的序言，说明版本的来历。\n第一章　雨夜\n　　渡口的灯亮了一夜，谁也不知道是谁点的。\n第二章　旧信\n　　信封上的字迹已经褪色，只认得出一个温字。\n第三回　再会\n　　全新的一章。\n"
        )
        let (moved, lost) = Reanchoring.reanchor(state, to: edited)
        let newLetter = try #require(edited.text.utf8.firstRange(of: Array("信封上".utf8))?.lowerBound)
        #expect(moved.bookmarks[0].offset == newLetter)
        #expect(moved.bookmarks[0].note == "温")
        #expect(moved.position?.offset == newLetter)
        #expect(lost == ["b2"])
        #expect(moved.bookmarks.count == 2)
        #expect(moved.bookmarks[1] == state.bookmarks[1])
        #expect(moved.unanchored == ["b2"])
    }

    @Test func aRenamedFileKeepsItsState() throws {
        let first = try home.write("one.txt", "第一章　甲\n　　正文在这里。\n")
        let session = try ReadingSession.open(path: first, paths: paths)
        try session.update {
            $0.bookmarks.append(BookmarkFactory.make(book: session.book, offset: 0, note: nil, number: 1))
        }
        let renamed = home.path + "/renamed.txt"
        try FileManager.default.moveItem(atPath: first, toPath: renamed)
        let reopened = try ReadingSession.open(path: renamed, paths: paths)
        #expect(reopened.state?.bookmarks.count == 1)
    }

    @Test func anEditedFileAtTheSamePathIsReanchored() throws {
        let path = try home.write("book.txt", "第一章　甲\n　　灯亮着，一直亮到天明。\n第二章　乙\n　　后来的事谁也说不清楚。\n")
        let session = try ReadingSession.open(path: path, paths: paths)
        let offset = try #require(session.book.text.utf8.firstRange(of: Array("后来的事".utf8))?.lowerBound)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: offset)
        }
        _ = try home.write("book.txt", "前言\n　　新加的一段话放在最前面。\n第一章　甲\n　　灯亮着，一直亮到天明。\n第二章　乙\n　　后来的事谁也说不清楚。\n")
        let reopened = try ReadingSession.open(path: path, paths: paths)
        let newOffset = try #require(reopened.book.text.utf8.firstRange(of: Array("后来的事".utf8))?.lowerBound)
        #expect(reopened.state?.position?.offset == newOffset)
        #expect(reopened.warnings.contains { $0.contains("changed since it was last read") })
    }
}
