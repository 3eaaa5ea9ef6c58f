import NovelCore

/// The chapter-index cache file: the input is the file; what loads must partition a text before any
/// range of it is used, and the entries it gives are laid out.
enum ChapterIndexCacheFuzzTarget {
    static let fingerprint = "fuzz"

    static let target = FuzzTarget(
        name: "index-cache",
        summary:
            "chapter-index cache loading (ChapterIndexCache.load, .entry and .loadScan, and a split continued from a loaded scan)",
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
            // The same bytes as the heading scan beside the index: what loads is handed to a split that
            // goes on from it over a text of its own (the input as text, then a chapter appended), as a
            // live reload would with a damaged cache.
            home.write(bytes, to: cache.directory + "/chapters-\(fingerprint).scan")
            if let scan = cache.loadScan(fingerprint: fingerprint, pattern: nil) {
                let old = FuzzBooks.text(bytes).utf8.withUnsafeBufferPointer(Array.init)
                let grown = BookText(
                    utf8: old + Array("\n第九章　续\n正文。\n".utf8), encoding: "UTF-8", encodingSource: .validUTF8,
                    invalidSequences: 0)
                if let (index, _) = ChapterSplitter().split(grown, continuing: scan) {
                    FuzzCheck.require(
                        index.partitions(length: grown.utf8.count),
                        "index-cache: a continued split that does not cover the text")
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
            let split = ChapterSplitter().splitKeepingScan(text)
            cache.store(split.index, fingerprint: fingerprint, pattern: nil)
            cache.storeScan(split.scan, fingerprint: fingerprint)
            return ["idx", "scan"].compactMap {
                FuzzHome.shared.read(cache.directory + "/chapters-\(fingerprint).\($0)")
            }
        })
}
