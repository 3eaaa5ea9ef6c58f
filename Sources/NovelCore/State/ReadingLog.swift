import Foundation

/// Every reading session, one JSON object a line (`sessions.jsonl` in the state folder): when it ended, how
/// long and how much was read, in which book. What `novel stats` draws its days from. A file of its own,
/// appended to and never rewritten, so that a year of sessions is one read of one file and a session's
/// line can never take another book's state with it.
public struct ReadingLog: Sendable {
    public struct Entry: Sendable, Equatable {
        public var ended: Date
        /// Seconds of reading measured (`ReadingMeter`: pauses left out).
        public var seconds: Double
        /// Characters of the pages read.
        public var characters: Int
        /// The book's fingerprint, as its state file is named.
        public var fingerprint: String
        public var title: String

        public init(ended: Date, seconds: Double, characters: Int, fingerprint: String, title: String) {
            self.ended = ended
            self.seconds = seconds
            self.characters = characters
            self.fingerprint = fingerprint
            self.title = title
        }
    }

    public let path: String

    public init(stateDirectory: String) {
        path = stateDirectory + "/sessions.jsonl"
    }

    public init(paths: NovelPaths) {
        self.init(stateDirectory: paths.stateDirectory)
    }

    /// Adds `entry` as one line at the end. Under the file's lock, so two readers closing at once never
    /// interleave; a last line cut short by a crash is ended first, so it costs that line only.
    public func append(_ entry: Entry) throws {
        let line = Self.line(entry)
        try FileLock.withLock(path) {
            let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw StateError.writeFailed(path: path, reason: AtomicFile.errnoText()) }
            defer { close(descriptor) }
            var bytes = line
            let size = lseek(descriptor, 0, SEEK_END)
            if size > 0 {
                var last: UInt8 = 0
                if pread(descriptor, &last, 1, size - 1) == 1, last != 0x0A { bytes.insert(0x0A, at: 0) }
            }
            try AtomicFile.writeAll(bytes, to: descriptor, named: path)
        }
    }

    /// The entries in the file, oldest first as written, and how many lines could not be read (left out).
    /// No file is no sessions.
    public func load() -> (entries: [Entry], unreadable: Int) {
        guard let data = FileManager.default.contents(atPath: path) else { return ([], 0) }
        var entries: [Entry] = []
        var unreadable = 0
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if let entry = Self.entry(Array(line)) {
                entries.append(entry)
            } else {
                unreadable += 1
            }
        }
        return (entries, unreadable)
    }

    static func line(_ entry: Entry) -> [UInt8] {
        let seconds = entry.seconds.isFinite ? max(entry.seconds, 0) : 0
        var text = Array(#"{"ended":""#.utf8) + Array(ISO8601Date.string(from: entry.ended).utf8)
        text += Array(#"","seconds":"#.utf8) + Array(String(format: "%.1f", seconds).utf8)
        text += Array(#","characters":"#.utf8) + Array(String(max(entry.characters, 0)).utf8)
        text += Array(#","book":""#.utf8) + JSONText.escaped(entry.fingerprint)
        text += Array(#"","title":""#.utf8) + JSONText.escaped(entry.title)
        return text + Array("\"}\n".utf8)
    }

    static func entry(_ line: [UInt8]) -> Entry? {
        guard let object = JSONText.parse(line) as? [String: Any],
            let ended = StateValue.date(object["ended"]),
            let seconds = StateValue.double(object["seconds"]), seconds.isFinite, seconds >= 0,
            let characters = StateValue.int(object["characters"]), characters >= 0,
            let fingerprint = object["book"] as? String
        else { return nil }
        return Entry(
            ended: ended, seconds: seconds, characters: characters, fingerprint: fingerprint,
            title: object["title"] as? String ?? "")
    }
}
