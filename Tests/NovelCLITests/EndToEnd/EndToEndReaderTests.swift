import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The reader's features through the real binary in tmux: modes, table of contents, bookmarks, settings, search.
    /// Keys follow the reader's keymap (issue 7): Space/b pages, j/k lines, t TOC, m and ' bookmarks, s settings, / search.
    @Suite
    final class EndToEndReaderTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private func textLines(_ screen: String) -> [String] {
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        @Test func pageModeTurnsWholePagesAndScrollModeMovesOneLine() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let page = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            let nextPage = try session.press("Space", on: terminal, from: page)
            // A whole page on: the new page's first line was not on the old page.
            #expect(!textLines(page).dropLast().contains(textLines(nextPage)[0]))
            #expect(try session.quit(terminal) == 0)

            try terminal.send("C-l")
            let scroll = try session.open(terminal, nil, ["--chapter", "第一章", "--mode", "scroll"], expecting: "第一章")
            let scrolled = try session.press("j", on: terminal, from: scroll)
            // One line on: the old second line is now the first.
            #expect(scrolled.split(separator: "\n").first == scroll.split(separator: "\n").dropFirst().first)
            #expect(try session.quit(terminal) == 0)
        }

        @Test func tableOfContentsFiltersAndJumps() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal)
            let toc = try session.press("t", on: terminal, from: first)
            #expect(toc.contains("第一章") && toc.contains("第二卷"))
            try terminal.type("江州")
            try terminal.waitForSettled("第十章")
            try terminal.send("Enter")
            let chapter = try terminal.waitUntil("chapter 10 on screen") { $0.contains("江州茶社") && !$0.contains("第二章") }
            #expect(chapter.contains("第十章"))
            #expect(try session.quit(terminal) == 0)
        }

        @Test func bookmarksAreAddedListedAndJumpedTo() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let start = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
            try terminal.send("m")
            // An optional note prompt: give a note and confirm.
            try terminal.type("ferry")
            try terminal.send("Enter")
            let elsewhere = try session.press("G", on: terminal, from: start)
            #expect(!elsewhere.contains("第三章"))
            let list = try session.press("'", on: terminal, from: elsewhere)
            #expect(list.contains("第三章") && list.contains("ferry"))
            try terminal.send("Enter")
            try terminal.waitUntil("the bookmarked page") { $0.contains("第三章") && !$0.contains("ferry") }
            #expect(try session.quit(terminal) == 0)
            let listed = try NovelBinary.run(
                ["bookmarks", session.book], environment: ["NOVEL_HOME": session.home.path])
            #expect(listed.stdout.contains("ferry"), "\(listed.stdout)\(listed.stderr)")
        }

        @Test func aSettingChangedInTheOverlayIsSaved() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal)
            let overlay = try session.press("s", on: terminal, from: first)
            #expect(overlay.lowercased().contains("theme"))
            _ = try session.press("+", on: terminal, from: overlay)
            try terminal.send("Escape")
            try terminal.waitUntil("the overlay to close") { !$0.lowercased().contains("theme") }
            #expect(try session.quit(terminal) == 0)
            let settings = try String(contentsOfFile: session.home.path + "/config/settings.json", encoding: .utf8)
            #expect(settings.contains("\"fontScale\" : 1.5") || settings.contains("\"fontScale\":1.5"), "\(settings)")
        }

        @Test func searchFindsAcrossTheBookAndNextMovesOn() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal)
            try terminal.send("/")
            try terminal.type("云母")
            try terminal.send("Enter")
            let found = try terminal.waitForChange(from: first)
            #expect(found.contains("云母"))
            let next = try session.press("n", on: terminal, from: found)
            #expect(next.contains("云母"))
            #expect(try session.quit(terminal) == 0)
        }
    }
}
