import Foundation
import NovelTestSupport
import Testing

/// The conversion switched live in the real binary in tmux, and bookmarks made with it on or off landing
/// on the same text the other way: the rows shown converted and the rows shown plain hold the same
/// text, row for row (compared through OpenCC's t2s, which undoes s2t; OpenCC converting rows alone
/// could choose other phrases than the reader converting whole chapters).
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class EndToEndConversionTests {
    let session: ReaderInTmux

    init() throws { session = try ReaderInTmux() }

    /// The text rows of a screen (the status bar, which holds messages, left out), trailing blanks trimmed.
    static func textRows(_ screen: String) -> String {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.dropLast().joined(separator: "\n")
    }

    /// The rows in Simplified characters.
    func simplified(_ rows: String) throws -> String {
        try ConvertCommandTests.opencc(rows, config: "t2s.json", in: session.home).trimmingCharacters(in: .newlines)
    }

    /// Whether two screens show the same text at the same place, one converted and one not.
    func sameText(_ converted: String, _ plain: String) throws -> Bool {
        let (shown, original) = (Self.textRows(converted), Self.textRows(plain))
        guard shown != original else { return false }
        return try simplified(shown) == simplified(original)
    }

    /// Turns a page, bookmarks it with `note`, quits and returns the page.
    func nextPageBookmarked(_ note: String, on terminal: TmuxSession, from screen: String) throws -> String {
        let page = try session.press("Space", on: terminal, from: screen)
        try terminal.send("m")
        try terminal.type(note)
        try terminal.send("Enter")
        _ = try terminal.waitForChange(from: page)
        #expect(try session.quit(terminal) == 0)
        terminal.kill()
        return page
    }

    @Test func aBookmarkMadeConvertedLandsOnTheSameTextUnconvertedAndTheReverse() throws {
        var terminal = try session.terminal(60, 20)
        defer { terminal.kill() }
        let first = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
        try terminal.send("c")
        let converted = try terminal.waitUntil("the text converted") { $0.contains("Conversion: s2t") }
        #expect(try sameText(converted, first), "switched live, same place:\n\(converted)\n\(first)")
        let moved = try nextPageBookmarked("converted", on: terminal, from: converted)

        // The same bookmark without the conversion shows the same text.
        terminal = try session.terminal(60, 20)
        let plain = try session.open(terminal, nil, ["--bookmark", "b1", "--convert", "none"], expecting: "第三章")
        #expect(try sameText(moved, plain), "\(moved)\n\(plain)")
        // And the reverse: a bookmark made here, opened converted.
        let further = try nextPageBookmarked("plain", on: terminal, from: plain)
        terminal = try session.terminal(60, 20)
        let again = try session.open(terminal, nil, ["--bookmark", "b2", "--convert", "s2t"], expecting: "第三章")
        #expect(try sameText(again, further), "\(again)\n\(further)")
        #expect(try session.quit(terminal) == 0)
    }
}
