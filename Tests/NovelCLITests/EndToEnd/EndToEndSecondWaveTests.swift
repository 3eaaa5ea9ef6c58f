import Foundation
import NovelTestSupport
import Testing

/// The second wave's reader features through the real binary in tmux: auto page turn, jumping back, mouse clicks.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class EndToEndSecondWaveTests {
    let session: ReaderInTmux

    init() throws { session = try ReaderInTmux() }

    private func firstLine(_ screen: String) -> String {
        screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    private func writeSettings(_ json: String) throws {
        let folder = session.home.path + "/config"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try json.write(toFile: folder + "/settings.json", atomically: true, encoding: .utf8)
    }

    @Test func autoPageTurnTurnsPagesByItselfUntilAKeyPausesIt() throws {
        try writeSettings(#"{"version": 1, "autoPageSeconds": 1}"#)
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
        Thread.sleep(forTimeInterval: 2.2)
        #expect(firstLine(try terminal.capture()) == firstLine(paused))
        #expect(try session.quit(terminal) == 0)
    }

    @Test func jumpBackReturnsFromATOCJumpAndASearch() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
        let toc = try session.press("t", on: terminal, from: first)
        try terminal.type("渡口灯火")
        try terminal.waitForSettled("第三章")
        try terminal.send("Enter")
        let third = try terminal.waitUntil("chapter 3 on screen") { $0.contains("第三章") && !$0.contains("Contents") }
        #expect(toc != third)
        try terminal.send("/")
        try terminal.type("秀英表姐")
        try terminal.send("Enter")
        let found = try terminal.waitUntil("the match on screen") { $0.contains("秀英表姐") && !$0.contains("/秀英") }
        try terminal.send("C-o")
        let back = try terminal.waitForChange(from: found)
        #expect(firstLine(back) == firstLine(third), "\(back)")
        try terminal.send("C-o")
        let start = try terminal.waitForChange(from: back)
        #expect(firstLine(start) == firstLine(first), "\(start)")
        try terminal.send("C-n")
        let forward = try terminal.waitForChange(from: start)
        #expect(firstLine(forward) == firstLine(third))
        #expect(try session.quit(terminal) == 0)
    }

    /// X10 mouse report: ESC [ M, then 32 + button, 32 + 1-based column, 32 + 1-based row.
    private func click(_ terminal: TmuxSession, column: Int, row: Int) throws {
        let x = UInt8(33 + column)
        let y = UInt8(33 + row)
        try terminal.sendBytes([0x1B, 0x5B, 0x4D, 0x20, x, y, 0x1B, 0x5B, 0x4D, 0x23, x, y])
    }

    @Test func clicksOnTheThirdsTurnPagesAndOnTheStatusBarOpenTheContents() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
        try click(terminal, column: 75, row: 5)
        let next = try terminal.waitForChange(from: first)
        #expect(firstLine(next) != firstLine(first))
        try click(terminal, column: 3, row: 5)
        let back = try terminal.waitForChange(from: next)
        #expect(firstLine(back) == firstLine(first))
        try click(terminal, column: 40, row: 23)
        let toc = try terminal.waitForChange(from: back)
        #expect(toc.contains("Contents"), "\(toc)")
        try terminal.send("Escape")
        try terminal.waitUntil("the contents closed") { !$0.contains("Contents") }
        #expect(try session.quit(terminal) == 0)
    }
}

/// Live reload through the real binary: a file appended while open shows its new chapters, the page stays.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class EndToEndLiveReloadTests {
    let session: ReaderInTmux

    init() throws { session = try ReaderInTmux() }

    @Test func chaptersAppendedWhileOpenAppearAndThePageOnScreenStays() throws {
        let book = session.home.path + "/serial.txt"
        try FileManager.default.copyItem(atPath: session.book, toPath: book)
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let first = try session.open(terminal, book, ["--chapter", "第三章"], expecting: "第三章")
        let page = try session.press("Space", on: terminal, from: first)
        let handle = try #require(FileHandle(forWritingAtPath: book))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n第二十三章　新灯\n\n　　渡口又亮起了一盏灯。\n\n第二十四章　归人\n\n　　她回来了。\n".utf8))
        try handle.close()
        let reloaded = try terminal.waitUntil("the reload message") { $0.contains("2 chapters added") }
        // The text on screen is the same page.
        #expect(reloaded.split(separator: "\n").dropLast() == page.split(separator: "\n").dropLast(), "\(reloaded)")
        try terminal.send("G")
        let end = try terminal.waitUntil("the new last chapter") { $0.contains("她回来了") }
        #expect(end.contains("第二十四章"))
        #expect(try session.quit(terminal) == 0)
    }
}
