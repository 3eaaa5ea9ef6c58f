import Foundation
import NovelTestSupport
import Testing

/// The rule for leaving overlays, Ctrl-C and Ctrl-Z through the real binary in tmux (docs/keys.md,
/// "Leaving overlays, Ctrl-C and Ctrl-Z"). A key that must not change something is followed by one that
/// must, and the screen is read once that one has shown: never after a fixed sleep.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class EndToEndKeyRulesTests {
    let session: ReaderInTmux

    init() throws { session = try ReaderInTmux() }

    /// The first line of text on the screen: where the reader is.
    private func firstLine(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
    }

    /// The reader is still up: its alternate screen is on and the shell has printed no exit status.
    private func isReading(_ terminal: TmuxSession) throws -> Bool {
        try terminal.alternateScreenIsOn() && !terminal.capture().contains("novel-exit")
    }

    @Test func escapeClosesTheOverlayOnTop() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let page = try session.open(terminal, nil, ["--chapter", "第二章"], expecting: "第二章")
        for (key, title) in [("H", "Keys  (↑/↓ scroll"), ("'", "Bookmarks 0"), ("s", "Settings  (←/→")] {
            try terminal.send(key)
            try terminal.waitFor(title)
            try terminal.send("Escape")
            let back = try terminal.waitForSettled("第二章")
            #expect(back == page, "after \(key) Esc")
            #expect(try isReading(terminal))
        }
        #expect(try session.quit(terminal) == 0)
    }

    @Test func qIsTextInTheTOCFilterAndClosesTheBookmarks() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let page = try session.open(terminal)
        try terminal.send("t")
        try terminal.waitFor("Contents ")
        // q is typed into the filter; the next letter shows it was taken as text, not as closing.
        try terminal.send("q")
        try terminal.send("x")
        let filtered = try terminal.waitFor("filter: qx")
        #expect(filtered.contains("Contents 0/"))
        try terminal.send("Escape")
        #expect(try terminal.waitForSettled("青灯记") == page)
        // In the bookmarks (no text field) q closes the overlay and leaves the reader running.
        try terminal.send("'")
        try terminal.waitFor("Bookmarks 0")
        try terminal.send("q")
        #expect(try terminal.waitForSettled("青灯记") == page)
        #expect(try isReading(terminal))
        #expect(try session.quit(terminal) == 0)
    }

    @Test func controlCFromAnOverlayQuitsAndSavesThePlaceShown() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        var screen = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
        screen = try session.press("Space", on: terminal, from: screen)
        let page = try terminal.waitForSettled(firstLine(screen))
        try terminal.send("t")
        try terminal.waitFor("Contents ")
        try terminal.send("C-c")
        #expect(try terminal.waitForExit() == 0)
        #expect(try !terminal.alternateScreenIsOn())
        // The state file holds the place that was on screen: reopened without a flag, the same page shows.
        try terminal.send("C-l")
        let reopened = try session.open(terminal, nil, [], expecting: firstLine(page))
        #expect(firstLine(reopened) == firstLine(page), "reopened at:\n\(reopened)")
        #expect(try session.quit(terminal) == 0)
    }

    @Test func controlZSuspendsToTheShellAndFgBringsTheSamePageBackWhole() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        // Run alone, not in `runInShell`'s list: bash would go on to the list's next command once the
        // reader stops, and print an exit status for it.
        let quoted = [NovelBinary.path, "read", session.book, "--chapter", "第二章"].map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        try terminal.type(quoted.joined(separator: " "))
        try terminal.send("Enter")
        var previous: String?
        var screen = try terminal.waitUntil("the reader's first screen") { current in
            defer { previous = current }
            return current == previous && current.contains("第二章") && (try? terminal.alternateScreenIsOn()) == true
        }
        screen = try session.press("Space", on: terminal, from: screen)
        let page = try terminal.waitForSettled(firstLine(screen))
        try terminal.send("C-z")
        // The shell has the terminal: its job-control line and a fresh prompt, the reader's screen gone.
        let shell = try terminal.waitUntil("the shell's prompt after Stopped") { current in
            current.contains("Stopped") && current.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
        }
        #expect(try !terminal.alternateScreenIsOn())
        #expect(!shell.contains(firstLine(page)), "the page left on the shell's screen:\n\(shell)")
        try terminal.type("fg")
        try terminal.send("Enter")
        try terminal.waitUntil("the reader's screen again") { _ in (try? terminal.alternateScreenIsOn()) == true }
        let back = try terminal.waitForSettled(firstLine(page))
        #expect(back == page, "after fg:\n\(back)")
        // It reads on as before, and quits as ever.
        let next = try session.press("Space", on: terminal, from: back)
        #expect(next != page)
        try terminal.send("q")
        try terminal.waitUntil("the shell again") { current in
            current.split(separator: "\n").last.map(String.init) == TmuxSession.prompt
                && (try? terminal.alternateScreenIsOn()) == false
        }
        try terminal.type("echo novel-exit:$?")
        try terminal.send("Enter")
        #expect(try terminal.waitForExit() == 0)
    }
}
