/// Opens a book: load and decode, fingerprint, and index its chapters (from the cache when it has them).
public enum BookOpener {
    /// The shares of the work of opening, for `LoadProgress`: reading (two passes for a UTF-8 book:
    /// checking and normalising; one decoding pass for others), fingerprinting, and indexing, each
    /// in proportion to the time it took on the big corpus book.
    static let stepWeights: [Double] = [0.5, 0.2, 0.3]

    /// `progress` hears how far the whole has got; it is done when the book is returned.
    public static func open(
        path: String, encoding: String? = nil, chapterPattern: String? = nil, paths: NovelPaths? = nil,
        progress: LoadStep = .none
    ) throws -> Book {
        let (bytes, status) = try BookFile.mapWithStatus(path)
        // A zip archive is an EPUB book or a file novel cannot read; an --encoding does not make it text.
        // Told from the bytes the text is loaded from: a .txt is read once.
        if EpubFormat.startsLikeZip(bytes) {
            return try EpubBookOpener.open(
                path: path, file: FileIdentity(status), chapterPattern: chapterPattern, paths: paths,
                progress: progress)
        }
        let steps = progress.parts(stepWeights)
        let splitter = try ChapterSplitter(customPattern: chapterPattern)
        let text = try BookLoader.load(
            bytes, status: status, path: path, encoding: encoding, fingerprinting: true, progress: steps[0])
        steps[0].finish()
        let pattern = chapterPattern.flatMap { $0.isEmpty ? nil : $0 }
        let cache = paths.map { ChapterIndexCache(paths: $0) }
        var fingerprint = ""
        var cached: ChapterIndex?
        var profile: TextProfile?
        // The fingerprint and the cached index it finds, when there is one; then the text's profile, which
        // needs the text but not its chapters, so that it too is made beside the split.
        func lookUp() {
            fingerprint = text.verbatimFingerprint ?? BookFingerprint.of(text.utf8, progress: steps[1])
            steps[1].finish()
            // A damaged cache file that still reads must cover this text exactly before its ranges are used.
            cached = cache?.load(fingerprint: fingerprint, pattern: pattern).flatMap {
                $0.partitions(length: text.utf8.count) ? $0 : nil
            }
            profile = TextProfile.of(text)
        }
        var split: (index: ChapterIndex, scan: HeadingScan)?
        let sampleKey = text.utf8.count >= SideBySide.besideWorkBytes ? ChapterIndexCache.sampleKey(text.utf8) : nil
        if let sampleKey, cache?.maySeeIndex(sampleKey: sampleKey) != true {
            // A long book with no index in the cache (as far as its samples tell) is split while its
            // fingerprint is taken on another core (the split does not need it); the split stops if the
            // fingerprint finds the index in the cache after all.
            split = splitter.splitKeepingScan(text, progress: steps[2]) {
                lookUp()
                return cached != nil
            }
        } else {
            lookUp()
            if cached == nil { split = splitter.splitKeepingScan(text, progress: steps[2]) }
        }
        let index: ChapterIndex
        var scan: HeadingScan?
        if let cached {
            index = cached
        } else {
            // `split` is nil only when the cache held the index.
            let made = split ?? splitter.splitKeepingScan(text, progress: steps[2])
            (index, scan) = (made.index, made.scan)
            // The index only: the heading scan goes to disk for the reader alone (`keepHeadingScan`).
            cache?.store(made.index, fingerprint: fingerprint, pattern: made.scan.pattern)
            if let sampleKey { cache?.markSeen(sampleKey: sampleKey) }
        }
        steps[2].finish()
        var book = Book(
            path: path, title: title(of: path, text: text), text: text, fingerprint: fingerprint, index: index,
            profile: profile)
        book.headingScan = scan
        return book
    }

    /// The title the book's front matter names (`BookTitle`), else the file name without its extension.
    public static func title(of path: String, text: BookText) -> String {
        BookTitle.of(text, path: path)
    }

    /// The file name without its folder and extension (`BookTitle.ofFileName`).
    public static func title(of path: String) -> String {
        BookTitle.ofFileName(path)
    }

    /// The file name without its folder (`BookTitle.fileName`).
    public static func fileName(of path: String) -> String {
        BookTitle.fileName(of: path)
    }
}
