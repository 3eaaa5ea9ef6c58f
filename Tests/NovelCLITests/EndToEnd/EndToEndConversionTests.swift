import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The conversion and a cleaning rule switched live in the real binary in tmux, and bookmarks made with
    /// either on or off landing on the same text the other way: the rows shown converted and the rows shown
    /// plain hold the same text, row for row (compared through OpenCC's t2s, which undoes s2t; OpenCC
    /// converting rows alone could choose other phrases than the reader converting whole chapters); the
    /// rows shown cleaned are the plain rows with the rule applied (a replacement of the same width, so
    /// that the lines break alike).
    @Suite
    final class EndToEndConversionTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// The text rows of a screen (the status bar, which holds messages, left out), trailing blanks trimmed.
        static func textRows(_ screen: String) -> String {
            var rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            while rows.last?.isEmpty == true { rows.removeLast() }
            return rows.dropLast().joined(separator: "\n")
        }

        /// The rows in Simplified characters.
        func simplified(_ rows: String) throws -> String {
            try ConvertCommandTests.opencc(rows, config: "t2s.json", in: session.home).trimmingCharacters(in: .newlines)
        }

        /// Whether two screens show the same text at the same place, one converted and one not.
        func sameText(_ converted: String, _ plain: String) throws -> Bool {
            let (shown, original) = (Self.textRows(converted), Self.textRows(plain))
            guard shown != original else { return false }
            return try simplified(shown) == simplified(original)
        }

        /// Turns a page, bookmarks it with `note`, quits and returns the page.
        func nextPageBookmarked(_ note: String, on terminal: TmuxSession, from screen: String) throws -> String {
            let page = try session.press("Space", on: terminal, from: screen)
            try terminal.send("m")
            try terminal.type(note)
            try terminal.send("Enter")
            _ = try terminal.waitForChange(from: page)
            #expect(try session.quit(terminal) == 0)
            terminal.kill()
            return page
        }

        @Test func aBookmarkMadeConvertedLandsOnTheSameTextUnconvertedAndTheReverse() throws {
            var terminal = try session.terminal(60, 20)
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
            try terminal.send("c")
            let converted = try terminal.waitUntil("the text converted") { $0.contains("Conversion: s2t") }
            #expect(try sameText(converted, first), "switched live, same place:\n\(converted)\n\(first)")
            let moved = try nextPageBookmarked("converted", on: terminal, from: converted)

            // The same bookmark without the conversion shows the same text.
            terminal = try session.terminal(60, 20)
            let plain = try session.open(terminal, nil, ["--bookmark", "b1", "--convert", "none"], expecting: "第三章")
            #expect(try sameText(moved, plain), "\(moved)\n\(plain)")
            // And the reverse: a bookmark made here, opened converted.
            let further = try nextPageBookmarked("plain", on: terminal, from: plain)
            terminal = try session.terminal(60, 20)
            let again = try session.open(terminal, nil, ["--bookmark", "b2", "--convert", "s2t"], expecting: "第三章")
            #expect(try sameText(again, further), "\(again)\n\(further)")
            #expect(try session.quit(terminal) == 0)
        }

        /// A book past the size that gets a first screen before the whole book is read (`BookPreview`).
        func longBook() throws -> String {
            var paragraph = "　　他提着灯走过长街，风吹得灯火忽明忽暗，远处传来打更的声音，一下一下，像是数着夜。\n"
            while paragraph.utf8.count < 8_000 { paragraph += paragraph }
            let text = (1...60).map { "第\($0)章 灯下\($0)\n" + paragraph }.joined() + "全书终\n"
            return try session.home.write("long.txt", text)
        }

        @Test func aReopenWithTheConversionOnShowsTheConvertedFirstScreenFromTheKeptTables() throws {
            let book = try longBook()
            let set = try NovelBinary.run(
                ["settings", "--set", "convert=s2t"], environment: ["NOVEL_HOME": session.home.path])
            #expect(set.status == 0, "\(set.stderr)")
            var terminal = try session.terminal(60, 20)
            defer { terminal.kill() }
            let first = try session.open(terminal, book, expecting: "燈火忽明忽暗")
            #expect(try session.quit(terminal) == 0)
            terminal.kill()
            // The tables made from OpenCC's dictionaries were kept for the next process.
            let cache = session.home.path + "/cache"
            let kept = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("opencc-") }
            #expect(kept == ["opencc-s2t.tables"], "\(kept)")

            terminal = try session.terminal(60, 20)
            let reopened = try session.open(terminal, book, expecting: "燈火忽明忽暗")
            #expect(Self.textRows(reopened) == Self.textRows(first), "\(reopened)\n\(first)")
            #expect(reopened.contains("第1章 燈下1"), "the title converted in the status bar:\n\(reopened)")
            #expect(!reopened.contains("灯"), "nothing unconverted:\n\(reopened)")
            #expect(try session.quit(terminal) == 0)
        }

        /// `novel rules ARGUMENTS` in the session's home.
        func rules(_ arguments: String...) throws {
            let result = try NovelBinary.run(["rules"] + arguments, environment: ["NOVEL_HOME": session.home.path])
            #expect(result.status == 0, "\(result.stderr)")
        }

        /// Whether `cleaned` shows the rows of `plain` with `pattern` replaced by `replacement`, and differs.
        static func sameText(cleaned: String, plain: String, _ pattern: String, _ replacement: String) -> Bool {
            let (shown, original) = (textRows(cleaned), textRows(plain))
            return shown != original && original.replacingOccurrences(of: pattern, with: replacement) == shown
        }

        /// Switches the last rule of the `x` overlay (the user's own, listed after the built-in ones and
        /// before the "hide lines like this" row) and closes it; returns the screen once `expected` shows.
        func switchLastRule(on terminal: TmuxSession, to state: String, expecting text: String) throws -> String {
            try terminal.send("x")
            _ = try terminal.waitUntil("the cleaning rules overlay") { $0.contains("Cleaning rules for this book") }
            try terminal.send("End")
            try terminal.send("Up")
            try terminal.send("Space")
            _ = try terminal.waitUntil("the rule shown as \(state)") { $0.contains("[\(state)] rename") }
            try terminal.send("Escape")
            return try terminal.waitUntil("the text with \(text)") {
                !$0.contains("Cleaning rules") && $0.contains(text)
            }
        }

        @Test func aRuleSwitchedInTheOverlayChangesTheTextWhereItIs() throws {
            try rules("--add", "rename", "--pattern", "小满", "--replace", "大满")
            let terminal = try session.terminal(60, 20)
            defer { terminal.kill() }
            let cleaned = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "大满")
            let plain = try switchLastRule(on: terminal, to: " ", expecting: "小满")
            #expect(
                Self.sameText(cleaned: cleaned, plain: plain, "小满", "大满"),
                "switched off, same place:\n\(cleaned)\n\(plain)"
            )
            let again = try switchLastRule(on: terminal, to: "x", expecting: "大满")
            #expect(Self.textRows(again) == Self.textRows(cleaned), "switched on again:\n\(again)\n\(cleaned)")
            // The switch is saved in rules.json: a new reader opens with the rule off after switching it off.
            _ = try switchLastRule(on: terminal, to: " ", expecting: "小满")
            #expect(try session.quit(terminal) == 0)
            let listed = try NovelBinary.run(["rules", "--json"], environment: ["NOVEL_HOME": session.home.path])
            let list = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
            #expect(list.first { $0["name"] as? String == "rename" }?["enabled"] as? Bool == false, "\(listed.stdout)")
        }

        @Test func aBookmarkMadeWithARuleOnLandsOnTheSameTextWithItOffAndTheReverse() throws {
            try rules("--add", "rename", "--pattern", "的", "--replace", "得")
            var terminal = try session.terminal(60, 20)
            defer { terminal.kill() }
            let first = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
            let moved = try nextPageBookmarked("cleaned", on: terminal, from: first)

            try rules("--disable", "rename")
            terminal = try session.terminal(60, 20)
            let plain = try session.open(terminal, nil, ["--bookmark", "b1"], expecting: "第三章")
            #expect(Self.sameText(cleaned: moved, plain: plain, "的", "得"), "\(moved)\n\(plain)")
            let further = try nextPageBookmarked("plain", on: terminal, from: plain)

            try rules("--enable", "rename")
            terminal = try session.terminal(60, 20)
            let again = try session.open(terminal, nil, ["--bookmark", "b2"], expecting: "第三章")
            #expect(Self.sameText(cleaned: again, plain: further, "的", "得"), "\(again)\n\(further)")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
