import Foundation

/// Appends `bytes` to the file at `path` in place (the same file, as a downloader adding chapters writes it).
public func appendToFile(_ path: String, _ bytes: [UInt8]) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(bytes))
    try handle.close()
}

public func appendToFile(_ path: String, _ string: String) throws {
    try appendToFile(path, Array(string.utf8))
}
