/// Opens a book: load and decode, fingerprint, and index its chapters (from the cache when it has them).
public enum BookOpener {
    public static func open(
        path: String, encoding: String? = nil, chapterPattern: String? = nil, paths: NovelPaths? = nil
    ) throws -> Book {
        let splitter = try ChapterSplitter(customPattern: chapterPattern)
        let text = try BookLoader.load(path: path, encoding: encoding)
        let fingerprint = BookFingerprint.of(text.utf8)
        let pattern = chapterPattern.flatMap { $0.isEmpty ? nil : $0 }
        let index: ChapterIndex
        if let paths {
            let cache = ChapterIndexCache(directory: paths.cacheDirectory)
            // A damaged cache file that still reads must cover this text exactly before its ranges are used.
            if let cached = cache.load(fingerprint: fingerprint, pattern: pattern), cached.partitions(length: text.utf8.count) {
                index = cached
            } else {
                index = splitter.split(text)
                cache.store(index, fingerprint: fingerprint, pattern: pattern)
            }
        } else {
            index = splitter.split(text)
        }
        return Book(path: path, title: title(of: path, text: text), text: text, fingerprint: fingerprint, index: index)
    }

    /// The title the book's front matter names (`BookTitle`), else the file name without its extension.
    public static func title(of path: String, text: BookText) -> String {
        BookTitle.of(text, path: path)
    }

    /// The file name without its folder and extension.
    public static func title(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
