import Foundation
import NovelTestSupport
import Testing

/// "Hide lines like this" through the real binary in tmux: `x`, the last row, a line picked with `j`, the
/// preview, and on Enter a rule in rules.json that hides those lines from then on.
@Suite(
    .serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class EndToEndHideLikeTests {
    let session: ReaderInTmux

    init() throws { session = try ReaderInTmux() }

    @Test func aLineFromTheScreenBecomesASavedRule() throws {
        let body = (1...40).map { "　　他走了\($0)里路，雨还没有停。\n第\($0)页/共\($0 + 40)页\n" }.joined()
        let book = try session.home.write("rain.txt", "第一章　雨夜\n\n" + body)
        let terminal = try session.terminal(80, 24)
        defer { terminal.kill() }
        var screen = try session.open(terminal, book, [], expecting: "页/共")
        screen = try session.press("x", on: terminal, from: screen)
        #expect(screen.contains("Hide lines like this"))
        try terminal.send("End")
        try terminal.send("Enter")
        screen = try terminal.waitForSettled("pattern:")
        try terminal.send("j")
        try terminal.send("j")
        screen = try terminal.waitForSettled(#"第\d+页/共\d+页"#)
        #expect(screen.contains("hides 40 lines"), "\(screen)")
        let rulesFile = session.home.path + "/config/rules.json"
        #expect(!((try? String(contentsOfFile: rulesFile, encoding: .utf8)) ?? "").contains("页"), "not saved yet")
        try terminal.send("Enter")
        screen = try terminal.waitForSettled("Hiding 40 lines")
        let text = screen.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(!text.contains("页/共") && text.contains("里路"), "\(screen)")
        #expect(try session.quit(terminal) == 0)
        let listed = try NovelBinary.run(["rules"], environment: ["NOVEL_HOME": session.home.path])
        #expect(listed.stdout.contains(#"第\d+页/共\d+页"#), "\(listed.stdout)")
    }
}
