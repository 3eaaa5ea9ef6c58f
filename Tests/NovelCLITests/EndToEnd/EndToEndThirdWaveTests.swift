import Foundation
import NovelTestSupport
import Testing

/// The two-page spread and the library overlay through the real binary in tmux.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class EndToEndThirdWaveTests {
    let session: ReaderInTmux

    init() throws { session = try ReaderInTmux() }

    private func writeSettings(_ json: String) throws {
        let folder = session.home.path + "/config"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try json.write(toFile: folder + "/settings.json", atomically: true, encoding: .utf8)
    }

    /// A book of `chapters` chapters of sixty numbered paragraphs ("3-17") each.
    private func writeBook(_ name: String, title: String, chapters: Int) throws -> String {
        var text = "\(title)\n\n"
        for chapter in 1...chapters {
            text += "第\(chapter)章　\(title)\(chapter)\n\n"
            for paragraph in 1...60 {
                text += "　　\(chapter)-\(paragraph) " + String(repeating: "夜深了，青灯照着书页，窗外的雨声一阵紧似一阵。", count: 2) + "\n\n"
            }
        }
        return try session.home.write(name, text)
    }

    private func statusBar(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).last {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
        .map(String.init) ?? ""
    }

    /// The text rows' cells from `column` on, joined.
    private func rightHalf(_ screen: String, from column: Int) -> String {
        screen.split(separator: "\n").dropLast().map { line in String(line.dropFirst(column)) }.joined()
    }

    /// Alt with a key arrives as ESC and the key in one write: not Escape and then the key. Alt-q would
    /// otherwise quit (q), Alt-x would close nothing and then act on x.
    @Test func altKeysAreNotEscapeThenTheKey() throws {
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let first = try session.open(terminal)
        try terminal.sendBytes([0x1B, 0x71])  // Alt-q
        try terminal.sendBytes([0x1B, 0x78])  // Alt-x
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try terminal.alternateScreenIsOn())
        #expect(try terminal.capture() == first)
        let turned = try session.press("Space", on: terminal, from: first)
        #expect(turned.contains("青灯记") || turned.contains("第"), "\(turned)")
        #expect(try session.quit(terminal) == 0)
    }

    @Test func twoPagesShowSideBySideAt200x50AndTurnTogether() throws {
        let book = try writeBook("long.txt", title: "长夜", chapters: 2)
        let terminal = try session.terminal(200, 50)
        defer { terminal.kill() }
        let first = try session.open(terminal, book, ["--chapter", "1"], expecting: "第1章")
        #expect(statusBar(first).contains(" 1-2/"), "\(first)")
        // The right page has text of its own: paragraphs the left page does not show.
        let right = rightHalf(first, from: 100)
        #expect(right.contains("1-"), "\(first)")
        let turned = try session.press("Space", on: terminal, from: first)
        #expect(statusBar(turned).contains(" 3-4/"), "\(turned)")
        let back = try session.press("b", on: terminal, from: turned)
        #expect(statusBar(back).contains(" 1-2/"), "\(back)")
        // One page again when the window narrows below two text blocks.
        try terminal.resize(columns: 120, rows: 50)
        let single = try terminal.waitUntil("one page") { self.statusBar($0).contains(" 1/") }
        #expect(single.contains("第1章"))
        #expect(try session.quit(terminal) == 0)
    }

    @Test func theLibrarySwitchesBooksAndEachKeepsItsPlace() throws {
        let folder = session.home.path + "/shelf"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let other = folder + "/other.txt"
        try "《灯下集》\n\n第一章　另一本书\n\n　　这是另一本书的第一段。\n".write(toFile: other, atomically: true, encoding: .utf8)
        try writeSettings(#"{"version": 1, "libraryFolder": "\#(folder)"}"#)
        let terminal = try session.terminal()
        defer { terminal.kill() }
        let first = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
        let place = try session.press("Space", on: terminal, from: first)
        try terminal.send("L")
        let library = try terminal.waitUntil("the library listing") { $0.contains("Library") && $0.contains("灯下集") }
        #expect(library.contains("青灯记"))
        try terminal.send("Enter")
        let switched = try terminal.waitUntil("the other book") { $0.contains(" 灯下集 · ") && !$0.contains("Library") }
        #expect(switched.contains("《灯下集》"), "\(switched)")
        // Back: the first book is second on the list now and opens where it was left.
        try terminal.send("L")
        try terminal.waitUntil("the library again") { $0.contains("Library") && $0.contains("青灯记") }
        try terminal.send("Enter")
        let again = try terminal.waitUntil("the first book") { $0.contains(" 青灯记 · ") && !$0.contains("Library") }
        #expect(again.split(separator: "\n").first == place.split(separator: "\n").first, "\(again)")
        #expect(try session.quit(terminal) == 0)
    }
}
