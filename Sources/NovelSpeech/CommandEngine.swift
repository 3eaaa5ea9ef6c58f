import Foundation
import Synchronization

/// Any command that speaks the text it reads on standard input (`speech.command`: `spd-say -e` for
/// speech-dispatcher and a desktop's voices, or a neural engine such as piper), run through `/bin/sh`
/// once per utterance. It runs in a process group of its own, so that stopping ends the command and
/// everything it started (a player it pipes into) at once: SIGTERM, then SIGKILL after `killGrace`.
/// Its events are its own life: started when it is spawned, ended when it exits.
public final class CommandEngine: SpeechEngine {
    public let command: String
    /// How long a stopped command has between SIGTERM and SIGKILL.
    public static let killGrace: TimeInterval = 0.3

    /// The process group of the command speaking now (its leader's id), 0 when none runs.
    private let running = Mutex<pid_t>(0)
    private let stopped = Atomic<Bool>(false)
    /// Where the command's standard output and error go: nowhere unless asked (a reader's screen must
    /// not be written over).
    private let keepsOutput: Bool

    public init(command: String, keepsOutput: Bool = false) {
        self.command = command
        self.keepsOutput = keepsOutput
    }

    public func speak(_ text: String, event: (SpeechEvent) -> Void) throws(SpeechError) -> Bool {
        if stopped.load(ordering: .acquiring) { return false }
        let input = try Self.input(text + "\n")
        defer { close(input) }
        guard let pid = try spawn(input: input) else { return false }
        event(.started)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        running.withLock { $0 = 0 }
        if stopped.load(ordering: .acquiring) { return false }
        event(.ended)
        return true
    }

    public func stop() {
        stopped.store(true, ordering: .releasing)
        let group = running.withLock { $0 }
        guard group > 0 else { return }
        kill(-group, SIGTERM)
        Thread.detachNewThread { [self] in
            Thread.sleep(forTimeInterval: Self.killGrace)
            // Only the same command, still running: its group's id cannot have been reused while unreaped.
            running.withLock { current in
                if current == group { kill(-group, SIGKILL) }
            }
        }
    }

    public func reset() { stopped.store(false, ordering: .releasing) }

    /// The text as a file the command reads from its start, removed from its folder at once: no pipe, so
    /// nothing can block or raise SIGPIPE when the command does not read all of it.
    private static func input(_ text: String) throws(SpeechError) -> Int32 {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/novel-speech-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SpeechError("speech: cannot make the command's input: \(Self.errorText())") }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                throw SpeechError("speech: cannot make the command's input: \(Self.errorText())")
            }
            written += count
        }
        bytes.removeAll()
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }

    /// Starts `/bin/sh -c command` in a new process group with `input` as its standard input; nil when the
    /// engine was stopped first.
    private func spawn(input: Int32) throws(SpeechError) -> pid_t? {
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
            guard !stopped.load(ordering: .acquiring) else { return ECANCELED }
            let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
            if result == 0 { current = pid }
            return result
        }
        guard result == 0 else {
            if result == ECANCELED { return nil }
            throw SpeechError("speech: cannot run speech.command: \(String(cString: strerror(result)))")
        }
        return pid
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
