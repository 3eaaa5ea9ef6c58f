import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// The `disguise` setting through the real binary in tmux: a snapshot of the screen at a pinned size,
    /// each text line a log record or a source comment, and the status bar without the book's title.
    @Suite
    final class EndToEndDisguiseTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        @Test(arguments: ["log", "code"])
        func aDisguisedScreenAtAPinnedSize(disguise: String) throws {
            let set = try NovelBinary.run(
                ["settings", "--set", "disguise=\(disguise)"], environment: ["NOVEL_HOME": session.home.path])
            #expect(set.status == 0, "\(set.stderr)")
            let terminal = try session.terminal(80, 24)
            defer { terminal.kill() }
            let screen = try session.open(terminal, nil, ["--chapter", "第一章"], expecting: "第一章")
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(!screen.contains("青灯记"))  // the book's title is in no status bar
            #expect(rows.contains { $0.contains("第一章") })
            if let difference = Golden.compare(screen, name: "disguise-\(disguise)-80x24.txt") {
                Issue.record(Comment(rawValue: difference))
            }
            #expect(try session.quit(terminal) == 0)
        }
    }
}
