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
    }
}
