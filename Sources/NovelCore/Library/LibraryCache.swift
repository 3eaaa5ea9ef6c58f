import Foundation

/// The library listing's cache (`library.json` in the cache folder): each book file's `LibraryEntry`,
/// used while the file's size and modification time are unchanged. Rebuildable: a damaged file is
/// ignored and rewritten.
public struct LibraryCache: Sendable {
    public let path: String

    public init(paths: NovelPaths) {
        path = paths.cacheDirectory + "/library.json"
    }

    /// The cached entries by path.
    public func load() -> [String: LibraryEntry] {
        guard let data = (try? BookFile.read(path, limit: BookFile.largestCache)).map({ Data($0) }),
            let entries = try? JSONDecoder().decode([LibraryEntry].self, from: data)
        else { return [:] }
        // A fingerprint names the book's state file: one of another shape (`../x`) is not a cached book.
        let books = entries.filter { BookFingerprint.isWellFormed($0.fingerprint) }
        return Dictionary(books.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Replaces the cached entries of `entries`' paths, keeping the others.
    public func store(_ entries: [LibraryEntry]) {
        var all = load()
        for entry in entries { all[entry.path] = entry }
        let sorted = all.values.sorted { $0.path < $1.path }
        guard let data = try? JSONEncoder().encode(sorted) else { return }
        try? AtomicFile.write(data, to: path)
    }
}
