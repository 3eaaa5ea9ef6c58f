import Foundation
import NovelCore
import NovelTestSupport
import Testing

extension EndToEnd {
    /// Reading statistics through the real binary in tmux: pages read at a reader's pace are measured, the
    /// statistics overlay (`i`) counts this session, and quitting appends the session to the log that
    /// `novel stats` reads.
    @Suite
    final class EndToEndStatisticsTests {
        let session: ReaderInTmux

        init() throws { session = try ReaderInTmux() }

        private var paths: NovelPaths { NovelPaths.fromEnvironment(["NOVEL_HOME": session.home.path]) }

        @Test func aSessionReadIsShownInTheOverlayLoggedOnQuitAndCountedByStats() throws {
            // A small window: a page of a few dozen characters is read in a second and a half, which the
            // meter counts as reading (slower than 50 characters a second), not as flicking through.
            let terminal = try session.terminal(24, 8)
            defer { terminal.kill() }
            var screen = try session.open(terminal)
            for _ in 0..<4 {
                usleep(1_600_000)
                screen = try session.press("Space", on: terminal, from: screen)
            }
            screen = try session.press("i", on: terminal, from: screen)
            let overlay = try terminal.waitFor("Reading")
            #expect(overlay.contains("session"), "\(overlay)")
            try terminal.send("q")
            _ = try terminal.waitForChange(from: overlay)
            #expect(try session.quit(terminal) == 0)

            let log = ReadingLog(paths: paths).load()
            #expect(log.unreadable == 0)
            let entry = try #require(log.entries.first, "no session in \(ReadingLog(paths: paths).path)")
            #expect(log.entries.count == 1)
            #expect(entry.seconds >= 3 && entry.seconds < 60, "\(entry)")
            #expect(entry.characters > 0)
            #expect(entry.title == "青灯记")

            let stats = try NovelBinary.run(["stats", "--days", "1"], environment: ["NOVEL_HOME": session.home.path])
            #expect(stats.status == 0)
            #expect(stats.stdout.hasPrefix("Last 1 day: < 1 min on 1 day"), "\(stats.stdout)")
            #expect(stats.stdout.contains("青灯记"))
        }
    }
}
