import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The selected row of a list through the real binary in tmux (issue 32): what the terminal receives
    /// marks it, in the terminal theme (reverse video), with `NO_COLOR` (reverse video), in a colored
    /// theme (swapped colors) and on a terminal without colors (reverse video), bold in each.
    @Suite final class EndToEndListCursorTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// The attributes an SGR sequence leaves in force: bold, reverse and the 256-color background.
        struct Attributes: Equatable {
            var bold = false
            var reverse = false
            var background: Int?

            mutating func apply(_ codes: [Int]) {
                var index = 0
                while index < codes.count {
                    switch codes[index] {
                    case 0: self = Attributes()
                    case 1: bold = true
                    case 22: bold = false
                    case 7: reverse = true
                    case 27: reverse = false
                    case 49: background = nil
                    case 38 where codes.dropFirst(index + 1).first == 5: index += 2
                    case 48 where codes.dropFirst(index + 1).first == 5:
                        background = codes.dropFirst(index + 2).first
                        index += 2
                    default: break
                    }
                    index += 1
                }
            }
        }

        /// The attributes in force where `marker` first appears in `capture` (`capture-pane -e`, which
        /// writes an attribute only where it changes, so that it carries over from the rows above).
        static func attributes(before marker: String, in capture: String) -> Attributes? {
            guard let end = capture.range(of: marker)?.lowerBound else { return nil }
            var attributes = Attributes()
            var rest = capture[..<end]
            while let start = rest.range(of: "\u{1B}[") {
                let tail = rest[start.upperBound...]
                guard let m = tail.firstIndex(of: "m") else { break }
                let codes = tail[..<m].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                attributes.apply(codes)
                rest = tail[tail.index(after: m)...]
            }
            return attributes
        }

        /// A theme, `NO_COLOR`, and the terminal type: xterm-mono has no colors, so the day theme is drawn
        /// without them there.
        @Test(arguments: [
            ("terminal", "", "tmux-256color"), ("terminal", "1", "tmux-256color"), ("day", "", "tmux-256color"),
            ("day", "", "xterm-mono"),
        ])
        func theSelectedRowOfTheContentsIsMarked(theme: String, noColor: String, term: String) throws {
            try session.writeSettings(#"{"version": 1, "theme": "\#(theme)"}"#)
            let terminal = try TmuxSession(
                environment: ["NOVEL_HOME": session.home.path, "NO_COLOR": noColor], term: term)
            defer { terminal.kill() }
            let first = try session.open(terminal)
            try session.press("t", on: terminal, from: first)
            try terminal.waitForSettled("Contents")
            let capture = try terminal.captureWithAttributes()
            let shown = try #require(Self.attributes(before: "▶", in: capture), "\(capture)")
            #expect(shown.bold, "\(shown)")
            if theme == "terminal" || term == "xterm-mono" {
                #expect(shown.reverse && shown.background == nil, "\(shown)")
            } else {
                // The day theme's selection: the page's text color (235) as the background.
                #expect(!shown.reverse && shown.background == 235, "\(shown)")
            }
            try terminal.send("Escape")
            try terminal.waitUntil("the contents closed") { !$0.contains("Contents") }
            #expect(try session.quit(terminal) == 0)
        }
    }
}
