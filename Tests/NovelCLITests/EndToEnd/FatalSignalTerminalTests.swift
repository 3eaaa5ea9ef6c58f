import Foundation
import NovelTestSupport
import Testing

extension EndToEnd {
    /// A reader that dies of a fault (a trap is SIGILL or SIGTRAP) still gives the terminal back: no alternate
    /// screen, the cursor and the shell's prompt (issue 24). The faults are sent with kill(2), which reaches the
    /// same handler a real trap does.
    @Suite
    struct FatalSignalTerminalTests {
        @Test(arguments: [SIGILL, SIGTRAP, SIGSEGV, SIGABRT])
        func aFaultLeavesTheAlternateScreen(signal: Int32) throws {
            let reader = try ReaderInTmux()
            // The Swift runtime's backtracer, which runs after the guard, would wait for keys in this terminal.
            let terminal = try TmuxSession(
                columns: 80, rows: 24, environment: ["NOVEL_HOME": reader.home.path, "SWIFT_BACKTRACE": "enable=no"])
            defer { terminal.kill() }
            _ = try reader.open(terminal)
            let pid = try #require(try terminal.foregroundProcess(named: "novel"))
            kill(pid, signal)
            #expect(try terminal.waitForExit() != 0)
            #expect(try !terminal.alternateScreenIsOn())
            let screen = try terminal.capture()
            #expect(screen.contains("novel: stopped by an internal error"), "\(screen)")
            #expect(screen.split(separator: "\n").last.map(String.init) == TmuxSession.prompt, "\(screen)")
        }
    }
}
