import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Live reload's reopening: after an append the state goes over to the grown book as it is, at the
/// place on screen, in one write and without re-anchoring; after any other change the place is saved
/// and the book opened whole, its state re-anchored.
@Suite final class ReadingSessionReloadTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory("novel-session-reload")
        paths = home.novelPaths
    }

    deinit { home.remove() }

    static func chapters(_ numbers: ClosedRange<Int>) -> String {
        numbers.map { "第\($0)章　第\($0)夜\n\n　　那是第\($0)夜，渡口又亮起了一盏灯，她回来了。\n\n" }.joined()
    }

    func stateFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: paths.stateDirectory + "/books")) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// A session on a book of three chapters with a bookmark, a jump and a place saved in its first
    /// chapter; the reader has since moved on to the second (the place returned, not saved yet).
    func readSession(_ name: String) throws -> (session: ReadingSession, path: String, place: ReadingPosition) {
        let path = try home.write(name, Self.chapters(1...3))
        let session = try ReadingSession.open(path: path, paths: paths)
        let book = session.book
        // Places at the start of a chapter's words (past the blank line and the indent).
        let indent = "\n　　".utf8.count
        let second = book.index.entries[1].bodyStart + indent
        try session.update { state in
            state.save(BookmarkFactory.position(book: book, offset: book.index.entries[0].bodyStart + indent))
            _ = state.addBookmark(in: book, offset: book.index.entries[2].bodyStart + indent, note: "灯")
            state.history.leave(BookmarkFactory.position(book: book, offset: 0))
        }
        let place = BookmarkFactory.position(book: book, offset: second)
        return (session, path, place)
    }

    @Test func anAppendCarriesTheStateOverInOneWrite() throws {
        let (session, path, place) = try readSession("serial.txt")
        let before = try #require(session.store.load(fingerprint: session.book.fingerprint))
        try appendToFile(path, Self.chapters(4...5))
        var reopened = 0
        let grown = try session.reloaded(at: place, paths: paths) {
            reopened += 1
            return try ReadingSession.open(path: path, paths: paths)
        }
        #expect(reopened == 0)
        #expect(grown.book.index.entries.count == session.book.index.entries.count + 2)
        #expect(grown.warnings.isEmpty)
        let state = try #require(grown.state)
        #expect(state.fingerprint == grown.book.fingerprint)
        #expect(state.position?.offset == place.offset)
        #expect(state.bookmarks == before.bookmarks)
        #expect(state.history == before.history)
        #expect(state.source == grown.book.text.sourceStamp)
        // Written once, to the grown book's file; the old book's file keeps what it had.
        #expect(stateFiles() == [session.book.fingerprint, grown.book.fingerprint].map { $0 + ".json" }.sorted())
        #expect(session.store.load(fingerprint: session.book.fingerprint)?.position == before.position)
        #expect(grown.store.load(fingerprint: grown.book.fingerprint)?.position?.offset == place.offset)
        // The next open finds the grown book's state and place.
        let next = try ReadingSession.open(path: path, paths: paths)
        #expect(next.state?.position?.offset == place.offset)
        #expect(next.book.index == grown.book.index)
    }

    @Test func anyOtherChangeSavesThePlaceAndReopensWhole() throws {
        let (session, path, place) = try readSession("edited.txt")
        // A chapter put in before the others: every place moves on by its length.
        let inserted = "第〇章　序\n\n　　很久以前。\n\n"
        try (inserted + Self.chapters(1...3)).write(toFile: path, atomically: true, encoding: .utf8)
        var reopened = 0
        let edited = try session.reloaded(at: place, paths: paths) {
            reopened += 1
            return try ReadingSession.open(path: path, paths: paths)
        }
        #expect(reopened == 1)
        // The place was saved first, then found again where the insertion moved it.
        #expect(session.store.load(fingerprint: session.book.fingerprint)?.position?.offset == place.offset)
        #expect(edited.state?.position?.offset == place.offset + inserted.utf8.count)
        #expect(
            edited.state?.bookmarks.first?.offset == session.book.index.entries[2].bodyStart + 7 + inserted.utf8.count)
    }
    /// An EPUB of the chapters `numbers`, one content document each.
    static func epub(_ numbers: [Int]) -> EpubBuilder {
        let documents = numbers.map { number in
            EpubBuilder.Document(
                "text/c\(number).xhtml",
                body: "<h1>第\(number)章　第\(number)夜</h1>\n<p>那是第\(number)夜，渡口又亮起了\(number)盏灯，她回来了。</p>"
                    + "<p>河水涨了\(number)尺，船家说这是第\(number)回见到。</p>")
        }
        var builder = EpubBuilder(
            documents: documents,
            toc: numbers.map { EpubBuilder.NavEntry("第\($0)章　第\($0)夜", href: "text/c\($0).xhtml") })
        builder.language = "zh-CN"
        return builder
    }

    /// A changed EPUB is never grown in place (`BookOpener.appended` has no append probe for it): the
    /// place is saved and the book opened whole, and the place and bookmarks are found again by their
    /// text, wherever the change moved it, whether chapters were put in before it or added after it.
    @Test(arguments: [[0, 1, 2, 3], [1, 2, 3, 4]])
    func aChangedEpubIsReopenedWholeAndThePlaceKeptByText(changed: [Int]) throws {
        let path = home.path + "/river.epub"
        try Self.epub([1, 2, 3]).write(to: path)
        let session = try ReadingSession.open(path: path, paths: paths)
        let book = session.book
        #expect(book.epub != nil)
        #expect(BookOpener.appended(to: book, chapterPattern: nil, paths: paths) == nil)
        let placeText = "河水涨了2尺"
        let markText = "那是第3夜"
        let place = BookmarkFactory.position(
            book: book, offset: TestBooks.byteRange(of: placeText, in: book).lowerBound)
        try session.update { state in
            _ = state.addBookmark(in: book, offset: TestBooks.byteRange(of: markText, in: book).lowerBound, note: "灯")
        }
        // Rewritten whole, as a tool that makes EPUBs writes them (another size, another time).
        try Self.epub(changed).write(to: path)
        var reopened = 0
        let reloaded = try session.reloaded(at: place, paths: paths) {
            reopened += 1
            return try ReadingSession.open(path: path, paths: paths)
        }
        #expect(reopened == 1)
        #expect(reloaded.book.index.entries.count == 4)
        let new = reloaded.book
        #expect(reloaded.state?.position?.offset == TestBooks.byteRange(of: placeText, in: new).lowerBound)
        #expect(reloaded.state?.bookmarks.first?.offset == TestBooks.byteRange(of: markText, in: new).lowerBound)
        #expect(reloaded.state?.source == new.text.sourceStamp)
    }
}
