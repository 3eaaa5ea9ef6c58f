import Foundation
import Synchronization

/// Drives a real terminal for end-to-end tests: a shell in a detached tmux session on a private
/// tmux server, so tests never touch the user's tmux and can run side by side.
public final class TmuxSession: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case commandFailed(arguments: [String], status: Int32, stderr: String)
        case timedOut(waitingFor: String, seconds: Double, screen: String)

        public var description: String {
            switch self {
            case .commandFailed(let arguments, let status, let stderr):
                "tmux \(arguments.joined(separator: " ")) exited \(status): \(stderr)"
            case .timedOut(let what, let seconds, let screen):
                "waited \(seconds) s for \(what); the screen was:\n\(screen)"
            }
        }
    }

    /// The shell prompt (without its trailing space, which capture-pane drops), set so that tests
    /// can tell when the shell has the terminal again.
    public static let prompt = "novel-e2e$"
    public static let absentMessage = "tmux is not installed: end-to-end tests skipped"

    /// The tmux executable on PATH, or nil.
    public static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// True when tmux can run; prints why end-to-end tests are skipped otherwise.
    public static var isAvailable: Bool {
        if executable == nil { print("note: \(absentMessage)") }
        return executable != nil
    }

    public let name: String
    private let socket: String
    private let isAlive = Atomic(true)

    /// Starts a shell in a `columns`×`rows` terminal with `environment` (LANG=C.UTF-8 and TERM unless given).
    public init(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], term: String = "tmux-256color")
        throws
    {
        let unique = "\(getpid())-\(UUID().uuidString.prefix(8))"
        name = "novel-e2e-\(unique)"
        socket = "novel-e2e-\(unique)"
        var variables = ["LANG": "C.UTF-8", "NO_COLOR": ""]
        for (key, value) in environment { variables[key] = value }
        var arguments = [
            "set-option", "-g", "default-terminal", term, ";", "new-session", "-d", "-s", name,
            "-x", "\(columns)", "-y", "\(rows)",
        ]
        for (key, value) in variables.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        // bash resets PS1 from the session environment; `env` sets it for the shell itself.
        arguments.append("exec env PS1='\(Self.prompt) ' bash --norc --noprofile -i")
        try tmux(arguments)
        _ = try? tmux(["set-option", "-g", "window-size", "manual"])
        do {
            try waitFor(Self.prompt)
        } catch {
            kill()
            throw error
        }
    }

    deinit { kill() }

    /// Sends tmux key names (`"q"`, `"Space"`, `"PageDown"`, `"Enter"`, `"C-c"`).
    public func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types `text` literally, character by character.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Sends raw bytes, such as a mouse-wheel escape sequence.
    public func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", name, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

    /// Types a shell command line that runs `command` and then prints `novel-exit:<status>`, and presses Enter.
    public func runInShell(_ command: [String]) throws {
        let line = command.map(Self.shellQuoted).joined(separator: " ") + "; echo novel-exit:$?"
        try type(line)
        try send("Enter")
    }

    /// The visible screen as text, one line per row.
    public func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The visible screen with its colors and attributes as escape sequences (`capture-pane -e`).
    public func captureWithAttributes() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// The pane's title, as a program sets it with OSC 2 (`#{pane_title}`).
    public func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", name, "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True while the program in the pane uses the alternate screen (as curses programs do).
    public func alternateScreenIsOn() throws -> Bool {
        try tmux(["display-message", "-p", "-t", name, "#{alternate_on}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
            == "1"
    }

    /// Polls the screen until `condition` holds, and returns it; throws with the last screen after `timeout`.
    @discardableResult
    public func waitUntil(_ what: String, timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while true {
            screen = try capture()
            if condition(screen) { return screen }
            if Date() > deadline { throw Failure.timedOut(waitingFor: what, seconds: timeout, screen: screen) }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Polls until the screen differs from `screen` and then stays the same for two polls in a row,
    /// so that a half-drawn screen is never taken for the result.
    @discardableResult
    public func waitForChange(from screen: String, timeout: Double = 10) throws -> String {
        var previous: String?
        return try waitUntil("the screen to change and settle", timeout: timeout) { current in
            defer { previous = current }
            return current != screen && current == previous
        }
    }

    /// Polls until the screen contains `text` and has settled (two equal polls in a row).
    @discardableResult
    public func waitForSettled(_ text: String, timeout: Double = 10) throws -> String {
        var previous: String?
        return try waitUntil("\"\(text)\" on a settled screen", timeout: timeout) { current in
            defer { previous = current }
            return current.contains(text) && current == previous
        }
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits for the `novel-exit:<status>` line of `runInShell` and returns the status.
    public func waitForExit(timeout: Double = 10) throws -> Int {
        let screen = try waitUntil("the command to exit", timeout: timeout) { Self.exitStatus(in: $0) != nil }
        return Self.exitStatus(in: screen) ?? -1
    }

    /// Resizes the terminal; the program in it receives SIGWINCH.
    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the program running in the pane's foreground, if it is not the shell.
    public func foregroundProcess(named command: String) throws -> Int32? {
        let shellPID = try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let output = try Self.run("/usr/bin/env", ["pgrep", "-P", shellPID, "-x", command]).stdout
        return output.split(separator: "\n").first.flatMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Ends the session and its private server.
    public func kill() {
        guard isAlive.exchange(false, ordering: .acquiringAndReleasing) else { return }
        _ = try? tmux(["kill-server"])
    }

    // MARK: - Helpers

    static func exitStatus(in screen: String) -> Int? {
        for line in screen.split(separator: "\n").reversed() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("novel-exit:"), let status = Int(trimmed.dropFirst("novel-exit:".count)) {
                return status
            }
        }
        return nil
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let all = ["-L", socket, "-f", "/dev/null"] + arguments
        let result = try Self.run(Self.executable ?? "tmux", all)
        guard result.status == 0 else {
            throw Failure.commandFailed(arguments: arguments, status: result.status, stderr: result.stderr)
        }
        return result.stdout
    }

    /// Runs a command with posix_spawn and waits for it. Not Foundation's `Process`: the tmux server
    /// forked by the first command outlives it and would inherit the descriptors `Process` watches
    /// for the child's exit. Output goes to files and every other descriptor is closed in the child.
    private static func run(_ executable: String, _ arguments: [String]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let folder = FileManager.default.temporaryDirectory.path
        let outputPath = "\(folder)/novel-tmux-\(UUID().uuidString).out"
        let errorPath = "\(folder)/novel-tmux-\(UUID().uuidString).err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        closeInheritedDescriptors(&actions)
        // Test threads block signals; a tmux server inheriting that mask never sees SIGCHLD or SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw Failure.commandFailed(arguments: arguments, status: -1, stderr: String(cString: strerror(spawned)))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = FileManager.default.contents(atPath: outputPath) ?? Data()
        let errors = FileManager.default.contents(atPath: errorPath) ?? Data()
        return (code, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// glibc's closefrom file action (2.34+), looked up at run time because Swift does not import it.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
}
