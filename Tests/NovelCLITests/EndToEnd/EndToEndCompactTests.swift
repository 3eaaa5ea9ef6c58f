import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The compact reader through the real binary in tmux: a pane of one row and of three reads a chapter
    /// line by line, nothing cut or repeated against `novel print` at the text's width; the boss key works
    /// there; `--lines N` asks for it in a full-size terminal.
    @Suite
    final class EndToEndCompactTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// Pane width, and the text's: the progress mark (" 12%") takes the last five columns.
        static let columns = 60
        static let textColumns = 55

        /// `novel print`'s lines of the sample's first chapter (TOC entry 3) at the compact reader's width.
        func printedChapter() throws -> [String] {
            let print = try NovelBinary.run(
                ["print", session.book, "--chapter", "3", "--width", "\(Self.textColumns)"],
                environment: ["NOVEL_HOME": session.home.path])
            #expect(print.status == 0, "\(print.stderr)")
            return print.stdout.split(separator: "\n").map(String.init).filter {
                $0 != "\u{0C}" && !$0.allSatisfy(\.isWhitespace)
            }
        }

        /// A captured row without the progress mark and trailing spaces.
        static func text(_ row: Substring) -> String {
            String(row).replacingOccurrences(of: #"\s*\d{1,3}%$"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        }

        @Test(arguments: [(1, "j"), (3, "Space")])
        func aPaneOfAFewRowsReadsAChapterLineByLine(rows: Int, key: String) throws {
            let expected = try printedChapter()
            #expect(expected.count > 20)
            let terminal = try session.terminal(Self.columns, rows)
            defer { terminal.kill() }
            var screen = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            var read: [String] = []
            while read.count < expected.count {
                let shown = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows)
                read += key == "j" && !read.isEmpty ? [Self.text(shown.last ?? "")] : shown.map(Self.text)
                screen = try session.press(key, on: terminal, from: screen)
            }
            #expect(Array(read.prefix(expected.count)) == expected)
            // The boss key hides the line at once and brings the same screen back.
            try terminal.send("`")
            let hidden = try terminal.waitUntil("the boss screen") { $0.contains("ledger-service") }
            #expect(!EndToEndBossKeyTests.hasCJK(hidden))
            try terminal.send("`")
            #expect(try terminal.waitForSettled(Self.text(screen.split(separator: "\n").first ?? "")) == screen)
            // Room for the shell's exit line under the reader's.
            try terminal.resize(columns: Self.columns, rows: 5)
            #expect(try session.quit(terminal) == 0)
        }

        @Test func linesAsksForTheCompactReaderInAFullSizeTerminal() throws {
            let terminal = try session.terminal(80, 24)
            defer { terminal.kill() }
            let screen = try session.open(terminal, nil, ["--chapter", "第一章", "--lines", "2"], expecting: "第一章")
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(rows[0].contains("第一章"))
            #expect(!rows[1].trimmingCharacters(in: .whitespaces).isEmpty)
            #expect(rows.dropFirst(2).allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(screen)")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
