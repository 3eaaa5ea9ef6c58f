import Foundation

/// A JSON file holding one object with a `version`: read with its unknown keys kept, corrupt files moved
/// aside (never deleted or overwritten), files from a newer novel read but never written.
public struct JSONObjectFile: Sendable {
    public let path: String
    /// The newest format this build writes.
    public let version: Int

    public init(path: String, version: Int) {
        self.path = path
        self.version = version
    }

    public struct Contents {
        /// The object as read: empty when the file is missing or was corrupt.
        public var object: [String: Any]
        /// The file came from a newer novel: use it, but do not write it.
        public var isNewer: Bool
        public var warnings: [String]
    }

    /// Reads the file. A file that is not a JSON object is renamed to `NAME.corrupt-<timestamp>` and
    /// reported; the caller goes on with defaults.
    public func read() -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Contents(object: [:], isNewer: false, warnings: [])
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            let aside = moveAside()
            return Contents(
                object: [:], isNewer: false,
                warnings: ["\(path) is not valid JSON; moved it to \(aside ?? "(could not move it)") and using defaults"])
        }
        let fileVersion = (object["version"] as? Int) ?? 1
        if fileVersion > version {
            return Contents(
                object: object, isNewer: true,
                warnings: ["\(path) was written by a newer novel (version \(fileVersion)); reading it, not saving to it"])
        }
        return Contents(object: object, isNewer: false, warnings: [])
    }

    /// Moves a corrupt file aside, returning the new path.
    @discardableResult
    public func moveAside() -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var aside = "\(path).corrupt-\(formatter.string(from: Date()))"
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside) {
            attempt += 1
            aside = "\(path).corrupt-\(formatter.string(from: Date()))-\(attempt)"
        }
        return rename(path, aside) == 0 ? aside : nil
    }

    /// Writes `object` atomically, with `version` set, keys sorted, readable by the user only.
    public func write(_ object: [String: Any], beforeRename: (() throws -> Void)? = nil) throws {
        var object = object
        object["version"] = version
        let data: Data
        do {
            data = try JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw StateError.writeFailed(path: path, reason: "cannot encode JSON")
        }
        try AtomicFile.write(data + Data("\n".utf8), to: path, beforeRename: beforeRename)
    }
}
