import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Auto page turn through the real binary in tmux: pages turn by themselves until a key pauses it.
    @Suite final class EndToEndAutoTurnTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }

        @Test func autoPageTurnTurnsPagesByItselfUntilAKeyPausesIt() throws {
            try session.writeSettings(#"{"version": 1, "autoPageSeconds": 1}"#)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            let running = try session.press("a", on: terminal, from: first)
            #expect(running.contains("auto 1s/page"), "\(running)")
            // No key pressed: the page turns by itself, twice.
            let turned = try terminal.waitUntil("a page turned by itself") { firstLine($0) != firstLine(first) }
            let again = try terminal.waitUntil("another page turned") { firstLine($0) != firstLine(turned) }
            // Any other key pauses it: the status bar stops saying so, and the page then stays.
            try terminal.send("j")
            let paused = try terminal.waitUntil("auto page turn paused") { !$0.contains("auto 1s/page") }
            #expect(firstLine(paused) != firstLine(again))
            // How long is long enough to see that nothing turns is measured, not guessed: a second reader
            // with the same pace, started after the pause on the same loaded machine, turns two pages; the
            // paused one has had at least as long for its timer to fire.
            let control = try session.terminal()
            defer { control.kill() }
            let copy = session.home.path + "/control.txt"
            try FileManager.default.copyItem(atPath: session.book, toPath: copy)
            let start = try session.open(control, copy, ["--chapter", "第一章"], expecting: "第一章")
            let controlRunning = try session.press("a", on: control, from: start)
            let controlTurned = try control.waitUntil("the control's page turned") {
                firstLine($0) != firstLine(controlRunning)
            }
            try control.waitUntil("the control's next page") { firstLine($0) != firstLine(controlTurned) }
            #expect(firstLine(try terminal.capture()) == firstLine(paused))
            #expect(try session.quit(terminal) == 0)
            #expect(try session.quit(control) == 0)
        }
    }
}
