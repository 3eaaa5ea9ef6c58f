import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The real binary in a real terminal (tmux): it opens, draws, keeps its place and gives the terminal back.
    /// Every wait polls the screen until the expected text is there (no fixed sleeps), and the tests run one at a time.
    @Suite
    final class EndToEndTerminalTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// The first line of text on the screen: where the reader is.
        private func firstLine(_ screen: String) -> String {
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        }

        /// The screen's text with line breaks and indentation removed, for finding text that re-wrapped.
        private func joined(_ screen: String) -> String {
            screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        }

        /// A page goes out to the terminal in a few writes, not in one a row: ncurses flushed its output at every
        /// cursor move until its screen had once been given back and taken (`CursesTerminal`'s set-up), and a
        /// terminal sent a page a row at a time may paint it half drawn. The kernel counts the process's writes
        /// (`syscw` in /proc/PID/io) across one page turn on a screen of 60 rows.
        @Test func aPageGoesOutInAFewWritesNotInOneARow() throws {
            let terminal = try session.terminal(100, 60)
            defer { terminal.kill() }
            let first = try session.open(terminal)
            let process = try #require(try terminal.foregroundProcess(named: "novel"))
            func writes() throws -> Int {
                let io = try String(contentsOfFile: "/proc/\(process)/io", encoding: .utf8)
                let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("syscw:") })
                return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
            }
            let before = try writes()
            let turned = try session.press("Space", on: terminal, from: first)
            try terminal.waitForSettled(String(turned.split(separator: "\n").first ?? ""))
            let written = try writes() - before
            // One page of 60 rows: two or three writes for the screen, and the state's file if it is saved now.
            #expect(written >= 1 && written <= 8, "\(written) writes for one page turn")
            #expect(try session.quit(terminal) == 0)
        }

        @Test func opensTheSampleShowsTextAndQuitsRestoringTheTerminal() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            #expect(try terminal.capture().contains(TmuxSession.prompt))
            #expect(try !terminal.alternateScreenIsOn())

            try terminal.runInShell([NovelBinary.path, "read", session.book])
            try terminal.waitForSettled("作者：无名氏")
            #expect(try terminal.alternateScreenIsOn())

            #expect(try session.quit(terminal) == 0)
            let after = try terminal.capture()
            #expect(try !terminal.alternateScreenIsOn())
            // The shell has the terminal again: a fresh prompt after the exit status, and no session.book text left behind.
            let lines = after.split(separator: "\n").map(String.init)
            #expect(lines.last == TmuxSession.prompt, "\(after)")
            #expect(!after.contains("作者：无名氏"))
        }

        @Test func reopensWherePreviousReadingStopped() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            var screen = try session.open(terminal)
            screen = try session.press("Space", on: terminal, from: screen)
            screen = try session.press("Space", on: terminal, from: screen)
            let place = firstLine(screen)
            #expect(try session.quit(terminal) == 0)

            try terminal.send("C-l")
            let reopened = try session.open(terminal)
            #expect(firstLine(reopened) == place, "reopened at:\n\(reopened)")
            #expect(try session.quit(terminal) == 0)
        }

        @Test func nextAndPreviousPageAndLineKeysMove() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal)
            let next = try session.press("PageDown", on: terminal, from: first)
            #expect(firstLine(next) != firstLine(first))
            let back = try session.press("b", on: terminal, from: next)
            #expect(firstLine(back) == firstLine(first))
            // A mouse-wheel step down (X10 encoding, as tmux-256color sends it).
            try terminal.sendBytes([0x1B, 0x5B, 0x4D, 0x61, 0x2B, 0x26])
            let wheeled = try terminal.waitForChange(from: back)
            #expect(firstLine(wheeled) != firstLine(back))
            #expect(try session.quit(terminal) == 0)
        }

        @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
        func aSignalRestoresTheTerminalAndSavesTheReadingPosition(signal: Int32) throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            var screen = try session.open(terminal)
            screen = try session.press("Space", on: terminal, from: screen)
            screen = try session.press("Space", on: terminal, from: screen)
            let place = firstLine(screen)
            let pid = try #require(try terminal.foregroundProcess(named: "novel"))
            kill(pid, signal)
            #expect(try terminal.waitForExit() == 128 + Int(signal))
            #expect(try !terminal.alternateScreenIsOn())
            #expect(try terminal.capture().split(separator: "\n").last.map(String.init) == TmuxSession.prompt)

            try terminal.send("C-l")
            let reopened = try session.open(terminal)
            #expect(firstLine(reopened) == place)
            #expect(try session.quit(terminal) == 0)
        }

        @Test func resizeKeepsTheReadingPosition() throws {
            let terminal = try session.terminal(80, 24)
            defer { terminal.kill() }
            var screen = try session.open(terminal)
            screen = try session.press("Space", on: terminal, from: screen)
            let place = firstLine(screen)
            try terminal.resize(columns: 46, rows: 15)
            // The first visible character stays on screen (lines re-wrap, so compare the text run together).
            var previous: String?
            let resized = try terminal.waitUntil("the re-laid-out page to show \(place.prefix(6))") { current in
                defer { previous = current }
                return current == previous && current != screen && joined(current).contains(place.prefix(6))
            }
            #expect(resized.split(separator: "\n").allSatisfy { $0.count <= 46 })
            #expect(try session.quit(terminal) == 0)
        }

        @Test func aTinyTerminalShowsAMessageAndRecoversWhenEnlarged() throws {
            let terminal = try session.terminal(20, 4)
            defer { terminal.kill() }
            try terminal.resize(columns: 5, rows: 2)
            try terminal.runInShell([NovelBinary.path, "read", session.book])
            try terminal.waitUntil("the reader to start") { _ in (try? terminal.alternateScreenIsOn()) == true }
            let tiny = try terminal.waitUntil("a message") {
                !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            }
            #expect(!tiny.contains("novel-exit"))
            try terminal.resize(columns: 60, rows: 14)
            try terminal.waitFor("青")
            #expect(try session.quit(terminal) == 0)
        }

        @Test func themesColourTheTextAndNoColorTurnsColoursOff() throws {
            let config = session.home.path + "/config"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try Data(#"{"version": 1, "theme": "night"}"#.utf8).write(
                to: URL(fileURLWithPath: config + "/settings.json"))
            for noColor in [false, true] {
                let terminal = try TmuxSession(
                    columns: 60, rows: 12,
                    environment: ["NOVEL_HOME": session.home.path, "NO_COLOR": noColor ? "1" : ""])
                defer { terminal.kill() }
                _ = try session.open(terminal)
                let styled = try terminal.captureWithAttributes()
                // The night theme sets 256-colour foreground and background codes; NO_COLOR leaves only attributes.
                let coloured = styled.contains("38;5;") || styled.contains("48;5;")
                #expect(coloured != noColor, "NO_COLOR=\(noColor):\n\(styled)")
                #expect(try session.quit(terminal) == 0)
            }
        }

        @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
        func aGB18030NovelOpensDecodedAtAChapter() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let screen = try session.open(
                terminal, Corpus.path("real/xiyouji.gb18030-lf.txt"), ["--chapter", "第二回"], expecting: "第二回")
            #expect(screen.contains("悟"), "\(screen)")
            #expect(try session.quit(terminal) == 0)
        }

        @Test func aBinaryFileExitsWithAMessage() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let binary = try session.home.write(
                "image.txt", [0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 0, count: 400) + [1, 2, 3])
            try terminal.runInShell([NovelBinary.path, "read", binary])
            let status = try terminal.waitForExit()
            #expect(status == 2)
            let screen = try terminal.capture()
            #expect(screen.contains("image.txt") && screen.contains("binary"), "\(screen)")
            #expect(try !terminal.alternateScreenIsOn())
        }

        /// A session.book of about 1.1 MB: big enough that `novel read` draws its first screen from the start of the
        /// file (a preview) before the whole session.book is loaded.
        private func bigBook() throws -> String {
            var text = ""
            for number in 1...1200 {
                text += "第\(number)章 灯下\(number)\n"
                for paragraph in 0..<8 {
                    text += "　　第\(number)章第\(paragraph)段：他提着灯走过长街，风吹得灯火忽明忽暗，“快走吧。”她说。\n"
                }
            }
            return try session.home.write("big.txt", Array(text.utf8))
        }

        @Test func aBigBookReopensDeepWhereItWasLeft() throws {
            let big = try bigBook()
            let terminal = try session.terminal()
            defer { terminal.kill() }
            var screen = try session.open(terminal, big, ["--chapter", "第450章"], expecting: "第450章")
            screen = try session.press("Space", on: terminal, from: screen)
            let place = firstLine(screen)
            #expect(try session.quit(terminal) == 0)
            let states = try FileManager.default.contentsOfDirectory(atPath: session.home.path + "/state/books")
            let state = try #require(states.first { $0.hasSuffix(".json") })
            let saved = try String(contentsOfFile: session.home.path + "/state/books/" + state, encoding: .utf8)
            #expect(saved.contains("\"source\""), "the file's stamp that lets the next open draw early")

            try terminal.send("C-l")
            let reopened = try session.open(terminal, big, expecting: place)
            #expect(firstLine(reopened) == place)
            #expect(reopened == screen, "the same page, status bar included")
            #expect(try session.quit(terminal) == 0)
        }

        @Test func aBookTruncatedWhileTheReaderHasItMappedLeavesTheReaderRunning() throws {
            let big = try bigBook()
            let terminal = try session.terminal()
            defer { terminal.kill() }
            var screen = try session.open(terminal, big, ["--chapter", "第900章"], expecting: "第900章")
            // The end of the book needs the whole book loaded (mapped): then another process cuts the file.
            screen = try session.press("G", on: terminal, from: screen)
            #expect(try truncateInAnotherProcess(big, to: 8192) == 0)
            // The start is still in the file; chapters past the cut are laid out again from lost pages.
            screen = try session.press("g", on: terminal, from: screen)
            screen = try session.press("G", on: terminal, from: screen)
            _ = try session.press("k", on: terminal, from: screen)
            #expect(readerProcesses().count == 1, "the reader is still running")
            #expect(try session.quit(terminal) == 0)
        }

        @Test func aBookFoundBinaryAfterItsFirstScreenExitsWithAMessage() throws {
            // Clean text for the first screen, a run of NUL bytes in the middle, where the binary check looks.
            var bytes = Array(try String(contentsOfFile: try bigBook(), encoding: .utf8).utf8)
            let late = bytes.count / 2 - 200
            bytes.replaceSubrange(late..<(late + 400), with: [UInt8](repeating: 0, count: 400))
            let path = try session.home.write("late-binary.txt", bytes)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            try terminal.runInShell([NovelBinary.path, "read", path])
            #expect(try terminal.waitForExit() == 2)
            let screen = try terminal.capture()
            #expect(screen.contains("late-binary.txt") && screen.contains("binary"), "\(screen)")
            #expect(try !terminal.alternateScreenIsOn())
            #expect(screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt)
        }

        /// The pids of novel processes started with this test's NOVEL_HOME.
        private func readerProcesses() -> [Int32] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap(Int32.init).filter { pid in
                guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                    let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
                else { return false }
                return String(decoding: command, as: UTF8.self).hasPrefix(NovelBinary.path)
                    && environment.split(separator: 0).contains {
                        String(decoding: $0, as: UTF8.self) == "NOVEL_HOME=" + session.home.path
                    }
            }
        }

        @Test func theReaderLeavesAndSavesWhenItsTerminalGoesAwayWithoutASignal() throws {
            let terminal = try session.terminal()
            // In a session of its own, the reader gets no SIGHUP when the terminal closes: only the closed
            // terminal tells it.
            try terminal.runInShell(["setsid", "-w", NovelBinary.path, "read", session.book])
            let first = try terminal.waitForSettled("作者：无名氏")
            _ = try session.press("Space", on: terminal, from: first)
            let pids = readerProcesses()
            #expect(pids.count == 1)
            terminal.kill()
            let deadline = Date().addingTimeInterval(5)
            while !readerProcesses().isEmpty && Date() < deadline { usleep(20_000) }
            #expect(readerProcesses().isEmpty, "the reader is still running after its terminal closed")
            for pid in readerProcesses() { kill(pid, SIGKILL) }
            let states = try FileManager.default.contentsOfDirectory(atPath: session.home.path + "/state/books")
            let state = try #require(states.first { $0.hasSuffix(".json") })
            let saved = try String(contentsOfFile: session.home.path + "/state/books/" + state, encoding: .utf8)
            #expect(saved.contains("\"offset\""), "the reading position was saved")
        }

        @Test func anUnknownTerminalTypeExitsWithAMessage() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            try terminal.runInShell(["env", "TERM=no-such-terminal", NovelBinary.path, "read", session.book])
            #expect(try terminal.waitForExit() == 1)
            #expect(try terminal.capture().contains("TERM=no-such-terminal"))
            #expect(try !terminal.alternateScreenIsOn())
        }

        @Test func keysComeFromTheTerminalWhenInputIsAPipe() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            try terminal.type("echo piped | ")
            _ = try session.open(terminal)
            #expect(try session.quit(terminal) == 0)
        }

        @Test func readWritesLaidOutPagesWhenOutputIsNotATerminal() throws {
            let environment = ["NOVEL_HOME": session.home.path]
            let read = try NovelBinary.run(["read", session.book, "--chapter", "第三章"], environment: environment)
            #expect(read.status == 0, "\(read.stderr)")
            // The same pages `novel print` lays out for that chapter (24 rows a page), then the chapters after it.
            let printed = try NovelBinary.run(
                ["print", session.book, "--chapter", "5", "--height", "24"], environment: environment)
            #expect(printed.status == 0, "\(printed.stderr)")
            #expect(printed.stdout.hasPrefix("                                第三章"))
            #expect(read.stdout.hasPrefix(printed.stdout))
            #expect(read.stdout.contains("第四章") && !read.stdout.contains("第二章"))

            let middle = try NovelBinary.run(["read", session.book, "--percent", "50"], environment: environment)
            #expect(middle.status == 0 && !middle.stdout.isEmpty && middle.stdout.count < read.stdout.count)
            // Printed pages have no live reload: only the reader keeps the heading scan beside the index.
            let cached = try FileManager.default.contentsOfDirectory(atPath: session.home.path + "/cache")
            #expect(cached.contains { $0.hasSuffix(".idx") } && !cached.contains { $0.hasSuffix(".scan") }, "\(cached)")
        }
    }
}
