import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// A chapter number typed in the reader (`:12`, `12 Enter`) through the real binary in tmux (issue 32):
    /// the chapter numbered 12 where the book numbers its chapters, the twelfth entry counting from 1 where
    /// it does not.
    @Suite final class EndToEndChapterNumberTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        static let numerals = [
            "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四", "十五",
        ]
        /// Headings without numbers, read with a chapter pattern of the reader's own.
        static let solarTerms = [
            "立春", "雨水", "惊蛰", "春分", "清明", "谷雨", "立夏", "小满", "芒种", "夏至", "小暑", "大暑", "立秋", "处暑",
        ]

        private func paragraphs(_ mark: String) -> String {
            (1...6).map { "　　\(mark)，第\($0)段。" + String(repeating: "渡口的灯一夜未熄，雨声落在檐下的石阶上。", count: 3) }
                .joined(separator: "\n\n") + "\n\n"
        }

        /// A title page and a preface before 第一章: the table of contents' twelfth entry counting from 1 is
        /// 第十章 and its entry at index 12 is 第十一章, so neither is what `12` means.
        private func numberedBook() throws -> String {
            var text = "灯下录\n\n作者：佚名\n\n序\n\n" + paragraphs("序")
            for numeral in Self.numerals { text += "第\(numeral)章　夜话\n\n" + paragraphs("第\(numeral)章") }
            return try session.home.write("numbered.txt", text)
        }

        private func unnumberedBook() throws -> String {
            let text = Self.solarTerms.map { "◆ \($0)\n\n" + paragraphs($0) }.joined()
            return try session.home.write("unnumbered.txt", text)
        }

        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        }

        /// Opens `book`, goes to chapter 12 by `:12 Enter` and, from the start again, by `12 Enter`, and
        /// returns the first line of each page it lands on.
        private func chapterTwelve(_ book: String, _ extra: [String] = [], expecting title: String) throws -> [String] {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let start = try session.open(terminal, book, extra, expecting: title)
            var landed: [String] = []
            for keys in [[":", "1", "2", "Enter"], ["1", "2", "Enter"]] {
                for key in keys { try terminal.send(key) }
                let page = try terminal.waitUntil("a jump from the start") { screen in
                    self.firstLine(screen) != self.firstLine(start) && !screen.contains(":12")
                }
                landed.append(firstLine(try terminal.waitForSettled(firstLine(page))))
                try terminal.send("g")
                try terminal.waitUntil("the start again") { self.firstLine($0) == self.firstLine(start) }
            }
            #expect(try session.quit(terminal) == 0)
            return landed
        }

        @Test func aNumberGoesToTheChapterNumberedSoNotToAnIndex() throws {
            let landed = try chapterTwelve(try numberedBook(), expecting: "灯下录")
            #expect(landed.count == 2)
            for line in landed { #expect(line.hasPrefix("第十二章"), "\(landed)") }
        }

        @Test func aNumberGoesToTheEntryCountedFromOneWhereChaptersAreNotNumbered() throws {
            let landed = try chapterTwelve(
                try unnumberedBook(), ["--chapter-pattern", "^◆ "], expecting: Self.solarTerms[0])
            #expect(landed.count == 2)
            // The twelfth term; index 12 would be 立秋.
            for line in landed { #expect(line == "◆ \(Self.solarTerms[11])", "\(landed)") }
        }
    }
}
