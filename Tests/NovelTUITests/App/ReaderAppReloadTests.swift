import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore
@testable import NovelTUI

/// The app loop's live reload with a real reader and a real file: chapters appended while the reader
/// shows the middle of the book are read on from it, the reader says how many were added, and the same
/// first character stays on screen.
@Suite final class ReaderAppReloadTests {
    typealias ScriptedTerminal = ReaderAppTests.ScriptedTerminal
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory("novel-app-reload")
        paths = home.novelPaths
    }

    deinit { home.remove() }

    static func chapters(_ numbers: ClosedRange<Int>) -> String {
        numbers.map { number in
            "第\(number)章　第\(number)夜\n\n"
                + (1...6).map { "　　第\(number)夜的第\($0)段：渡口又亮起了一盏灯，她回来了，船还在。\n" }.joined() + "\n"
        }.joined()
    }

    @Test func anAppendReloadsWithTheChaptersAddedAndTheSamePageOnScreen() throws {
        let path = try home.write("serial.txt", Self.chapters(1...4))
        let session = try ReadingSession.open(path: path, paths: paths)
        let middle = session.book.index.entries[2].bodyStart + 200
        var reader = Reader(
            book: session.book, settings: Settings(), state: session.state, columns: 80, rows: 12,
            start: ReaderStart(offset: middle))
        let first = reader.firstVisibleOffset
        let shown = reader.screen().textRows.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        // A downloader appends two chapters while the reader shows the third.
        try appendToFile(path, Self.chapters(5...6))
        let settingsStore = SettingsStore(paths: paths)
        var current = session
        var wholeOpens = 0
        let terminal = ScriptedTerminal([.fileChanged, .timeout, .timeout, .timeout, .timeout, .timeout])
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: StoreStorage(session: session, settingsStore: settingsStore),
            saveDelays: .immediate, clock: { terminal.clock },
            reopen: { [paths] place in
                current = try current.reloaded(at: place, paths: paths) {
                    wholeOpens += 1
                    return try ReadingSession.open(path: path, paths: paths)
                }
                return (current, StoreStorage(session: current, settingsStore: settingsStore))
            })
        #expect(wholeOpens == 0)
        #expect(reader.book.index.entries.count == session.book.index.entries.count + 2)
        let reloaded = try #require(
            terminal.draws.first { screen in
                screen.textRows.contains { $0.contains("2 chapters added") }
            })
        #expect(reader.firstVisibleOffset == first)
        #expect(reloaded.textRows.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == shown)
        // The place went to the grown book's state; the old book's state was not written again.
        #expect(current.store.load(fingerprint: current.book.fingerprint)?.position?.offset == first)
        #expect(session.store.load(fingerprint: session.book.fingerprint)?.position == session.state?.position)
    }
}
