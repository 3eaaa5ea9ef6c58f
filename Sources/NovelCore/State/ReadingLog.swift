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
        let bytes = [UInt8](data)
        var entries: [Entry] = []
        var unreadable = 0
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = LineBounds.end(buffer, from: start)
                if end > start {
                    if let entry = Self.entry(buffer[start..<end]) {
                        entries.append(entry)
                    } else {
                        unreadable += 1
                    }
                }
                start = end + 1
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

    /// A line as `line(_:)` writes it, read straight from its bytes (a year of sessions is read at each
    /// `novel stats`, and building a dictionary a line took most of its time); any other JSON object
    /// with the same keys, a line edited by hand, through the JSON parser.
    static func entry(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Entry? {
        var reader = LineReader(bytes: line)
        if let entry = reader.entryAsWritten() { return entry }
        guard let object = JSONText.parse(Array(line)) as? [String: Any],
            let ended = StateValue.date(object["ended"]),
            let seconds = StateValue.double(object["seconds"]),
            let characters = StateValue.int(object["characters"]),
            let fingerprint = object["book"] as? String
        else { return nil }
        return Entry(
            ended: ended, seconds: seconds, characters: characters, fingerprint: fingerprint,
            title: object["title"] as? String ?? ""
        ).checked
    }
}

extension ReadingLog.Entry {
    /// The longest session and the most characters one can hold: a line beyond them was not written by
    /// a reader, and sums of such numbers over a year could pass what `Int` and the time's words hold.
    static let largestSeconds = 366.0 * 86_400
    static let largestCharacters = 1 << 40

    /// The entry when its numbers can be a session's, else nil.
    var checked: Self? {
        (0...Self.largestSeconds).contains(seconds) && (0...Self.largestCharacters).contains(characters) ? self : nil
    }
}

/// Reads a log line in the exact shape `ReadingLog.line` writes; nil at the first byte that differs
/// (an escape in a string, keys in another order, spaces), which leaves the line to the JSON parser.
private struct LineReader {
    let bytes: Slice<UnsafeBufferPointer<UInt8>>
    var index: Int

    init(bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    mutating func entryAsWritten() -> ReadingLog.Entry? {
        guard skip(#"{"ended":""#), let ended = plainString().flatMap(ISO8601Date.date(from:)),
            skip(#","seconds":"#), let seconds = number().flatMap(Double.init),
            skip(#","characters":"#), let characters = number().flatMap({ Int($0) }),
            skip(#","book":""#), let fingerprint = plainString(),
            skip(#","title":""#), let title = plainString(), skip("}"), index == bytes.endIndex
        else { return nil }
        return ReadingLog.Entry(
            ended: ended, seconds: seconds, characters: characters, fingerprint: fingerprint, title: title
        ).checked
    }

    /// Skips `text` when the bytes go on with it.
    mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.endIndex - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// The text up to the closing quote, which it skips; nil at an escape or a control character.
    mutating func plainString() -> String? {
        let start = index
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x22 {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == 0x5C || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The digits, sign and decimal point of a number, as text.
    mutating func number() -> Substring? {
        let start = index
        while index < bytes.endIndex,
            bytes[index] == 0x2D || bytes[index] == 0x2E || (0x30...0x39).contains(bytes[index])
        {
            index += 1
        }
        guard index > start else { return nil }
        return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
    }
}
