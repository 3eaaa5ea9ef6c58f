extension BookOpener {
    /// `book` after bytes were appended to its file, doing only what the new bytes need: the text read
    /// on from the old end (`BookText.appended`), the fingerprint of the whole, and the chapters split on
    /// from the book's heading scan (its own, else the one cached beside its index; without either, the
    /// grown text is split whole). The same book a whole open of the grown file gives. Nil when the file
    /// changed any other way: the caller opens it whole. `chapterPattern` is the book's pattern (nil or
    /// empty: the built-in rules); the grown book's index and scan are cached as an open caches them. A
    /// preview's book (`BookPreview`) is never grown: its text was not read whole and has no `appendProbe`.
    public static func appended(to book: Book, chapterPattern: String?, paths: NovelPaths?) -> Book? {
        guard let text = book.text.appended(path: book.path),
            let splitter = try? ChapterSplitter(customPattern: chapterPattern)
        else { return nil }
        let fingerprint = BookFingerprint.of(text.utf8)
        let cache = paths.map { ChapterIndexCache(paths: $0) }
        let fits = { (scan: HeadingScan) in scan.pattern == splitter.pattern && scan.length == book.text.utf8.count }
        let scan =
            book.headingScan.flatMap { fits($0) ? $0 : nil }
            ?? cache?.loadScan(fingerprint: book.fingerprint, pattern: splitter.pattern).flatMap { fits($0) ? $0 : nil }
        let split = scan.flatMap { splitter.split(text, continuing: $0) } ?? splitter.splitKeepingScan(text)
        cache?.store(split.index, fingerprint: fingerprint, scan: split.scan)
        var grown = Book(
            path: book.path, title: title(of: book.path, text: text), text: text, fingerprint: fingerprint,
            index: split.index)
        grown.headingScan = split.scan
        return grown
    }
}
