import Foundation
import Synchronization

/// Runs the built `novel` executable, as a user would from a shell.
public enum NovelBinary {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `NOVEL_BINARY` when set (scripts/test sets it), else the build folder next to the test bundle.
    public static var path: String {
        if let explicit = ProcessInfo.processInfo.environment["NOVEL_BINARY"], !explicit.isEmpty { return explicit }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("novel").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        for configuration in ["release", "debug"] {
            let candidate = Corpus.repositoryPath(".build/\(configuration)/novel")
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return besideTests
    }

    /// Runs `novel arguments…` (or, with `shellInstead`, `sh arguments…`) with `environment` added to this process's environment and waits for it.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
        currentDirectory: String? = nil, shellInstead: Bool = false
    ) throws -> Result {
        let process = Process()
        // Through /bin/sh when the arguments need bytes a Swift string cannot pass (a non-UTF-8 file name).
        process.executableURL = URL(fileURLWithPath: shellInstead ? "/bin/sh" : path)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["LANG"] = "C.UTF-8"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe()
        let errors = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes before waiting so a large output cannot block the child.
        let errorData = Mutex(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let read = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = read }
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
