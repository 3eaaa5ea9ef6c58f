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

        /// An EPUB rewritten while open (a chapter put in before the one on screen): the reader reopens it
        /// whole and shows the same text, which the change moved on.
        @Test func anEpubRewrittenWhileOpenIsReopenedAtTheSameText() throws {
            func epub(_ numbers: [Int]) -> EpubBuilder {
                let documents = numbers.map { number in
                    EpubBuilder.Document(
                        "text/c\(number).xhtml",
                        body: "<h1>第\(number)章　渡口</h1>\n"
                            + (1...3).map { "<p>那是第\(number)夜的第\($0)段，渡口又亮起了一盏灯。</p>" }.joined())
                }
                var builder = EpubBuilder(
                    documents: documents,
                    toc: numbers.map { EpubBuilder.NavEntry("第\($0)章　渡口", href: "text/c\($0).xhtml") })
                builder.language = "zh-CN"
                return builder
            }
            let book = session.home.path + "/river.epub"
            try epub([1, 2, 3]).write(to: book)
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, book, ["--chapter", "第2章"], expecting: "那是第2夜的第1段")
            #expect(first.contains("第2章"))
            // Written to a new file and renamed over the book, as tools that make EPUBs replace them.
            try epub([0, 1, 2, 3]).write(to: book + ".new")
            #expect(rename(book + ".new", book) == 0)
            // Reopened whole: the message counts the chapter the change added.
            let reloaded = try terminal.waitUntil("the reload message") { $0.contains("The file changed") }
            #expect(reloaded.contains("那是第2夜的第1段"), "\(reloaded)")
            #expect(!reloaded.contains("那是第1夜"), "\(reloaded)")
            #expect(try session.quit(terminal) == 0)
        }
    }
}
