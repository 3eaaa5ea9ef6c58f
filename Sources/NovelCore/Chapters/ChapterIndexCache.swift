import Foundation

/// Chapter indexes kept on disk so that reopening a book does not scan it again. Keyed by the book's
/// fingerprint, the rules version and the custom pattern; anything unreadable is ignored and rebuilt.
///
/// The file is a small binary record, not JSON: the scan itself runs faster than grep, so reading the
/// cache has to be cheaper still, and decoding thousands of entries from JSON is not.
public struct ChapterIndexCache: Sendable {
    public let directory: String
    static let magic: [UInt8] = Array("NVIX1\n".utf8)

    public init(directory: String) {
        self.directory = directory
    }

    func key(fingerprint: String, pattern: String?) -> String {
        "\(fingerprint)|rules-\(ChapterSplitter.rulesVersion)|\(pattern ?? "")"
    }

    func file(fingerprint: String) -> String {
        directory + "/chapters-\(fingerprint).idx"
    }

    /// The stored index, or nil when there is none, it is unreadable, or it was made for other rules.
    /// With `offset`, only the entries up to the one holding it (what a first screen needs: the rest of a
    /// long index is not decoded).
    public func load(fingerprint: String, pattern: String?, through offset: Int? = nil) -> ChapterIndex? {
        guard let data = FileManager.default.contents(atPath: file(fingerprint: fingerprint)) else { return nil }
        return data.withUnsafeBytes { raw -> ChapterIndex? in
            var reader = Reader(bytes: raw)
            guard reader.take(Self.magic.count).map(Array.init) == Self.magic,
                reader.string() == key(fingerprint: fingerprint, pattern: pattern), let ruleName = reader.string(),
                let count = reader.integer(), count >= 0, count <= raw.count
            else { return nil }
            var entries: [TOCEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                guard let levelValue = reader.integer(), let level = TOCEntry.Level(rawValue: levelValue),
                    let kindName = reader.string(), let kind = TOCEntry.Kind(rawValue: kindName),
                    let number = reader.integer(), let lower = reader.integer(), let upper = reader.integer(),
                    let bodyStart = reader.integer(), let volume = reader.integer(), let title = reader.string(),
                    lower <= upper
                else { return nil }
                entries.append(
                    TOCEntry(
                        level: level, title: title, number: number == Int.min ? nil : number, range: lower..<upper,
                        bodyStart: bodyStart, volumeIndex: volume < 0 ? nil : volume, kind: kind))
                if let offset, upper > offset { return Self.checked(ChapterIndex(entries: entries, ruleName: ruleName)) }
            }
            return reader.isAtEnd ? Self.checked(ChapterIndex(entries: entries, ruleName: ruleName)) : nil
        }
    }

    /// Only the stored entry that holds `offset` (the last one for the end of the text) and the rule's
    /// name, or nil as `load`. The other entries are stepped over without making their strings: a first
    /// screen deep in a long book needs one chapter, not a thousand titles.
    public func entry(fingerprint: String, pattern: String?, containing offset: Int) -> (TOCEntry, ruleName: String)? {
        guard let data = FileManager.default.contents(atPath: file(fingerprint: fingerprint)) else { return nil }
        return data.withUnsafeBytes { raw -> (TOCEntry, ruleName: String)? in
            var reader = Reader(bytes: raw)
            guard reader.take(Self.magic.count).map(Array.init) == Self.magic,
                reader.string() == key(fingerprint: fingerprint, pattern: pattern), let ruleName = reader.string(),
                let count = reader.integer(), count > 0, count <= raw.count
            else { return nil }
            for index in 0..<count {
                guard let levelValue = reader.integer(), let kindBytes = reader.rawString(), let number = reader.integer(),
                    let lower = reader.integer(), let upper = reader.integer(), let bodyStart = reader.integer(),
                    let volume = reader.integer(), let titleBytes = reader.rawString(), 0 <= lower, lower <= upper,
                    (lower...upper).contains(bodyStart)
                else { return nil }
                guard upper > offset || index == count - 1 else { continue }
                guard let level = TOCEntry.Level(rawValue: levelValue),
                    let kind = String(validating: kindBytes, as: UTF8.self).flatMap(TOCEntry.Kind.init(rawValue:)),
                    let title = String(validating: titleBytes, as: UTF8.self)
                else { return nil }
                let entry = TOCEntry(
                    level: level, title: title, number: number == Int.min ? nil : number, range: lower..<upper,
                    bodyStart: bodyStart, volumeIndex: volume < 0 ? nil : volume, kind: kind)
                return (entry, ruleName)
            }
            return nil
        }
    }

    /// The index when its entries have the shape of a split (from 0, without gaps, bodies inside), else nil:
    /// a damaged file that still reads must not hand out ranges that trap.
    static func checked(_ index: ChapterIndex) -> ChapterIndex? {
        index.isContiguousFromStart ? index : nil
    }

    /// Best effort: a cache that cannot be written only costs a scan next time.
    public func store(_ index: ChapterIndex, fingerprint: String, pattern: String?) {
        var data = Self.magic
        func integer(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) } }
        func string(_ value: String) {
            integer(value.utf8.count)
            data.append(contentsOf: value.utf8)
        }
        string(key(fingerprint: fingerprint, pattern: pattern))
        string(index.ruleName)
        integer(index.entries.count)
        for entry in index.entries {
            integer(entry.level.rawValue)
            string(entry.kind.rawValue)
            integer(entry.number ?? Int.min)
            integer(entry.range.lowerBound)
            integer(entry.range.upperBound)
            integer(entry.bodyStart)
            integer(entry.volumeIndex ?? -1)
            string(entry.title)
        }
        // Private, as the state folder is: the titles of the books someone reads are nobody else's business.
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(directory, 0o700)  // a folder made by an older novel
        let target = file(fingerprint: fingerprint)
        let temporary = target + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(data), attributes: [.posixPermissions: 0o600])
        else { return }
        chmod(temporary, 0o600)  // exactly these bits, whatever the umask
        if rename(temporary, target) != 0 { unlink(temporary) }
    }

    /// Reads the cache record with bounds checks: a truncated or damaged file reads as nil.
    typealias Reader = BinaryRecordReader
}
