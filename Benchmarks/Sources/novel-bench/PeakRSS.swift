import Foundation

/// The peak resident set of a short-lived command. `ru_maxrss` as `wait4` reports it is not the
/// command's alone: at `execve` Linux folds the high-water mark of the memory the process had before
/// into it, and a child started by `posix_spawn` (a vfork) had the parent's — so a command started by
/// this benchmark, which holds the big book, would report the benchmark's own peak. So the command
/// is started by a fresh, small `novel-bench peak-rss`, whose peak is far below any book's.
enum PeakRSS {
    /// Runs `arguments` through `novel-bench peak-rss` and returns the command's peak RSS in bytes.
    static func of(_ arguments: [String], stdout: String, environment: [String: String], _ context: Context) throws
        -> Int
    {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let report = context.scratch + "/peak-rss.txt"
        try context.spawner.check(
            [executable, "peak-rss", report] + arguments, stdout: stdout, extraEnvironment: environment)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        guard let peak = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("peak-rss wrote \(text)")
        }
        return peak
    }

    /// `novel-bench peak-rss FILE COMMAND…`: runs the command with this process's standard streams and
    /// environment, writes its peak RSS (bytes) to FILE, and exits non-zero when the command did.
    static func runChild(_ arguments: [String], reportTo file: String) throws {
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawnp(&pid, arguments[0], nil, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        try "\(Int(usage.ru_maxrss) * 1024)\n".write(toFile: file, atomically: true, encoding: .utf8)
        guard status == 0 else { throw BenchError("\(arguments[0]) exited with status \(status)") }
    }
}
