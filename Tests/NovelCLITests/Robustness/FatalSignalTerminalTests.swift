import Foundation
import NovelTestSupport
import Testing

/// A reader that dies of a fault (a trap is SIGILL or SIGTRAP) still gives the terminal back: no alternate
/// screen, the cursor and the shell's prompt (issue 24). The faults are sent with kill(2), which reaches the
/// same handler a real trap does.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.absentMessage)))
final class FatalSignalTerminalTests {
    let home: TemporaryDirectory
    let book = Corpus.repositoryPath("books/青灯记.txt")

    init() throws { home = try TemporaryDirectory("novel-fault") }
    deinit { home.remove() }

    @Test(arguments: [SIGILL, SIGTRAP, SIGSEGV, SIGABRT])
    func aFaultLeavesTheAlternateScreen(signal: Int32) throws {
        let terminal = try TmuxSession(columns: 80, rows: 24, environment: ["NOVEL_HOME": home.path, "SWIFT_BACKTRACE": "enable=no"])
        defer { terminal.kill() }
        try terminal.runInShell([NovelBinary.path, "read", book])
        _ = try terminal.waitUntil("the reader's first screen") { screen in
            screen.contains("青灯记") && (try? terminal.alternateScreenIsOn()) == true
        }
        let pid = try #require(try terminal.foregroundProcess(named: "novel"))
        kill(pid, signal)
        let status = try terminal.waitForExit()
        #expect(status != 0)
        #expect(try !terminal.alternateScreenIsOn())
        let screen = try terminal.capture()
        #expect(screen.contains("novel: stopped by an internal error"), "\(screen)")
        #expect(screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt, "\(screen)")
    }
}
