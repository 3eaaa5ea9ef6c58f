import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The selected row of a list through the real binary in tmux (issue 32): what the terminal receives
    /// marks it, in the terminal theme (reverse video), with `NO_COLOR` (reverse video) and in a colored
    /// theme (swapped colors), bold in each.
    @Suite final class EndToEndListCursorTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// The SGR parameters in force where `marker` starts on the captured `line` (`capture-pane -e`).
        static func attributes(before marker: String, in line: Substring) -> [String] {
            guard let end = line.range(of: marker)?.lowerBound else { return [] }
            var parameters: [String] = []
            var rest = line[..<end]
            while let start = rest.range(of: "\u{1B}[") {
                let tail = rest[start.upperBound...]
                guard let m = tail.firstIndex(of: "m") else { break }
                let codes = tail[..<m].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                if codes == [""] || codes.first == "0" { parameters = [] }
                parameters += codes.filter { $0 != "0" && !$0.isEmpty }
                rest = tail[tail.index(after: m)...]
            }
            return parameters
        }

        @Test(arguments: [("terminal", ""), ("terminal", "1"), ("day", "")])
        func theSelectedRowOfTheContentsIsMarked(theme: String, noColor: String) throws {
            try session.writeSettings(#"{"version": 1, "theme": "\#(theme)"}"#)
            let terminal = try TmuxSession(environment: ["NOVEL_HOME": session.home.path, "NO_COLOR": noColor])
            defer { terminal.kill() }
            let first = try session.open(terminal)
            try session.press("t", on: terminal, from: first)
            try terminal.waitForSettled("Contents")
            let lines = try terminal.captureWithAttributes().split(separator: "\n")
            let selected = try #require(lines.first { $0.contains("▶") }, "\(lines)")
            let codes = Self.attributes(before: "▶", in: selected)
            #expect(codes.contains("1"), "not bold: \(codes)")
            if theme == "terminal" {
                #expect(codes.contains("7"), "not reversed: \(codes)")
            } else {
                // The day theme's selection: the page's text color (235) as the background.
                #expect(codes.joined(separator: ";").contains("48;5;235"), "\(codes)")
            }
            #expect(try session.quit(terminal) == 0)
        }
    }
}
