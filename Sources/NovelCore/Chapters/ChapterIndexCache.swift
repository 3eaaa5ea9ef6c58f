import Foundation

/// Chapter indexes kept on disk so that reopening a book does not scan it again. Keyed by the book's
/// fingerprint, the rules version and the custom pattern; anything unreadable is ignored and rebuilt.
public struct ChapterIndexCache: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    func key(fingerprint: String, pattern: String?) -> String {
        "\(fingerprint)|rules-\(ChapterSplitter.rulesVersion)|\(pattern ?? "")"
    }

    func file(fingerprint: String) -> String {
        directory + "/chapters-\(fingerprint).json"
    }

    /// The stored index, or nil when there is none, it is unreadable, or it was made for other rules.
    /// Entries are stored as arrays, not objects: decoding them is several times faster than Codable,
    /// which matters because reading the cache must cost less than scanning again.
    public func load(fingerprint: String, pattern: String?) -> ChapterIndex? {
        guard let data = FileManager.default.contents(atPath: file(fingerprint: fingerprint)),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            object["key"] as? String == key(fingerprint: fingerprint, pattern: pattern),
            let ruleName = object["rule"] as? String, let rows = object["entries"] as? [[Any]]
        else { return nil }
        var entries: [TOCEntry] = []
        entries.reserveCapacity(rows.count)
        for row in rows {
            guard row.count == 8, let levelValue = row[0] as? Int, let level = TOCEntry.Level(rawValue: levelValue),
                let kindName = row[1] as? String, let kind = TOCEntry.Kind(rawValue: kindName),
                let title = row[2] as? String, let lower = row[4] as? Int, let upper = row[5] as? Int,
                let bodyStart = row[6] as? Int, lower <= upper
            else { return nil }
            entries.append(
                TOCEntry(
                    level: level, title: title, number: row[3] as? Int, range: lower..<upper, bodyStart: bodyStart,
                    volumeIndex: row[7] as? Int, kind: kind))
        }
        return ChapterIndex(entries: entries, ruleName: ruleName)
    }

    /// Best effort: a cache that cannot be written only costs a scan next time.
    public func store(_ index: ChapterIndex, fingerprint: String, pattern: String?) {
        let rows: [[Any]] = index.entries.map { entry in
            [
                entry.level.rawValue, entry.kind.rawValue, entry.title, entry.number ?? NSNull(),
                entry.range.lowerBound, entry.range.upperBound, entry.bodyStart, entry.volumeIndex ?? NSNull(),
            ]
        }
        let object: [String: Any] = [
            "key": key(fingerprint: fingerprint, pattern: pattern), "rule": index.ruleName, "entries": rows,
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let target = file(fingerprint: fingerprint)
        let temporary = target + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, target) != 0 { unlink(temporary) }
    }
}
