import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Mouse clicks through the real binary in tmux: the thirds of the text turn pages, the status bar opens
    /// the contents.
    @Suite final class EndToEndMouseTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
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
}
