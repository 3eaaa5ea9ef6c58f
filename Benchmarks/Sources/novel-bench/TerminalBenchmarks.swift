import Foundation

/// A private tmux server for launch timings: one session keeps the server warm, and every launch gets a
/// fresh 80×24 session so that no earlier screen can satisfy the poll.
final class TmuxBench {
    let context: Context
    let socket: String

    init(_ context: Context) throws {
        self.context = context
        // A socket of its own: the server of the bench before (`kill-server` at its end) may still be going
        // away when this one starts, and a second server on that socket dies ("server exited unexpectedly").
        socket = "novel-bench-\(getpid())-\(UUID().uuidString.prefix(8))"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "keep", "-x", "80", "-y", "24", "sleep 100000"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try context.spawner.check(["tmux", "-L", socket] + arguments).output
    }

    /// Starts `command` in a new session and returns the seconds until the pane shows `marker`.
    /// The session is left running (see `finish`).
    func launch(_ command: String, until marker: String, timeout: Double = 30) throws -> Double {
        let start = now()
        try tmux(["new-session", "-d", "-s", "run", "-x", "80", "-y", "24", command])
        while true {
            let screen = try tmux(["capture-pane", "-p", "-t", "run"])
            if screen.contains(marker) { return now() - start }
            if now() - start > timeout {
                let shown = screen.split(separator: "\n").prefix(3).joined(separator: " / ")
                throw BenchError("`\(command)` showed no \"\(marker)\" after \(Int(timeout)) s: \(shown)")
            }
        }
    }

    /// The pid of the program in the running session's pane.
    func panePID() throws -> pid_t {
        let text = try tmux(["display-message", "-p", "-t", "run", "#{pane_pid}"])
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("no pane pid: \(text)")
        }
        return pid
    }

    func sendKeys(_ keys: [String]) throws { try tmux(["send-keys", "-t", "run"] + keys) }

    func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", "run"]) }

    /// Waits until the program in the running session has left (the pane shows it dead or is gone).
    func waitForExit(timeout: Double = 10) throws {
        let start = now()
        while now() - start < timeout {
            let dead = (try? tmux(["display-message", "-p", "-t", "run", "#{pane_dead}"]))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if dead != "0" { return }
            usleep(5_000)
        }
        throw BenchError("the program did not exit within \(Int(timeout)) s")
    }

    func finish() { _ = try? tmux(["kill-session", "-t", "run"]) }
}

/// Peak resident memory (VmHWM) of a process, in bytes.
func peakRSS(of pid: pid_t) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { throw BenchError("no VmHWM for pid \(pid)") }
    return kilobytes * 1024
}

/// Issue 7 and 8: `novel read` against `less` in tmux, peak memory of the real reader, `novel print`.
enum TerminalBenchmarks {
    /// The first few characters of the first non-blank line: both programs show them on their first screen.
    static func marker(_ context: Context) -> String {
        let head = String(decoding: context.bookBytes.prefix(4096), as: UTF8.self)
        let line =
            head.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{3000}")) }
            .first { !$0.isEmpty } ?? ""
        return String(line.prefix(4))
    }

    static func memoryGoal(_ context: Context) -> Int { 2 * context.bookBytes.count + 40_000_000 }

