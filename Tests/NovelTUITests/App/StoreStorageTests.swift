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
