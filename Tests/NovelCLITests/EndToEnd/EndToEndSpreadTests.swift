import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The two-page spread through the real binary in tmux.
    @Suite final class EndToEndSpreadTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// A book of `chapters` chapters of sixty numbered paragraphs ("3-17") each.
        private func writeBook(_ name: String, title: String, chapters: Int) throws -> String {
            var text = "\(title)\n\n"
            for chapter in 1...chapters {
                text += "第\(chapter)章　\(title)\(chapter)\n\n"
                for paragraph in 1...60 {
                    text +=
                        "　　\(chapter)-\(paragraph) " + String(repeating: "夜深了，青灯照着书页，窗外的雨声一阵紧似一阵。", count: 2) + "\n\n"
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
    }
}
