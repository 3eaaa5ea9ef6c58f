import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// An EPUB in the reader through the real binary in tmux: its own table of contents, a footnote opened in
    /// place and closed, and the place kept when the reader quits and opens the book again.
    @Suite
    final class EndToEndEpubTests {
        let session: ReaderInTmux
        let book = Corpus.repositoryPath("books/青灯记.epub")

        init() throws { session = try ReaderInTmux() }

        @Test func theTableOfContentsANoteAndThePlaceKept() throws {
            let terminal = try session.terminal()
            defer { terminal.kill() }
            let first = try session.open(terminal, book, expecting: "青灯记")
            let toc = try session.press("t", on: terminal, from: first)
            #expect(toc.contains("第一卷　山雨") && toc.contains("第一章　雨夜来客"), "\(toc)")
            try terminal.type("雨夜")
            try terminal.waitForSettled("第一章　雨夜来客")
            try terminal.send("Enter")
            let chapter = try terminal.waitUntil("chapter 1 on screen") {
                $0.contains("那年的梅雨") && !$0.contains("第二章")
            }
            // The first link on the page is the note after 梅雨: > selects it (an attribute, which the text of
            // the screen does not show), Enter opens the note in place.
            try terminal.send(">")
            try terminal.send("Enter")
            let note = try terminal.waitUntil("the note over the page") { $0.contains("梅雨：初夏江南连绵的雨季") }
            #expect(note.contains("那年的梅雨"), "the page stays behind the note")
            try terminal.send("Escape")
            let closed = try terminal.waitUntil("the note closed") { !$0.contains("梅雨：初夏江南连绵的雨季") }
            #expect(closed == chapter, "back to the same page")
            #expect(try session.quit(terminal) == 0)

            try terminal.send("C-l")
            let reopened = try session.open(terminal, book, expecting: "那年的梅雨")
            #expect(reopened.contains("第一章　雨夜来客") || reopened.contains("那年的梅雨"))
            #expect(try session.quit(terminal) == 0)
            let recent = try NovelBinary.run(["recent"], environment: ["NOVEL_HOME": session.home.path])
            #expect(recent.stdout.contains("青灯记"), "\(recent.stdout)\(recent.stderr)")
        }

        /// A spine document the archive lacks: the reader says so in its status bar when the book opens
        /// (the first open, and again the next time it opens, from its first screen), until the next key.
        @Test func aMissingMemberIsToldOnceAnOpen() throws {
            let builder = EpubBuilder(
                documents: (1...3).map { number in
                    .init("c\(number).xhtml", body: "<h1>Part \(number)</h1><p>text \(number)</p>")
                },
                toc: (1...3).map { .init("Part \($0)", href: "c\($0).xhtml") })
            let path = session.home.path + "/missing.epub"
            try EpubBuilder.write(builder.members.filter { $0.name != "OEBPS/c2.xhtml" }, to: path)
            let notice = "OEBPS/c2.xhtml is missing from the archive"
            let terminal = try session.terminal()
            defer { terminal.kill() }
            for _ in 0..<2 {
                let first = try session.open(terminal, path, expecting: notice)
                #expect(first.split(separator: "\n").last?.hasPrefix(notice) == true, "\(first)")
                #expect(first.contains("Part 1"), "\(first)")
                let next = try session.press("Space", on: terminal, from: first)
                let settled = try terminal.waitForSettled("Part 3")
                #expect(!next.contains(notice) && !settled.contains(notice), "\(settled)")
                try terminal.send("b")
                let back = try terminal.waitUntil("the first page again") { $0.contains("Part 1") }
                #expect(!back.contains(notice), "not on every page: \(back)")
                #expect(try session.quit(terminal) == 0)
                try terminal.send("C-l")
            }
        }
    }
}
