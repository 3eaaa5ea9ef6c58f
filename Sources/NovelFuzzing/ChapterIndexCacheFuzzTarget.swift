import NovelCore

/// The chapter-index cache file: the input is the file; what loads must partition a text before any
/// range of it is used, and the entries it gives are laid out.
enum ChapterIndexCacheFuzzTarget {
    static let fingerprint = "fuzz"

    static let target = FuzzTarget(
        name: "index-cache", summary: "chapter-index cache loading (ChapterIndexCache.load and .entry)",
        run: { bytes in
            let home = FuzzHome.shared
            let cache = ChapterIndexCache(directory: home.paths.cacheDirectory)
            home.write(bytes, to: cache.directory + "/chapters-\(fingerprint).idx")
            if let index = cache.load(fingerprint: fingerprint, pattern: nil) {
                FuzzCheck.require(index.isContiguousFromStart, "index-cache: a loaded index with gaps or overlaps")
                let length = index.entries.last?.range.upperBound ?? 0
                // What BookOpener does: use it only when it partitions the text, then lay it out.
                if length <= 1 << 16, length > 0 {
                    let text = BookText(
                        utf8: Array(repeating: UInt8(ascii: "a"), count: length), encoding: "UTF-8",
                        encodingSource: .validUTF8, invalidSequences: 0)
                    let book = FuzzBooks.book(text, index: index)
                    let layouter = PageLayouter(settings: LayoutSettings(), viewport: Viewport(columns: 30, rows: 10))
                    for entry in book.index.entries.indices.prefix(8) { _ = layouter.layout(book, entry: entry) }
                }
            }
            for offset in [0, 1, 4096, Int.max] {
                if let partial = cache.load(fingerprint: fingerprint, pattern: nil, through: offset) {
                    FuzzCheck.require(partial.isContiguousFromStart, "index-cache: a partial index with gaps")
                }
                if let (entry, _) = cache.entry(fingerprint: fingerprint, pattern: nil, containing: offset) {
                    FuzzCheck.require(entry.range.lowerBound >= 0, "index-cache: an entry before the text")
                }
            }
        },
        seeds: { file in
            // The cache file of the seed's start, as BookOpener writes it.
            let text = FuzzBooks.text(Array(file.prefix(FuzzTarget.seedLength)))
            let cache = ChapterIndexCache(directory: FuzzHome.shared.paths.cacheDirectory)
            cache.store(ChapterSplitter().split(text), fingerprint: fingerprint, pattern: nil)
            return FuzzHome.shared.read(cache.directory + "/chapters-\(fingerprint).idx").map { [$0] } ?? []
        })
}
