import Foundation

/// The heading scan beside a cached index (`chapters-<fingerprint>.scan`), for a split of the book
/// after chapters are appended to it; written by the reader beside the index (`ReadingSession
/// .keepHeadingScan`), read only then. Same key, same rules:
/// anything unreadable or made for other rules reads as nil, and the whole grown text is split instead.
extension ChapterIndexCache {
    static let scanMagic: [UInt8] = Array("NVSC1\n".utf8)

    func scanFile(fingerprint: String) -> String {
        directory + "/chapters-\(fingerprint).scan"
    }

    public func loadScan(fingerprint: String, pattern: String?) -> HeadingScan? {
        guard let data = try? BookFile.read(scanFile(fingerprint: fingerprint), limit: BookFile.largestCache) else {
            return nil
        }
        return data.withUnsafeBytes { raw -> HeadingScan? in
            var reader = Reader(bytes: raw)
            guard reader.take(Self.scanMagic.count).map(Array.init) == Self.scanMagic,
                reader.string() == key(fingerprint: fingerprint, pattern: pattern), let length = reader.integer(),
                length >= 0, let count = reader.integer(), count >= 0, count <= raw.count / 24
            else { return nil }
            var lines: [HeadingScan.Line] = []
            lines.reserveCapacity(count)
            for _ in 0..<count {
                guard let start = reader.integer(), let before = reader.integer(), let longest = reader.integer() else {
                    return nil
                }
                lines.append(
                    HeadingScan.Line(lineStart: start, textLinesBefore: before, longestTextLineBefore: longest))
            }
            return reader.isAtEnd ? HeadingScan(lines: lines, length: length, pattern: pattern) : nil
        }
    }

    /// The index and the scan it was made from.
    func store(_ index: ChapterIndex, fingerprint: String, scan: HeadingScan) {
        store(index, fingerprint: fingerprint, pattern: scan.pattern)
        storeScan(scan, fingerprint: fingerprint)
    }

    public func storeScan(_ scan: HeadingScan, fingerprint: String) {
        var data = Self.scanMagic
        func integer(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) } }
        let key = key(fingerprint: fingerprint, pattern: scan.pattern)
        integer(key.utf8.count)
        data.append(contentsOf: key.utf8)
        integer(scan.length)
        integer(scan.lines.count)
        for line in scan.lines {
            integer(line.lineStart)
            integer(line.textLinesBefore)
            integer(line.longestTextLineBefore)
        }
        write(data, to: scanFile(fingerprint: fingerprint))
    }
}
