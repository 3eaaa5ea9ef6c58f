import Foundation

/// Chapter indexes kept on disk so that reopening a book does not scan it again. Keyed by the book's
/// fingerprint, the rules version and the custom pattern; anything unreadable is ignored and rebuilt.
///
/// The file is a small binary record, not JSON: the scan itself runs faster than grep, so reading the
/// cache has to be cheaper still, and decoding thousands of entries from JSON is not.
public struct ChapterIndexCache: Sendable {
    public let directory: String
    /// The most bytes the cache's files may take, asked only when a new index is stored. The caller
    /// hands it in (the cache knows no setting: `ChapterIndexCache+Settings.swift` in `State/` reads
    /// `cacheMegabytes`), so that opening a book from the cache reads no settings.
    let sizeLimit: @Sendable () -> Int
    static let magic: [UInt8] = Array("NVIX2\n".utf8)

    /// The cache in `directory`, held to `sizeLimit` bytes.
    public init(directory: String, sizeLimit: @escaping @Sendable () -> Int) {
        self.directory = directory
        self.sizeLimit = sizeLimit
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
        // open(2), not FileManager: read before a book's first screen.
        let path = file(fingerprint: fingerprint)
        guard let data = try? BookFile.read(path, limit: BookFile.largestCache) else { return nil }
        let index = data.withUnsafeBytes { raw -> ChapterIndex? in
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
                    let bodyStart = reader.integer(), let headingStart = reader.integer(),
                    let volume = reader.integer(),
                    let title = reader.string(), lower <= upper
                else { return nil }
                entries.append(
                    TOCEntry(
                        level: level, title: title, number: number == Int.min ? nil : number, range: lower..<upper,
                        bodyStart: bodyStart, volumeIndex: volume < 0 ? nil : volume, kind: kind,
                        headingStart: headingStart))
                if let offset, upper > offset {
                    return Self.checked(ChapterIndex(entries: entries, ruleName: ruleName))
                }
            }
            return reader.isAtEnd ? Self.checked(ChapterIndex(entries: entries, ruleName: ruleName)) : nil
        }
        if index != nil { Self.markUsed(path) }
        return index
    }

    /// Only the stored entry that holds `offset` (the last one for the end of the text) and the rule's
    /// name, or nil as `load`. The other entries are stepped over without making their strings: a first
    /// screen deep in a long book needs one chapter, not a thousand titles.
    public func entry(fingerprint: String, pattern: String?, containing offset: Int) -> (TOCEntry, ruleName: String)? {
        // open(2), not FileManager: read before a book's first screen.
        let path = file(fingerprint: fingerprint)
        guard let data = try? BookFile.read(path, limit: BookFile.largestCache) else { return nil }
        let found = data.withUnsafeBytes { raw -> (TOCEntry, ruleName: String)? in
            var reader = Reader(bytes: raw)
            guard reader.take(Self.magic.count).map(Array.init) == Self.magic,
                reader.string() == key(fingerprint: fingerprint, pattern: pattern), let ruleName = reader.string(),
                let count = reader.integer(), count > 0, count <= raw.count
            else { return nil }
            for index in 0..<count {
                guard let levelValue = reader.integer(), let kindBytes = reader.rawString(),
                    let number = reader.integer(),
                    let lower = reader.integer(), let upper = reader.integer(), let bodyStart = reader.integer(),
                    let headingStart = reader.integer(), let volume = reader.integer(),
                    let titleBytes = reader.rawString(), 0 <= lower, lower <= upper,
                    (lower...upper).contains(bodyStart),
                    (lower...bodyStart).contains(headingStart)
                else { return nil }
                guard upper > offset || index == count - 1 else { continue }
                guard let level = TOCEntry.Level(rawValue: levelValue),
                    let kind = String(validating: kindBytes, as: UTF8.self).flatMap(TOCEntry.Kind.init(rawValue:)),
                    let title = String(validating: titleBytes, as: UTF8.self)
                else { return nil }
                let entry = TOCEntry(
                    level: level, title: title, number: number == Int.min ? nil : number, range: lower..<upper,
                    bodyStart: bodyStart, volumeIndex: volume < 0 ? nil : volume, kind: kind,
                    headingStart: headingStart)
                return (entry, ruleName)
            }
            return nil
        }
        if found != nil { Self.markUsed(path) }
        return found
    }

    /// The index when its entries have the shape of a split (from 0, without gaps, bodies inside), else nil:
    /// a damaged file that still reads must not hand out ranges that trap.
    static func checked(_ index: ChapterIndex) -> ChapterIndex? {
        index.isContiguousFromStart ? index : nil
    }

    /// Best effort: a cache that cannot be written only costs a scan next time. A new file may take the
    /// cache past its size limit: the least recently used files then go (`evictLeastRecentlyUsed`).
    public func store(_ index: ChapterIndex, fingerprint: String, pattern: String?) {
        let target = file(fingerprint: fingerprint)
        write(Self.record(index, key: key(fingerprint: fingerprint, pattern: pattern)), to: target)
        evictLeastRecentlyUsed(keeping: target)
    }

    /// Writes `data` as `target` whole (a temporary file renamed over it), best effort. Not synced to
    /// disk (`FileManager.createFile` syncs, which costs an open or a live reload milliseconds): a cache
    /// file cut short by a crash fails its checks when read and is rebuilt.
    func write(_ data: [UInt8], to target: String) {
        // Private, as the state folder is: the titles of the books someone reads are nobody else's business.
        try? FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(directory, 0o700)  // a folder made by an older novel
        let temporary = TemporaryFile.path(for: target)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, 0o600)  // exactly these bits, whatever the umask
        var written = 0
        let complete = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let result = Foundation.write(descriptor, base + written, raw.count - written)
                if result < 0, errno == EINTR { continue }
                if result <= 0 { return false }
                written += result
            }
            return true
        }
        close(descriptor)
        if !complete || rename(temporary, target) != 0 { unlink(temporary) }
    }

    /// The record's bytes, written into one buffer of the exact size (an English book may have tens of
    /// thousands of entries: appending field by field grew and copied the buffer again and again). The
    /// entries' fields are read in place, not copied entry by entry, and the writing position is a
    /// value of its own (`RecordWriter`): a local variable changed from nested functions was checked for
    /// exclusive access at run time on every field, which was most of the record's cost.
    static func record(_ index: ChapterIndex, key: String) -> [UInt8] {
        // Per entry: seven integers (level, number, start, end, body start, heading start, volume) and two
        // strings' lengths.
        let fixedPerEntry = 9 * RecordWriter.integerSize
        let entries = index.entries
        var size = magic.count + 3 * RecordWriter.integerSize + key.utf8.count + index.ruleName.utf8.count
        for position in entries.indices {
            size += fixedPerEntry + entries[position].kind.rawValue.utf8.count + entries[position].title.utf8.count
        }
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            guard let base = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
            var writer = RecordWriter(base: base)
            magic.withUnsafeBytes { writer.bytes($0) }
            writer.string(key)
            writer.string(index.ruleName)
            writer.integer(entries.count)
            for position in entries.indices {
                writer.integer(entries[position].level.rawValue)
                writer.string(entries[position].kind.rawValue)
                writer.integer(entries[position].number ?? Int.min)
                writer.integer(entries[position].range.lowerBound)
                writer.integer(entries[position].range.upperBound)
                writer.integer(entries[position].bodyStart)
                writer.integer(entries[position].headingStart)
                writer.integer(entries[position].volumeIndex ?? -1)
                writer.string(entries[position].title)
            }
            initialized = writer.offset
        }
    }

    /// Writes a record's fields one after another into memory the caller sized for them.
    struct RecordWriter {
        static let integerSize = MemoryLayout<Int64>.size
        let base: UnsafeMutableRawPointer
        private(set) var offset = 0

        init(base: UnsafeMutableRawPointer) {
            self.base = base
        }

        mutating func bytes(_ source: UnsafeRawBufferPointer) {
            guard let from = source.baseAddress else { return }
            (base + offset).copyMemory(from: from, byteCount: source.count)
            offset += source.count
        }

        mutating func integer(_ value: Int) {
            (base + offset).storeBytes(of: Int64(value).littleEndian, as: Int64.self)
            offset += Self.integerSize
        }

        /// The string's length in bytes, then its UTF-8.
        mutating func string(_ value: String) {
            integer(value.utf8.count)
            if let copied = value.utf8.withContiguousStorageIfAvailable({ bytes(UnsafeRawBufferPointer($0)) }) {
                return copied
            }
            var contiguous = value
            contiguous.withUTF8 { bytes(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Reads the cache record with bounds checks: a truncated or damaged file reads as nil.
    typealias Reader = BinaryRecordReader
}
