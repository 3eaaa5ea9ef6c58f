import Foundation

/// Runs other programs (reference tools, `novel`, tmux) without a shell and with little overhead:
/// `posix_spawnp`, stdin from /dev/null, stdout and stderr to files.
struct Spawner {
    /// Where captured output goes.
    var scratch: String
    /// Added to (or replacing) this process's environment for every child.
    var environment: [String: String]

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `arguments` to completion. `stdout` nil captures it into `Result.output`.
    @discardableResult
    func run(_ arguments: [String], stdout: String? = nil, extraEnvironment: [String: String] = [:]) throws -> Result {
        let outPath = stdout ?? scratch + "/spawn-\(getpid()).out"
        let errPath = scratch + "/spawn-\(getpid()).err"
        let pid = try spawn(arguments, stdout: outPath, stderr: errPath, extraEnvironment: extraEnvironment)
        let status = wait(pid)
        let output = stdout == nil ? (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" : ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Result(status: status, output: output, errors: errors)
    }

    /// Runs `arguments` and throws when it exits non-zero, naming the tool and its message.
    @discardableResult
    func check(_ arguments: [String], stdout: String? = nil, extraEnvironment: [String: String] = [:]) throws
        -> Result
    {
        let result = try run(arguments, stdout: stdout, extraEnvironment: extraEnvironment)
        guard result.status == 0 else {
            let message = result.errors.split(separator: "\n").first.map(String.init) ?? ""
            throw BenchError("\(arguments.prefix(2).joined(separator: " ")) exited \(result.status): \(message)")
        }
        return result
    }

    /// Starts `arguments` and returns its pid.
    func spawn(_ arguments: [String], stdout: String, stderr: String, extraEnvironment: [String: String] = [:])
        throws -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        for (key, value) in extraEnvironment { merged[key] = value }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        guard status == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits for `pid` and returns its exit status (128 + signal when it was killed); `cpu` receives the
    /// child's user and system seconds.
    func wait(_ pid: pid_t, cpu: UnsafeMutablePointer<Double>? = nil) -> Int32 {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        cpu?.pointee = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// `time`'s run with the child's CPU seconds (user + system) beside the wall-clock seconds.
    func timeWithCPU(_ arguments: [String], stdout: String = "/dev/null") throws -> (wall: Double, cpu: Double) {
        let errPath = scratch + "/spawn-\(getpid()).err"
        let start = now()
        let pid = try spawn(arguments, stdout: stdout, stderr: errPath)
        var cpu = 0.0
        let status = wait(pid, cpu: &cpu)
        let wall = now() - start
        guard status == 0 else { throw BenchError("\(arguments.prefix(2).joined(separator: " ")) exited \(status)") }
        return (wall, cpu)
    }

    /// Times a whole run of a command (spawn to exit) whose output is thrown away, or written to the file
    /// `stdout`. (GNU grep stops at the first match when its output is /dev/null: a reference grep writes
    /// to a file.)
    func time(_ arguments: [String], stdout: String = "/dev/null", extraEnvironment: [String: String] = [:]) throws
        -> Double
    {
        let start = now()
        try check(arguments, stdout: stdout, extraEnvironment: extraEnvironment)
        return now() - start
    }
}

private func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
