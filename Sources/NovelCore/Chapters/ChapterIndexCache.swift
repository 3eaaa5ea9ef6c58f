import Foundation

/// Chapter indexes kept on disk so that reopening a book does not scan it again. Keyed by the book's
/// fingerprint, the rules version and the custom pattern; anything unreadable is ignored and rebuilt.
public struct ChapterIndexCache: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    struct Entry: Codable {
        var key: String
        var index: ChapterIndex
    }

    func key(fingerprint: String, pattern: String?) -> String {
        "\(fingerprint)|rules-\(ChapterSplitter.rulesVersion)|\(pattern ?? "")"
    }

    func file(fingerprint: String) -> String {
        directory + "/chapters-\(fingerprint).json"
    }

    public func load(fingerprint: String, pattern: String?) -> ChapterIndex? {
        guard let data = FileManager.default.contents(atPath: file(fingerprint: fingerprint)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.key == key(fingerprint: fingerprint, pattern: pattern)
        else { return nil }
        return entry.index
    }

    /// Best effort: a cache that cannot be written only costs a scan next time.
    public func store(_ index: ChapterIndex, fingerprint: String, pattern: String?) {
        let entry = Entry(key: key(fingerprint: fingerprint, pattern: pattern), index: index)
        guard let data = try? JSONEncoder().encode(entry) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let target = file(fingerprint: fingerprint)
        let temporary = target + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, target) != 0 { unlink(temporary) }
    }
}
