import Foundation
import NovelTestSupport
import Testing

/// The real binary in a real terminal (tmux): it opens, draws and gives the terminal back.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
struct EndToEndTerminalTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory("novel-e2e") }

    @Test func opensTheSampleShowsTextAndQuitsRestoringTheTerminal() throws {
        defer { home.remove() }
        let terminal = try TmuxSession(columns: 80, rows: 24, environment: ["NOVEL_HOME": home.path])
        let before = try terminal.capture()
        #expect(before.contains(TmuxSession.prompt))
        #expect(try !terminal.alternateScreenIsOn())

        try terminal.runInShell([NovelBinary.path, "read", Corpus.repositoryPath("books/青灯记.txt")])
        try terminal.waitFor("青溪")
        #expect(try terminal.alternateScreenIsOn())

        try terminal.send("q")
        #expect(try terminal.waitForExit() == 0)
        let after = try terminal.capture()
        #expect(try !terminal.alternateScreenIsOn())
        // The shell has the terminal again: the line after the exit status is a fresh prompt,
        // and none of the book's text was left on the normal screen.
        let lines = after.split(separator: "\n").map(String.init)
        #expect(lines.last == TmuxSession.prompt, "\(after)")
        #expect(!after.contains("青溪"))
        terminal.kill()
    }
}
