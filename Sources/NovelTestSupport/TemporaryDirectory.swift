import Foundation
import NovelCore

/// A fresh directory under the system's temporary folder, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "novel-test") throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    /// A novel home inside the directory: its config, state and cache folders.
    public var novelPaths: NovelPaths {
        NovelPaths(configDirectory: path + "/config", stateDirectory: path + "/state", cacheDirectory: path + "/cache")
    }

    /// Writes `contents` to a file in the directory and returns its path.
    @discardableResult
    public func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Array(contents.utf8))
    }

    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
