import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Jumping back and forward through the real binary in tmux: C-o returns from a TOC jump and a search.
    @Suite final class EndToEndJumpBackTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }

        @Test func jumpBackReturnsFromATOCJumpAndASearch() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            let toc = try session.press("t", on: terminal, from: first)
            try terminal.type("渡口灯火")
            try terminal.waitForSettled("第三章")
            try terminal.send("Enter")
            let third = try terminal.waitUntil("chapter 3 on screen") {
                $0.contains("第三章") && !$0.contains("Contents")
            }
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
    }
}
