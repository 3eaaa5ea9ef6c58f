import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// What the app asks to save ends up in the book's state file and settings.json.
@Suite struct StoreStorageTests {
    private func open(_ home: TemporaryDirectory) throws -> (ReadingSession, NovelPaths) {
        let book = try home.write("book.txt", "第一章 开始\n\n" + String(repeating: "雨落在青石板上。\n", count: 50))
        let paths = home.novelPaths
        return (try ReadingSession.open(path: book, paths: paths), paths)
    }

    @Test func progressAndBookmarksAreStoredWithUniqueIds() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (session, paths) = try open(home)
        let storage = StoreStorage(session: session, settingsStore: SettingsStore(paths: paths))
        let position = BookmarkFactory.position(book: session.book, offset: 40)
        try storage.saveProgress(position)
        let mark = BookmarkFactory.make(book: session.book, offset: 40, note: "rain", number: 1)
        try storage.addBookmark(mark)
        try storage.addBookmark(mark)  // the same id again gets the next free one
        let state = try #require(BookStateStore(paths: paths).load(fingerprint: session.book.fingerprint))
        #expect(state.position?.offset == 40)
        #expect(state.bookmarks.map(\.id) == ["b1", "b2"])
        #expect(state.bookmarks.first?.note == "rain")
        try storage.deleteBookmark(id: "b1")
        #expect(BookStateStore(paths: paths).load(fingerprint: session.book.fingerprint)?.bookmarks.map(\.id) == ["b2"])
    }

    /// Two writers: `novel bookmarks --add` wrote b1 while the reader held an older copy. The reader's
    /// bookmark is stored under the file's next id and returned as stored, with the whole state; a save of
    /// the position returns the state too, so that the reader lists what the other writer added.
    @Test func changesMergeIntoTheFileAndReturnWhatIsStored() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (session, paths) = try open(home)
        let storage = StoreStorage(session: session, settingsStore: SettingsStore(paths: paths))
        var readersCopy = BookState(
            fingerprint: session.book.fingerprint, title: session.book.title, lastPath: session.book.path)
        try session.update { $0.addBookmark(in: session.book, offset: 0, note: "mine") }  // the CLI's
        let asked = readersCopy.addBookmark(in: session.book, offset: 40, note: "x")
        #expect(asked.id == "b1")
        let added = try storage.addBookmark(asked)
        #expect(added.bookmark.id == "b2" && added.bookmark.note == "x")
        #expect(added.stored?.bookmarks.map(\.id) == ["b1", "b2"])
        let onDisk = try #require(BookStateStore(paths: paths).load(fingerprint: session.book.fingerprint))
        #expect(onDisk.bookmarks.map(\.id) == ["b1", "b2"])
        #expect(onDisk.bookmarks.map(\.note) == ["mine", "x"])
        let afterDelete = try storage.deleteBookmark(id: "b2")
        #expect(afterDelete?.bookmarks.map(\.note) == ["mine"])
        // Another writer adds while the reader reads on: the next position save brings it back.
        try session.update { $0.addBookmark(in: session.book, offset: 60, note: "later") }
        let saved = try storage.saveProgress(BookmarkFactory.position(book: session.book, offset: 80))
        #expect(saved?.bookmarks.map(\.id) == ["b1", "b3"])
        #expect(saved?.position?.offset == 80)
    }

    /// An id the file handed out once is never handed out again, even when a stale copy asks for it after
    /// the bookmark was deleted.
    @Test func aDeletedIdIsNotReusedByAStaleCopy() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (session, paths) = try open(home)
        let storage = StoreStorage(session: session, settingsStore: SettingsStore(paths: paths))
        var staleCopy = BookState(
            fingerprint: session.book.fingerprint, title: session.book.title, lastPath: session.book.path)
        try session.update { state in
            state.addBookmark(in: session.book, offset: 0, note: "gone")
            try state.removeBookmark(id: "b1")
        }
        let added = try storage.addBookmark(staleCopy.addBookmark(in: session.book, offset: 10, note: nil))
        #expect(added.bookmark.id == "b2")
    }

    /// A private book's place is saved, but not when it was read: it stays out of the history.
    @Test func aPrivateBooksProgressIsSavedWithoutTheTimeItWasRead() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (session, paths) = try open(home)
        try session.update { $0.setPrivate(true) }
        let storage = StoreStorage(session: session, settingsStore: SettingsStore(paths: paths))
        try storage.saveProgress(BookmarkFactory.position(book: session.book, offset: 40))
        let state = try #require(BookStateStore(paths: paths).load(fingerprint: session.book.fingerprint))
        #expect(state.position?.offset == 40)
        #expect(state.isPrivate && state.lastRead == nil)
        #expect(BookStateStore(paths: paths).recent().isEmpty)
        try session.update { $0.setPrivate(false) }
        try storage.saveProgress(BookmarkFactory.position(book: session.book, offset: 60))
        #expect(BookStateStore(paths: paths).recent().map(\.fingerprint) == [session.book.fingerprint])
    }

    /// The settings overlay's Reflow row saves into the book's state, not settings.json.
    @Test func theBooksReflowIsStoredWithTheBook() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (session, paths) = try open(home)
        let storage = StoreStorage(session: session, settingsStore: SettingsStore(paths: paths))
        try storage.saveBookReflow(.off)
        #expect(BookStateStore(paths: paths).load(fingerprint: session.book.fingerprint)?.reflow == .off)
        #expect(SettingsStore(paths: paths).load().settings.reflow == .auto)
    }

    @Test func aSessionModeIsNotSavedWithOtherSettings() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let (session, paths) = try open(home)
        let store = SettingsStore(paths: paths)
        let storage = StoreStorage(session: session, settingsStore: store, sessionTransition: (.scroll, .slide))
        var settings = Settings()
        settings.transition = .scroll
        settings.theme = .sepia
        try storage.saveSettings(settings)
        let saved = store.load().settings
        #expect(saved.theme == .sepia)
        #expect(saved.transition == .slide)
    }
}
