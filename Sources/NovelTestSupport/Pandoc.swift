import Foundation

/// `pandoc`, which makes EPUB books from Markdown for the EPUB tests (Debian package `pandoc`, installed by
/// `scripts/setup --testing`). Tests that need it skip with a visible message where it is absent.
public enum Pandoc {
    /// pandoc's path on `PATH`, or nil.
    public static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        return folders.map { "\($0)/pandoc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public static let absentMessage = "pandoc is not installed: EPUB tests with pandoc's books skipped"

    public static var isAvailable: Bool {
        if path == nil { print("note: \(absentMessage)") }
        return path != nil
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes an EPUB of `markdown` (with pandoc's `--to epub2` or `epub3`) to `output`.
    public static func epub(markdown: String, epub3: Bool, to output: String) throws {
        guard let path else { throw Failure(description: absentMessage) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--from", "markdown", "--to", epub3 ? "epub3" : "epub2", "--output", output]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "pandoc failed: " + String(decoding: message, as: UTF8.self))
        }
    }
}