    static func launchRows(_ context: Context) throws -> [Row] {
        let names = [
            "launch to first screen, first open (no cache)", "launch to first screen, reopen (index cached)",
            "launch to first screen, reopen at 90% of the book", "peak RSS, `novel read` on the big book",
            "`novel line --next`, whole process (book read before)",
        ]
        let memoryGoalText = "< 2× file + 40 MB = \(megabytes(memoryGoal(context)))"
        guard context.commandIsBuilt("read") else {
            return names.map {
                Row(
                    work: $0, goal: $0.hasPrefix("peak") ? memoryGoalText : "≤ 2× the time",
                    verdict: .notBuilt("`novel read` is a placeholder"))
            }
        }
        // Issue 22: a status line runs `novel line` every second; its whole process against `less`'s first screen.
        let lineHome = try context.freshFolder("line-home")
        let lineArguments = [context.novel, "line", context.bookPath, "--width", "60", "--next"]
        let lineEnvironment = ["NOVEL_HOME": lineHome]
        let lineTimes = try collect(warmups: max(context.plan.warmups, 1), runs: context.plan.runs) {
            try context.spawner.time(lineArguments, extraEnvironment: lineEnvironment)
        }
        let tmux = try TmuxBench(context)
        let marker = marker(context)
        let book = context.bookPath
        let lessTimes = try collect(warmups: context.plan.warmups, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch("exec env LESSHISTFILE=- LESS= less -- '\(book)'", until: marker)
        }
        func novelCommand(_ home: String) -> String {
            "exec env NOVEL_HOME='\(home)' '\(context.novel)' read '\(book)'"
        }
        let cold = try collect(warmups: 0, runs: context.plan.slowRuns) {
            let home = try context.freshFolder("launch-home")
            defer { tmux.finish() }
            return try tmux.launch(novelCommand(home), until: marker)
        }
        // Reopens start where the last one stopped; no keys are sent here, so that is the first screen.
        let warmHome = try context.freshFolder("launch-warm-home")
        _ = try tmux.launch(novelCommand(warmHome), until: marker)  // fills the cache
        tmux.finish()
        let warm = try collect(warmups: 0, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch(novelCommand(warmHome), until: marker)
        }
        // Reopening deep in the book: the first screen needs the text up to the chapter there.
        let deepHome = try context.freshFolder("launch-deep-home")
        _ = try tmux.launch(
            "exec env NOVEL_HOME='\(deepHome)' '\(context.novel)' read --percent 90 '\(book)'", until: "%")
        usleep(300_000)  // settled
        let deepScreen = try tmux.capture()
        try tmux.sendKeys(["q"])
        try tmux.waitForExit()
        tmux.finish()
        // The top line of text there: what the reopened reader shows first.
        guard
            let deepMarker = deepScreen.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.count >= 4 }).map({ String($0.prefix(4)) })
        else { throw BenchError("no text on the screen at 90%: \(deepScreen)") }
        let deep = try collect(warmups: 0, runs: context.plan.slowRuns) {
            defer { tmux.finish() }
            return try tmux.launch(novelCommand(deepHome), until: deepMarker)
        }
        // Memory: a first open, a few pages and two chapter jumps, then the real reader's high-water mark.
        let memoryHome = try context.freshFolder("launch-memory-home")
        _ = try tmux.launch(novelCommand(memoryHome), until: marker)
        defer { tmux.finish() }
        let pid = try tmux.panePID()
        try tmux.sendKeys(["Space", "Space", "Space", "]", "]", "Space"])
        usleep(500_000)
        let peak = try peakRSS(of: pid)
        return [
            .timeRatio(
                names[0], ours: cold, reference: lessTimes, referenceName: "`less`", limit: 2,
                goal: "≤ 2× the time", note: "polling capture-pane"),
            .timeRatio(
                names[1], ours: warm, reference: lessTimes, referenceName: "`less`", limit: 2,
                goal: "≤ 2× the time", note: "polling capture-pane"),
            .timeRatio(
                names[2], ours: deep, reference: lessTimes, referenceName: "`less` (at the start)", limit: 2,
                goal: "≤ 2× the time", note: "a UTF-8 book: only the chapter there is read"),
            Row(
                work: names[3], ours: megabytes(peak), reference: "file \(megabytes(context.bookBytes.count))",
                ratio: String(format: "%.2f× the file", Double(peak) / Double(context.bookBytes.count)),
                goal: memoryGoalText, verdict: peak < memoryGoal(context) ? .met : .notMet,
                note: "VmHWM after a first open, 4 pages and 2 chapter jumps"),
            .timeRatio(
                names[4], ours: lineTimes, reference: lessTimes, referenceName: "`less` to its first screen",
                limit: 1, goal: "≤ 1× the time", note: "the first call (a warm-up) saves the state; output to /dev/null"
            ),
        ]
    }

    /// `novel print --width 80` of the whole book against `wc -L` of the same file.
    static func printRow(_ context: Context) throws -> Row {
        let work = "`novel print --width 80`, whole book"
        guard context.commandIsBuilt("print") else {
            return Row(
                work: work, goal: "≤ 1× the time (no slower)", verdict: .notBuilt("`novel print` is a placeholder"))
        }
        let home = try context.freshFolder("print-home")
        let environment = ["NOVEL_HOME": home]
        let arguments = [context.novel, "print", context.bookPath, "--width", "80"]
        let ours = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(arguments, extraEnvironment: environment)
        }
        let reference = try collect(warmups: context.plan.warmups, runs: context.plan.runs) {
            try context.spawner.time(["wc", "-L", context.bookPath])
        }
        return .timeRatio(
            work, ours: ours, reference: reference, referenceName: "`wc -L`", limit: 1,
            goal: "≤ 1× the time (no slower)", note: "output to /dev/null")
    }
}
