import Foundation
import NovelCore
import NovelTestSupport
import Testing

extension EndToEnd {
    /// What the reader writes while it runs, through the real binary in tmux (issue 38): the place after page
    /// turns is on disk within seconds, so that `kill -9` loses nothing of it, and a bookmark added by
    /// `novel bookmarks` while the reader is open is neither overwritten nor confused with the reader's own.
    @Suite
    final class EndToEndSavingTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private var environment: [String: String] { ["NOVEL_HOME": session.home.path] }

        /// The sample's state as the file holds it now.
        private func stored() -> BookState? {
            BookStateStore(paths: NovelPaths.fromEnvironment(environment))
                .latest(lastPath: ReadingSession.absolutePath(session.book))
        }

        private func textLines(_ screen: String) -> [String] {
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        /// Polls every 50 ms until `condition` holds or `seconds` pass; returns whether it held.
        private func poll(for seconds: Double, _ condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition() { return true }
                usleep(50_000)
            }
            return condition()
        }

        @Test func thePlaceAfterPageTurnsIsOnDiskWithinSecondsAndSurvivesKillDashNine() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            var screen = try session.open(terminal)
            for _ in 0..<6 { screen = try session.press("Space", on: terminal, from: screen) }
            let lastTurn = Date()
            let top = try #require(textLines(screen).first)
            // The position on disk is the one on screen: its snippet begins the first line of text (spaces
            // aside: the terminal shows an ideographic space as two).
            let onDisk = poll(for: 3) {
                guard let position = stored()?.position, position.offset > 0 else { return false }
                let start = position.snippet.filter { !$0.isWhitespace }.prefix(6)
                return !start.isEmpty && top.filter { !$0.isWhitespace }.hasPrefix(start)
            }
            #expect(
                onDisk,
                "no saved position matching \(top) within 3 s; stored: \(String(describing: stored()?.position))")
            #expect(Date().timeIntervalSince(lastTurn) < 3.5)
            let saved = try #require(stored()?.position)

            let pid = try #require(try terminal.foregroundProcess(named: "novel"))
            #expect(kill(pid, SIGKILL) == 0)
            #expect(poll(for: 5) { (try? terminal.foregroundProcess(named: "novel")) == nil })
            terminal.kill()

            // What the issue saw: `novel info` said "not started" after the kill.
            let info = try NovelBinary.run(["info", session.book, "--json"], environment: environment)
            #expect(info.status == 0, "\(info.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
            #expect(report["progress"] is NSNumber, "\(info.stdout)")
            #expect(stored()?.position?.offset == saved.offset)
            // Opened again, the reader shows the page the turns reached.
            let again = try session.terminal()
            defer { again.kill() }
            let reopened = try session.open(again)
            #expect(textLines(reopened).first == top, "reopened at:\n\(reopened)")
            #expect(try session.quit(again) == 0)
        }

        /// The sequence: with the reader open, `novel bookmarks --add --note mine` makes b1 (at the
        /// page the reader saved); the reader's `m` with note `x` on that page is stored as b2 and says so;
        /// `B`, `d` deletes x (the selected one: the later of the two on the page, b2), and mine survives.
        @Test func aBookmarkAddedByTheCLIWhileTheReaderIsOpenKeepsItsIdAndSurvivesTheReadersDelete() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal)
            // A page on: once the reader has saved it, `--add` without a place bookmarks that page.
            try session.press("Space", on: terminal, from: first)
            #expect(poll(for: 3) { (stored()?.position?.offset ?? 0) > 0 })
            let page = try #require(stored()?.position?.offset)
            let cli = try NovelBinary.run(
                ["bookmarks", session.book, "--add", "--note", "mine"], environment: environment)
            #expect(cli.status == 0, "\(cli.stderr)")
            #expect(cli.stdout.contains("b1"), "\(cli.stdout)")
            #expect(stored()?.bookmarks.first?.offset == page)

            try terminal.send("m")
            try terminal.waitFor("Bookmark note")
            try terminal.type("x")
            try terminal.send("Enter")
            try terminal.waitFor("Added bookmark b2")
            let afterAdd = try #require(stored())
            #expect(afterAdd.bookmarks.map(\.id) == ["b1", "b2"])
            #expect(afterAdd.bookmarks.map(\.note) == ["mine", "x"])

            try terminal.send("B")
            let list = try terminal.waitFor("Bookmarks 2")
            #expect(list.contains("b1") && list.contains("mine") && list.contains("b2"), "\(list)")
            try terminal.send("d")
            try terminal.waitFor("Deleted bookmark b2")
            let afterDelete = try #require(stored())
            #expect(afterDelete.bookmarks.map(\.id) == ["b1"])
            #expect(afterDelete.bookmarks.map(\.note) == ["mine"])
            #expect(afterDelete.nextBookmarkNumber == 3)
            try terminal.send("B")  // closes the list
            try terminal.waitUntil("the list closed") { !$0.contains("Bookmarks 1") }
            #expect(try session.quit(terminal) == 0)

            let listed = try NovelBinary.run(["bookmarks", session.book, "--json"], environment: environment)
            let marks = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            #expect(marks.map { $0["id"] as? String } == ["b1"])
            #expect(marks.map { $0["note"] as? String } == ["mine"])
        }

        /// Issue 38, item 12: a place the disk refuses (here a folder where the book state's lock file should
        /// be, which fails for root too, as a full disk would; the state folder itself is a proper one, which
        /// `FolderTrust` accepts) is said on stderr once the terminal is back, and the reader exits 1, not 0.
        @Test func aPlaceThatCannotBeSavedIsSaidAfterTheTerminalIsRestoredAndFails() throws {
            let text = try #require(FileManager.default.contents(atPath: session.book))
            let state = BookStateStore(paths: NovelPaths.fromEnvironment(environment))
                .path(fingerprint: BookFingerprint.of(Array(text)))
            try FileManager.default.createDirectory(atPath: state + ".lock", withIntermediateDirectories: true)
            chmod(session.home.path + "/state", 0o700)
            chmod(session.home.path + "/state/books", 0o700)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let screen = try session.open(terminal)
            try session.press("Space", on: terminal, from: screen)
            #expect(try session.quit(terminal) == 1)
            let after = try terminal.capture()
            #expect((try? terminal.alternateScreenIsOn()) == false)
            // The terminal wraps the long path; the message's opening is enough to know it.
            #expect(after.contains("novel: could not save the reading position: could not lock"), "\(after)")
        }
    }
}
