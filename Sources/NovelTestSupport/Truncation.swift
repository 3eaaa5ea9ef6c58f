import Foundation

/// Cuts the file at `path` to `size` bytes from another process (`truncate`), as a user or a sync tool
/// would while novel has the file mapped; returns the tool's exit status.
public func truncateInAnotherProcess(_ path: String, to size: Int) throws -> Int32 {
    let truncate = Process()
    truncate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    truncate.arguments = ["truncate", "-s", "\(size)", path]
    try truncate.run()
    truncate.waitUntilExit()
    return truncate.terminationStatus
}
