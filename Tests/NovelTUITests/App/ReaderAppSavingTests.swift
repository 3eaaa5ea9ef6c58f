import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The loop with the real reader and the real stores on a real state file: page turns reach the file
/// while the reader is still open (the reader never asks), and another writer's bookmark is kept, listed
/// and never deleted in place of the reader's own.
@Suite final class ReaderAppSavingTests {
    /// Each input is a step run when the loop asks for input, so a step can look at the file or write it
    /// as another process would. The clock moves 0.1 s per input.
    final class SteppedTerminal: TerminalDevice {
        var steps: [() -> TerminalInput]
        var clock = 0.0
        var draws: [Screen] = []

        init(_ steps: [() -> TerminalInput]) { self.steps = steps }
        var size: (columns: Int, rows: Int) { (40, 12) }
        func draw(_ screen: Screen) { draws.append(screen) }
        func nextInput(timeout: Double?) -> TerminalInput {
            clock += 0.1
            return steps.isEmpty ? .signal(SIGHUP) : steps.removeFirst()()
        }
        func setTheme(_ theme: Settings.Theme) {}
        func restore() {}
    }

    let home: TemporaryDirectory
    let session: ReadingSession
    let storage: StoreStorage

    init() throws {
        home = try TemporaryDirectory("novel-app-saving")
        let chapters = (1...4).map { number in
            "第\(number)章　夜渡\n\n" + (1...12).map { "　　第\(number)章第\($0)段：渡口又亮起了一盏灯，船还在。\n" }.joined() + "\n"
        }.joined()
        let path = try home.write("book.txt", chapters)
        session = try ReadingSession.open(path: path, paths: home.novelPaths)
        storage = StoreStorage(session: session, settingsStore: SettingsStore(paths: home.novelPaths))
    }

    deinit { home.remove() }

    private func onDisk() -> BookState? {
        BookStateStore(paths: home.novelPaths).load(fingerprint: session.book.fingerprint)
    }

    private func key(_ name: String) -> () -> TerminalInput {
        { .event(KeyName.event(name)!) }
    }

    private func reader() -> Reader {
        Reader(book: session.book, settings: Settings(), state: session.state, columns: 40, rows: 12, start: .saved)
    }

    @Test func turnedPagesReachTheFileWhileTheReaderIsOpen() throws {
        var reader = reader()
        var probe = reader
        probe.press("Space", "Space", "Space")
        let turned = probe.firstVisibleOffset
        #expect(turned > 0)
        // What the file holds each time the loop waits for input after the turns.
        var seen: [Int?] = []
        let look: () -> TerminalInput = { [self] in
            seen.append(onDisk()?.position?.offset)
            return .timeout
        }
        let terminal = SteppedTerminal([key("Space"), key("Space"), key("Space"), look, look, look, look, look])
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: storage, saveDelays: ProgressSaver.Delays(quiet: 0.25, longest: 1),
            clock: { terminal.clock })
        // Turns at 0.1, 0.2 and 0.3 s: nothing is written until the reader has rested 0.25 s, then the first
        // timeout (0.6 s) writes the place after the turns, while the reader is still open.
        #expect(seen == [nil, nil, nil, turned, turned])
    }

    @Test func anotherWritersBookmarkIsListedAndTheReadersOwnGetsTheStoredId() throws {
        var reader = reader()
        let cliAdd: () -> TerminalInput = { [self] in
            // `novel bookmarks --add --note mine`, while the reader is open.
            _ = try? session.update { $0.addBookmark(in: session.book, offset: 0, note: "mine") }
            return .timeout
        }
        let terminal = SteppedTerminal(
            [cliAdd, key("m"), key("x"), key("Enter"), key("B"), key("d"), key("q")])
        _ = ReaderApp.run(&reader, terminal: terminal, storage: storage, clock: { terminal.clock })
        let shown = terminal.draws.map { $0.textRows.joined(separator: "\n") }
        #expect(shown.contains { $0.contains("Added bookmark b2") })
        #expect(shown.contains { $0.contains("Deleted bookmark b2") })
        let state = try #require(onDisk())
        #expect(state.bookmarks.map(\.id) == ["b1"])
        #expect(state.bookmarks.map(\.note) == ["mine"])
        #expect(state.nextBookmarkNumber == 3)
    }
}
