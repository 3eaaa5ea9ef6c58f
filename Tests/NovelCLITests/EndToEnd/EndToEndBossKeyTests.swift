import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The boss key through the real binary in tmux: one key hides every trace of the book on the screen and
    /// in the window title, and the same key brings the same page back.
    @Suite
    final class EndToEndBossKeyTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        static func hasCJK(_ text: String) -> Bool {
            text.unicodeScalars.contains {
                (0x3000...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value)
            }
        }

        @Test func oneKeyHidesTheBookAndTheSameKeyBringsThePageBack() throws {
            let terminal = try session.terminal(80, 24)
            defer { terminal.kill() }
            let page = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
            let statusBar = try #require(page.split(separator: "\n").last.map(String.init))
            #expect(!statusBar.trimmingCharacters(in: .whitespaces).isEmpty)
            let titleBefore = try terminal.paneTitle()
            try terminal.send("`")
            // Settled: a capture taken while the terminal is still drawing shows the old page below the new.
            let hidden = try terminal.waitForSettled("make test")
            #expect(!Self.hasCJK(hidden), "\(hidden)")
            for word in statusBar.split(separator: " ") where word.count > 2 {
                #expect(!hidden.contains(word), "status bar part \(word) on the boss screen")
            }
            let title = try terminal.paneTitle()
            #expect(title != titleBefore)
            #expect(title.contains("make test") && !Self.hasCJK(title))
            // Keys other than the boss key leave the boss screen up and the page where it was. Nothing is seen
            // to happen, so the boss key after j is what proves j was read (keys are read in order): had j
            // closed the boss screen, that key would open it again and the page would never come back; had j
            // moved the page underneath, the page that comes back would be another.
            try terminal.send("j")
            try terminal.send("`")
            let back = try terminal.waitUntil("the page again") { $0.contains("第三章") }
            let settled = try terminal.waitForSettled(String(back.split(separator: "\n").first ?? ""))
            #expect(settled == page)
            #expect(try terminal.paneTitle() == "novel")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
