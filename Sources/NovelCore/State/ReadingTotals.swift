import Foundation

/// The reading measured over all books (`reading.json` in the state folder): the speed a book not read
/// long enough to have its own is estimated with. Written under a lock, keeping unknown keys.
public struct ReadingTotals: Sendable {
    public static let formatVersion = 1
    let file: JSONObjectFile

    public init(stateDirectory: String) {
        file = JSONObjectFile(path: stateDirectory + "/reading.json", version: Self.formatVersion)
    }

    public init(paths: NovelPaths) {
        self.init(stateDirectory: paths.stateDirectory)
    }

    /// The totals so far (zero when there are none or the file cannot be read).
    public func load() -> ReadingTime {
        Self.decode(file.read().object)
    }

    /// Adds one session's reading.
    public func add(_ session: ReadingTime) throws {
        try FileLock.withLock(file.path) {
            let contents = file.read()
            if let refusal = contents.refusalToWrite(path: file.path) { throw refusal }
            let total = Self.decode(contents.object) + session
            var object = contents.object
            object["characters"] = total.characters
            object["seconds"] = total.seconds
            object["sessions"] = total.sessions
            try file.write(object)
        }
    }

    static func decode(_ object: [String: Any]) -> ReadingTime {
        ReadingTime(
            // Range-checked as they are read: a number past Int is not wrapped into a negative one.
            characters: max(StateValue.int(object["characters"]) ?? 0, 0),
            seconds: max(StateValue.double(object["seconds"]).flatMap { $0.isFinite ? $0 : nil } ?? 0, 0),
            sessions: max(StateValue.int(object["sessions"]) ?? 0, 0))
    }
}
