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
        /// The file exists but could not be read (permissions, I/O error): never replace what we could not see.
        public var isUnreadable: Bool = false

        /// Why this file must not be written, or nil when it may be.
        public func refusalToWrite(path: String) -> StateError? {
            if isNewer { return .newerVersion(path: path, version: JSONObjectFile.versionText(of: object)) }
            if isUnreadable {
                return .writeFailed(path: path, reason: "it exists but cannot be read, so it is left unchanged")
            }
            return nil
        }
    }

    /// Reads the file. A file that is not a JSON object is renamed to `NAME.corrupt-<timestamp>` and
    /// reported; the caller goes on with defaults.
    public func read() -> Contents {
        // Read with open(2), not FileManager: this runs before a book's first screen, where Foundation's
        // file machinery costs a few tenths of a millisecond to set up.
        let bytes: [UInt8]
        do {
            bytes = try BookFile.read(path, limit: BookFile.largestSettingsOrState)
        } catch .notFound {
            return Contents(object: [:], isNewer: false, warnings: [])
        } catch {
            return Contents(
                object: [:], isNewer: false, warnings: ["\(error); using defaults and not saving to it"],
                isUnreadable: true)
        }
        return contents(of: bytes)
    }

    /// `read()` of bytes already read from the file.
    public func contents(of bytes: [UInt8]) -> Contents {
        guard let object = JSONText.parse(bytes) as? [String: Any] else {
            let aside = moveAside()
            return Contents(
                object: [:], isNewer: false,
                warnings: [
                    "\(path) is not valid JSON; moved it to \(aside ?? "(could not move it)") and using defaults"
                ])
        }
        switch Self.version(of: object) {
        case .known(let fileVersion) where fileVersion <= version:
            return Contents(object: object, isNewer: false, warnings: [])
        case .known, .newer:
            return Contents(
                object: object, isNewer: true,
                warnings: [
                    "\(path) was written by a newer novel (version \(Self.versionText(of: object))); reading it, not "
                        + "saving to it"
                ])
        case .unreadable:
            return Contents(
                object: object, isNewer: true,
                warnings: [
                    "\(path): version \(Self.versionText(of: object)) is not a version novel writes (an integer from 1); "
                        + "reading it, not saving to it"
                ])
        }
    }

    /// What a file's `version` says about who wrote it.
    enum FileVersion: Equatable {
        case known(Int)
        /// An integer too large for any number (`99999999999999999999`): surely a newer novel's.
        case newer
        /// Not a whole number from 1 (`0`, `1.5`, `"2"`): not a file this novel knows how to rewrite.
        case unreadable
    }

    /// The file's `version`, range-checked where it is read: a missing one is 1, the first format.
    static func version(of object: [String: Any]) -> FileVersion {
        guard let value = object["version"] else { return .known(1) }
        if let literal = value as? JSONNumberLiteral {
            return literal.text.hasPrefix("-") || !literal.text.allSatisfy(\.isNumber) ? .unreadable : .newer
        }
        guard let number = StateValue.int(value), number >= 1 else { return .unreadable }
        return .known(number)
    }

    /// The file's `version` as written in it, for messages.
    static func versionText(of object: [String: Any]) -> String {
        // Text in quotes, so that a version written as "2" is not mistaken for the number 2.
        object["version"].map { ($0 as? String).map { "\"\($0)\"" } ?? JSONText.shown($0) } ?? "1"
    }

    /// Moves a corrupt file aside, returning the new path.
    @discardableResult
    public func moveAside() -> String? {
        let aside = asidePath()
        return rename(path, aside) == 0 ? aside : nil
    }

    /// Copies the file aside before a rewrite would drop parts of it that could not be read (a bookmark
    /// of the wrong shape), so that nothing the user had is lost. Returns the copy's path.
    @discardableResult
    public func copyAside() -> String? {
        guard let bytes = try? BookFile.read(path, limit: BookFile.largestSettingsOrState) else { return nil }
        let data = Data(bytes)
        let aside = asidePath()
        do {
            try AtomicFile.write(data, to: aside)
            return aside
        } catch {
            return nil
        }
    }

    /// `NAME.corrupt-<timestamp>`, with a counter when that name is taken.
    func asidePath() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: Date())
        var aside = "\(path).corrupt-\(stamp)"
        var attempt = 1
        while access(aside, F_OK) == 0 {
            attempt += 1
            aside = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        return aside
    }

    /// Writes `object` atomically, with `version` set, keys sorted, readable by the user only.
    public func write(_ object: [String: Any], beforeRename: (() throws -> Void)? = nil) throws {
        try AtomicFile.write(Data(try encoded(object)), to: path, beforeRename: beforeRename)
    }

    /// Writes `object` as `write` does unless it is what the file held when read (`old`, as `read` gave
    /// it): a change that changes nothing leaves the file, and its time, as they are. Returns whether it
    /// wrote.
    @discardableResult
    public func write(_ object: [String: Any], unlessSameAs old: [String: Any]) throws -> Bool {
        let bytes = try encoded(object)
        // Compared as written: the encoder is the one judge of which values are the same.
        if !old.isEmpty, (try? encoded(old)) == bytes { return false }
        try AtomicFile.write(Data(bytes), to: path)
        return true
    }

    /// The file's bytes for `object`: `version` set, keys sorted, a line end after.
    private func encoded(_ object: [String: Any]) throws -> [UInt8] {
        var object = object
        object["version"] = version
        guard var bytes = JSONText.pretty(object) else {
            throw StateError.writeFailed(path: path, reason: "cannot encode JSON")
        }
        bytes.append(0x0A)
        return bytes
    }
}
