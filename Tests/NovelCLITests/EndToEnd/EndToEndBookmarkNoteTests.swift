import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// A bookmark's note edited in the real binary in tmux (issue 32, item 6): `e` in the bookmarks list,
    /// the note changed in the field, `Enter`; once the reader quits, `novel bookmarks` prints the new note.
    @Suite final class EndToEndBookmarkNoteTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        @Test func aNoteEditedInTheListIsSaved() throws {
            let terminal = try session.terminal(100, 24)
            defer { terminal.kill() }
            let start = try session.open(terminal, nil, ["--chapter", "第三章"], expecting: "第三章")
            try terminal.send("m")
            try terminal.type("ferry")
            try terminal.send("Enter")
            try terminal.waitForSettled("Added bookmark")
            var screen = try session.press("'", on: terminal, from: start)
            #expect(screen.contains("— ferry"), "\(screen)")
            screen = try session.press("e", on: terminal, from: screen)
            #expect(screen.contains("Note for b1"), "\(screen)")
            for _ in "ferry" { try terminal.send("BSpace") }
            // q is text in the field; the note is long enough to wrap at 100 columns.
            let note =
                "quiet crossing at dusk, the lamp on the far bank lit by the ferryman whose son "
                + "left for the capital in the spring"
            try terminal.type(note)
            try terminal.send("Enter")
            screen = try terminal.waitForSettled("Saved the note of b1")
            #expect(screen.contains("Bookmarks 1"), "\(screen)")
            #expect(screen.contains("— quiet crossing") && screen.contains("in the spring"), "\(screen)")
            try terminal.send("q")
            try terminal.waitUntil("the list closed") { !$0.contains("Bookmarks 1") }
            #expect(try session.quit(terminal) == 0)
            let listed = try NovelBinary.run(
                ["bookmarks", session.book], environment: ["NOVEL_HOME": session.home.path])
            #expect(listed.stdout.contains(note), "\(listed.stdout)\(listed.stderr)")
            #expect(!listed.stdout.contains("ferry\n"), "\(listed.stdout)")
        }
    }
}
