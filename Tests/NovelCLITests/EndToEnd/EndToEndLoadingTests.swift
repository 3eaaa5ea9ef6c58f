import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Showing the wait (issue 19): the binary in tmux on a big book made here, and on a FIFO whose writer
    /// the test holds back, so that the work lasts as long as the test needs.
    @Suite
    final class EndToEndLoadingTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        /// About 190 MB in 24,000 chapters: its load (four passes over the text) lasts well over the time
        /// the test takes to see the first screen and press a key, even on an idle machine, where 64 MB
        /// was sometimes loaded before the key arrived. The last line says where the book ends.
        private func bigBook() throws -> String {
            var paragraph = Array("　　他提着灯走过长街，风吹得灯火忽明忽暗，远处传来打更的声音，一下一下，像是数着夜。\n".utf8)
            while paragraph.count < 8_000 { paragraph += paragraph }
            let chapters = 24_000
            var bytes: [UInt8] = []
            bytes.reserveCapacity(chapters * (paragraph.count + 40))
            for number in 1...chapters {
                bytes += Array("第\(number)章 灯下\(number)\n".utf8)
                bytes += paragraph
            }
            bytes += Array("全书终\n".utf8)
            return try session.home.write("tome.txt", bytes)
        }

        @Test func aKeyPressedWhileABigBookLoadsSaysItWaitsThenActs() throws {
            let big = try bigBook()
            let terminal = try session.terminal()
            defer { terminal.kill() }
            try terminal.runInShell([NovelBinary.path, "read", big])
            // The first screen comes before the book is loaded; G needs all of it. G is typed at once, not
            // after the test has seen the first screen: two cores load the book in about a quarter of a
            // second, sooner than a test that polls the screen can answer it, and the reader reads what was
            // typed ahead as soon as its first screen is up.
            try terminal.send("G")
            try terminal.waitUntil("the first screen") {
                $0.contains("第") && (try? terminal.alternateScreenIsOn()) == true
            }
            let waiting = try terminal.waitFor("G waits for the whole book", timeout: 60)
            #expect(waiting.contains("% loaded"), "\(waiting)")
            // Then the key acts: the end of the book, with nothing of the wait left.
            let end = try terminal.waitFor("全书终", timeout: 120)
            #expect(!end.contains("waits") && !end.contains("loading"), "\(end)")
            #expect(try session.quit(terminal) == 0)
        }

        /// A FIFO in the test's home and a handle that writes `book` into it once opened (which blocks
        /// until the reader has opened it).
        private func fifo(_ name: String) throws -> String {
            let path = session.home.path + "/" + name
            #expect(mkfifo(path, 0o600) == 0)
            return path
        }

        private func feed(_ fifo: String) throws {
            let book = try String(contentsOfFile: session.book, encoding: .utf8)
            let handle = try #require(FileHandle(forWritingAtPath: fifo))
            handle.write(Data(book.utf8))
            try handle.close()
        }

        @Test func tocShowsHowFarItHasGotOnATerminalAndClearsTheLine() throws {
            let path = try fifo("slow.txt")
            let output = session.home.path + "/toc.out"
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let command = "'\(NovelBinary.path)' toc '\(path)' > '\(output)'"
            try terminal.runInShell(["sh", "-c", command])
            // Nothing to read until the test writes: the line appears after its quiet time.
            try terminal.waitFor("novel: reading slow.txt… 0%")
            try feed(path)
            #expect(try terminal.waitForExit() == 0)
            let screen = try terminal.capture()
            #expect(!screen.contains("reading slow.txt"), "the line is cleared: \(screen)")
            let toc = try String(contentsOfFile: output, encoding: .utf8)
            #expect(toc.contains("第一章"), "\(toc)")
        }

        /// Opens `fifo` for writing once a reader has it open (before that, a non-blocking open fails), so
        /// that the caller knows the reader has started on it; the handle then writes blocking.
        private func writer(whenOpened fifo: String) throws -> FileHandle {
            var descriptor: Int32 = -1
            try session.poll("a reader on \(fifo)") {
                descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
                return descriptor >= 0
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }

        @Test func tocWritesNoProgressWhenStderrIsNotATerminal() throws {
            let quiet = try fifo("quiet.txt")
            let loud = try fifo("loud.txt")
            let errors = session.home.path + "/toc.err"
            let status = session.home.path + "/toc.status"
            let terminal = try session.terminal()
            defer { terminal.kill() }
            // In the background: toc with stderr to a file, on a FIFO that nothing is written to yet.
            let command = "'\(NovelBinary.path)' toc '\(quiet)' > /dev/null 2> '\(errors)'; echo $? > '\(status)'"
            try terminal.type("(\(command)) &")
            try terminal.send("Enter")
            let quietWriter = try writer(whenOpened: quiet)
            // How long is long enough for a line to have been written is shown, not guessed: the same command
            // with stderr on the terminal, started after the first was reading, writes its line; the first
            // has waited at least as long on the same machine.
            try terminal.runInShell(["sh", "-c", "'\(NovelBinary.path)' toc '\(loud)' > /dev/null"])
            try terminal.waitFor("novel: reading loud.txt… 0%")
            quietWriter.write(Data(try String(contentsOfFile: session.book, encoding: .utf8).utf8))
            try quietWriter.close()
            try feed(loud)
            #expect(try terminal.waitForExit() == 0)
            try session.poll("the first toc's exit status") {
                (try? String(contentsOfFile: status, encoding: .utf8))?.hasSuffix("\n") == true
            }
            #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
            #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
        }
    }
}
