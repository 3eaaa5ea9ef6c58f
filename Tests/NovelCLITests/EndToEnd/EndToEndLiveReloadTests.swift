import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Live reload through the real binary: a file appended while open shows its new chapters, the page stays.
    @Suite final class EndToEndLiveReloadTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        @Test func chaptersAppendedWhileOpenAppearAndThePageOnScreenStays() throws {
            let book = session.home.path + "/serial.txt"
            try FileManager.default.copyItem(atPath: session.book, toPath: book)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, book, ["--chapter", "第三章"], expecting: "第三章")
            let page = try session.press("Space", on: terminal, from: first)
            let handle = try #require(FileHandle(forWritingAtPath: book))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\n第二十三章　新灯\n\n　　渡口又亮起了一盏灯。\n\n第二十四章　归人\n\n　　她回来了。\n".utf8))
            try handle.close()
            let reloaded = try terminal.waitUntil("the reload message") { $0.contains("2 chapters added") }
            // The text on screen is the same page.
            #expect(
                reloaded.split(separator: "\n").dropLast() == page.split(separator: "\n").dropLast(), "\(reloaded)")
            try terminal.send("G")
            let end = try terminal.waitUntil("the new last chapter") { $0.contains("她回来了") }
            #expect(end.contains("第二十四章"))
            #expect(try session.quit(terminal) == 0)
        }
    }
}
