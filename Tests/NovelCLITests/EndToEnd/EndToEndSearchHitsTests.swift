import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The list of a search's hits in the real binary in tmux (issue 32, item 9): the count in the status
    /// bar, `Tab` at the prompt opening the list, a filter typed, `Enter` jumping and `C-o` coming back.
    @Suite final class EndToEndSearchHitsTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }

        @Test func theHitsAreCountedListedFilteredAndJumpedTo() throws {
            let terminal = try session.terminal(100, 24)
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            try terminal.send("/")
            try terminal.type("云母")
            try terminal.send("Enter")
            let found = try terminal.waitForSettled("49 hits")
            #expect(!found.contains("hits…"), "\(found)")
            try terminal.send("C-o")
            let back = try terminal.waitForChange(from: found)
            #expect(firstLine(back) == firstLine(first), "\(back)")
            try terminal.send("/")
            try terminal.type("云母")
            try terminal.send("Tab")
            var list = try terminal.waitForSettled("Search 云母: 49 hits")
            #expect(list.contains("▶ "), "\(list)")
            try terminal.type("月照")
            list = try terminal.waitForSettled("filter: 月照")
            #expect(list.components(separatedBy: "第十三章　月照云母 ·").count - 1 == 14, "\(list)")
            try terminal.send("Enter")
            let hit = try terminal.waitUntil("the hit in chapter 13") {
                !$0.contains("Search 云母") && $0.contains("云母") && $0.contains("月照云母")
            }
            try terminal.send("C-o")
            let start = try terminal.waitForChange(from: hit)
            #expect(firstLine(start) == firstLine(first), "\(start)")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
