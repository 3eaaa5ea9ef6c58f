import Foundation
import Synchronization

/// Any command that speaks the text it reads on standard input (`speech.command`: `spd-say -e -w` for
/// speech-dispatcher and a desktop's voices, or a neural engine such as piper piped into a player), run
/// through `/bin/sh` once per utterance. It runs in a process group of its own, so that stopping ends the
/// command and everything it started at once: SIGTERM to the group, then SIGKILL after `killGrace` to what
/// is left. Its events are its own life: started when it is spawned, ended when its whole group is gone.
///
/// novel makes itself the reaper of its orphans (Linux's child subreaper) when it first runs a command, so
/// that what the command started is reaped here, not by init some time later: when `speak` returns, the
/// command's group is gone, with no zombie and no orphan left.
public final class CommandEngine: SpeechEngine {
    public let command: String
    /// How long a stopped command has between SIGTERM and SIGKILL.
    public static let killGrace: Duration = .milliseconds(300)

    /// The command speaking now, if any.
    private let running = Mutex(Running())
    private let stopSwitch = SpeechStop()
    /// Where the command's standard output and error go: nowhere unless asked (a reader's screen must
    /// not be written over).
    private let keepsOutput: Bool

    public init(command: String, keepsOutput: Bool = false) {
        self.command = command
        self.keepsOutput = keepsOutput
    }

    public func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool {
        guard let ticket = stopSwitch.begin() else { return false }
        let input = try Self.input(text + "\n")
        defer { close(input) }
        guard let group = try spawn(input: input, ticket: ticket) else { return false }
        event(.started)
        let status = reap(group)
        running.withLock { $0 = Running() }
        if stopSwitch.hasStopped(ticket) { return false }
        // The shell's own answers for a command it cannot find (127) or run (126).
        if let code = Self.exitCode(status), code == 126 || code == 127 {
            throw SpeechError(
                "speech: cannot run speech.command '\(command)': "
                    + (code == 127 ? "command not found" : "not executable"))
        }
        event(.ended)
        return true
    }

    public func stop() {
        stopSwitch.stop()
        let group = running.withLock { $0.group }
        if group > 0 { end(group) }
    }

    public func reset() { stopSwitch.reset() }

    /// Waits until every process of `group` has ended and is reaped, and returns the shell's wait status.
    /// When the shell (the group's leader) ends, what it left running in its group (a player it started in
    /// the background) is ended too.
    private func reap(_ group: pid_t) -> Int32 {
        var shellStatus: Int32 = 0
        var status: Int32 = 0
        while true {
            let reaped = waitpid(-group, &status, 0)
            if reaped == group {
                shellStatus = status
                if kill(-group, 0) == 0 { end(group) }
            }
            if reaped > 0 || (reaped == -1 && errno == EINTR) { continue }
            // ECHILD: nothing of the group is left to reap. Without the subreaper (not Linux) what the shell
            // left behind is init's; it has had SIGTERM above.
            return shellStatus
        }
    }

    /// The exit code in a wait status, nil when a signal ended the process (WIFEXITED, WEXITSTATUS).
    private static func exitCode(_ status: Int32) -> Int32? {
        status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    }

    /// SIGTERM to the whole group now, and SIGKILL to what is left of it after `killGrace`; once per
    /// utterance (a stop, then the shell's end, would otherwise send what is left a second SIGTERM).
    private func end(_ group: pid_t) {
        let isFirst = running.withLock { running in
            guard running.group == group, !running.isEnding else { return false }
            running.isEnding = true
            return true
        }
        guard isFirst else { return }
        kill(-group, SIGTERM)
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: Double(Self.killGrace.components.attoseconds) / 1e18)
            // Only the same group, still running: its id cannot be taken by another group while it is ours.
            running.withLock { running in
                if running.group == group { kill(-group, SIGKILL) }
            }
        }
    }

    /// The text as a file the command reads from its start, removed from its folder at once: no pipe, so
    /// nothing can block or raise SIGPIPE when the command does not read all of it.
    private static func input(_ text: String) throws(SpeechError) -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/novel-speech-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SpeechError("speech: cannot make the command's input: \(Self.errorText())") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw SpeechError("speech: cannot make the command's input: \(Self.errorText())")
            }
            written += count
        }
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }

    /// Starts `/bin/sh -c command` in a new process group with `input` as its standard input; nil when the
    /// utterance was stopped first.
    private func spawn(input: Int32, ticket: Int) throws(SpeechError) -> pid_t? {
        ChildReaper.adopt()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        if !keepsOutput {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own (to be stopped whole), with default signal handling and nothing blocked:
        // novel ignores SIGPIPE and the reader blocks signals a command must not inherit.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { argument in
            argument.withCString { strdup($0) }
        }
        arguments.append(nil)
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        // Spawned and recorded under the lock, so that a stop either comes first (and no command starts)
        // or finds the group to end.
        let result = running.withLock { current -> Int32 in
            guard !stopSwitch.hasStopped(ticket) else { return ECANCELED }
            let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
            if result == 0 { current = Running(group: pid) }
            return result
        }
        guard result == 0 else {
            if result == ECANCELED { return nil }
            throw SpeechError("speech: cannot run speech.command: \(String(cString: strerror(result)))")
        }
        return pid
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    /// The command speaking now: its process group (its leader's id, 0 when none runs), and whether it is
    /// being ended.
    private struct Running {
        var group: pid_t = 0
        var isEnding = false
    }
}
