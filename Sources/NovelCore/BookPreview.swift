/// The book as far as the first screen needs it, from the start of the file, so that `novel read` can
/// draw before the whole book is read, decoded, fingerprinted and indexed (issue 7: launch as fast as
/// `less`). The reader replaces it with the `Book` from `BookOpener` as soon as that is ready.
///
/// A preview is made only when it can be right: for a book read before, its state's `source` stamp
/// must match the file's size and modification time (else the full open may re-anchor the position),
/// and the text is decoded with the encoding the whole file was decoded with. The chapter index comes
/// from the cache when there is one; a first open splits the start of the text instead, which shows
/// the same first chapter. Whatever does not fit these rules gets no preview, only the full open.
public struct BookPreview: Sendable {
    /// The start of the book, or one chapter of it (see `part`).
    public let book: Book
    /// Where `book`'s text lies in the whole text, and the whole text's length.
    public let part: BookPart
    /// What the saved state said, where the position came from; nil on a first open.
    public let state: BookStateSummary?
    /// Where the reader opens in `book`: the saved position (less `part.base`), or the beginning.
    public let offset: Int
    /// False when the chapters were split from the start of the text (no cached index): then only the
    /// first chapter is sure to be the full open's; otherwise every entry but a clipped last one is.
    public var chaptersAreExact = true

    /// How much of the file a first open reads: more than the first chapter of nearly every book (a long
    /// web-novel chapter is 10,000 characters, 30 KB). Should it not be, only the status bar's page count
    /// of that chapter is short until the whole book is loaded.
    public static let defaultWindow = 1 << 17

    /// How much text an EPUB's first open reads at most: a quarter of `defaultWindow`, as an EPUB's text is
    /// inflated and parsed from its documents, which costs the first screen far more a byte than decoding a
    /// .txt (docs/benchmarks.md). A longer first chapter only shows a short page count until the whole book
    /// is in, as for a .txt chapter longer than its window.
    public static let epubWindow = 1 << 15

    /// How much text an EPUB's first open reads for a screen of `cells` cells: two screens of text at the
    /// most bytes a cell can hold (4: a cell of Thai or Devanagari holds a letter and its marks), so the first
    /// screen and the page after it are whole, and never less than 16 KiB nor more than `epubWindow`. The
    /// small terminal a novel is often read in needs far less than `epubWindow`, and every byte read is
    /// inflated, parsed and laid out before the first screen (docs/benchmarks.md).
    public static func epubWindow(cells: Int) -> Int {
        cells >= epubWindow / 8 ? epubWindow : max(1 << 14, cells * 8)
    }

    /// The preview, or nil when there should be none (small file, changed file, unreadable or odd input:
    /// the full open reports problems). `window` is the number of bytes read when the position is near the
    /// start; files up to twice that size are opened whole at once.
    public static func open(
        path: String, encoding forced: String? = nil, chapterPattern: String? = nil, paths: NovelPaths,
        window: Int = defaultWindow
    ) -> BookPreview? {
        var startsLikeZip: Bool?
        return open(
            path: path, encoding: forced, chapterPattern: chapterPattern, paths: paths, window: window,
            startsLikeZip: &startsLikeZip)
    }

    /// The first screen of the book at `path`, a .txt (`open`) or an EPUB (`epub`), told apart by its first
    /// bytes as `BookOpener` tells them. They are read first, on their own: a .txt preview of a book read
    /// before would otherwise load its cached index before its read told it the book is an EPUB. An EPUB
    /// reads at most `epubWindow` of text, and libzip loads beside its state's look-up and `meanwhile`,
    /// which the caller gives work that needs no book (setting up the terminal): the archive cannot be
    /// opened before the library is in, and a .txt, which needs no library, never calls it. `startsLikeZip`
    /// is what the caller's own look at those bytes found (`EpubFormat.startsLikeZip(path:)`), nil when it
    /// had none: they are then read here. `screenCells` is the size of the screen the preview is for, when
    /// known: an EPUB then reads `epubWindow(cells:)` of text.
    public static func launch(
        path: String, encoding: String? = nil, chapterPattern: String? = nil, paths: NovelPaths,
        window: Int = defaultWindow, screenCells: Int? = nil, startsLikeZip known: Bool? = nil,
        meanwhile: () -> Void = {}
    ) -> BookPreview? {
        guard known ?? EpubFormat.startsLikeZip(path: path) else {
            var startsLikeZip: Bool?
            return open(
                path: path, encoding: encoding, chapterPattern: chapterPattern, paths: paths, window: window,
                startsLikeZip: &startsLikeZip)
        }
        EpubArchive.loadLibraryBeside()
        return epub(
            path: path, chapterPattern: chapterPattern, paths: paths,
            window: min(window, screenCells.map(epubWindow(cells:)) ?? epubWindow), startsLikeZip: true,
            meanwhile: meanwhile)
    }

    /// `open`, which sets `startsLikeZip` when it read the file's first bytes (a zip gets no .txt preview).
    static func open(
        path: String, encoding forced: String?, chapterPattern: String?, paths: NovelPaths, window: Int,
        startsLikeZip: inout Bool?
    ) -> BookPreview? {
        guard let file = BookFile.identity(path), file.bytes > 2 * window else { return nil }
        let previous = BookStateStore(paths: paths).latestSummary(lastPath: ReadingSession.absolutePath(path))
        let pattern = (chapterPattern ?? previous?.chapterPattern).flatMap { $0.isEmpty ? nil : $0 }
        var offset = 0
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        // Decode as the full open will: the forced encoding, or the one the whole file was decoded with.
        var encoding = forced
        var decodesAsUTF8 = false
        var cachedIndex: ChapterIndex?
        var expectedLength: Int?
        if let previous {
            // A stamp from a damaged state is not believed: decoded text is at most three bytes a byte.
            guard let source = previous.source, source.file == file, (0...4 * file.bytes).contains(source.textBytes)
            else { return nil }
            // A different --encoding than the book's own choice: other text, other offsets.
            if let forced, forced != previous.encoding { return nil }
            encoding = source.encoding
            decodesAsUTF8 = source.encoding == "UTF-8"
            offset = min(max(previous.offset ?? 0, 0), source.textBytes)
            expectedLength = source.textBytes
            if source.verbatim {
                guard
                    let (entry, ruleName) = cache.entry(
                        fingerprint: previous.fingerprint, pattern: pattern, containing: offset)
                else { return nil }
                return chapter(
                    path: path, entry: entry, ruleName: ruleName, offset: offset, source: source, state: previous)
            }
            cachedIndex = cache.load(fingerprint: previous.fingerprint, pattern: pattern, through: offset)
        }
        // The text needed: the chapter holding the position when the index is known, else the position.
        var needed = offset + 1
        if let cachedIndex, !cachedIndex.entries.isEmpty {
            needed = cachedIndex.entries[cachedIndex.entryIndex(containing: offset)].range.upperBound
        }
        // GB18030, Big5 and UTF-16 text is longer than its file, UTF-8 text as long or (without CRs) a little
        // shorter: an eighth more covers `needed` bytes of text unless it is full of control pictures.
        let wanted = min(needed, file.bytes)  // a cached range past the file's end must not overflow this sum
        let rawCount = min(wanted <= window / 2 ? window : wanted + wanted / 8 + window / 4, file.bytes)
        // An EPUB's text is made from its documents, never read from the start of its file: told by the
        // first bytes of this read, before the rest of a long one is read (a state's verbatim chapter above
        // is never an EPUB's: its text is not its file's bytes).
        guard
            var bytes = BookFile.read(
                path, range: 0..<rawCount, firstRead: window,
                refused: { start in
                    startsLikeZip = EpubFormat.startsLikeZip(start)
                    return startsLikeZip == true
                }),
            let end = lineEnd(in: bytes, encoding: encoding)
        else { return nil }
        bytes.removeSubrange(end...)
        let rawUsed = bytes.count
        // A book that was UTF-8 takes the validator's fast path; naming it would go through ICU's converter.
        // A first open detects the encoding from the first 32 KB only: ICU's detector over the whole window
        // would cost more than the rest of the first screen. The full open detects over samples from the
        // whole file, as always.
        guard
            var text = try? BookLoader.decode(
                bytes, path: path, encoding: decodesAsUTF8 ? nil : encoding,
                detectionLimit: previous == nil ? 1 << 15 : nil),
            text.utf8.count >= needed
        else { return nil }
        text.fileIdentity = nil  // only the start of the file: never a stamp for the state
        let index: ChapterIndex
        if let cachedIndex {
            index = Self.clip(cachedIndex, to: text.utf8.count)
        } else {
            guard let splitter = try? ChapterSplitter(customPattern: pattern) else { return nil }
            index = splitter.split(text)
        }
        guard !index.entries.isEmpty else { return nil }
        let book = Book(
            path: path, title: BookOpener.title(of: path, text: text), text: text,
            fingerprint: previous?.fingerprint ?? "",
            index: index)
        let wholeLength =
            expectedLength ?? Int(Double(text.utf8.count) * Double(file.bytes) / Double(max(rawUsed, 1)))
        var preview = BookPreview(
            book: book, part: BookPart(base: 0, wholeLength: wholeLength), state: previous,
            offset: min(offset, text.utf8.count))
        preview.chaptersAreExact = cachedIndex != nil
        return preview
    }

    /// For a book read before whose text is its file's bytes: only the chapter holding the position, read
    /// where it lies in the file, as a book of that one chapter whose text starts at `part.base`. Layout
    /// depends only on a chapter's own text, so its pages are the full book's pages there.
    static func chapter(
        path: String, entry: TOCEntry, ruleName: String, offset: Int, source: SourceStamp, state: BookStateSummary
    ) -> BookPreview? {
        var entry = entry
        let range = entry.range
        guard range.upperBound <= source.textBytes, let bytes = BookFile.read(path, range: range),
            bytes.count == range.count,
            // Still what the full open makes of it: valid UTF-8 that normalising leaves as it is.
            bytes.withUnsafeBufferPointer(UTF8Validator.isValid), TextNormaliser.normalise(bytes) == bytes
        else { return nil }
        entry.range = 0..<range.count
        entry.bodyStart -= range.lowerBound
        entry.headingStart -= range.lowerBound
        entry.volumeIndex = nil
        let text = BookText(utf8: bytes, encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        let book = Book(
            path: path, title: state.title ?? BookOpener.title(of: path), text: text, fingerprint: state.fingerprint,
            index: ChapterIndex(entries: [entry], ruleName: ruleName))
        return BookPreview(
            book: book, part: BookPart(base: range.lowerBound, wholeLength: source.textBytes), state: state,
            offset: offset - range.lowerBound)
    }

    /// The entries that start inside the first `length` bytes, the last one ending there.
    static func clip(_ index: ChapterIndex, to length: Int) -> ChapterIndex {
        var entries = index.entries.filter { $0.range.lowerBound < length }
        if var last = entries.popLast() {
            last.range = last.range.lowerBound..<min(last.range.upperBound, length)
            last.bodyStart = min(last.bodyStart, last.range.upperBound)
            last.headingStart = min(last.headingStart, last.bodyStart)
            entries.append(last)
        }
        return ChapterIndex(entries: entries, ruleName: index.ruleName)
    }

    /// The end of the last whole line in `bytes` (just after its line feed), in the code units of
    /// `encoding` (detected from a byte-order mark or UTF-16 statistics when nil); nil when there is no
    /// line feed or the encoding is UTF-32, which previews leave alone.
    static func lineEnd(in bytes: [UInt8], encoding: String?) -> Int? {
        let name: String = bytes.withUnsafeBufferPointer { buffer in
            encoding ?? ByteOrderMark.detect(buffer)?.encoding ?? UTF16Sniffer.guess(buffer)?.encoding ?? "UTF-8"
        }.uppercased()
        if name.contains("32") { return nil }
        guard name.contains("16") else {
            return bytes.lastIndex(of: 0x0A).map { $0 + 1 }
        }
        let littleEndian = name.hasSuffix("LE") || (!name.hasSuffix("BE") && bytes.starts(with: [0xFF, 0xFE]))
        var index = (bytes.count & ~1) - 2
        while index >= 0 {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            if low == 0x0A && high == 0 { return index + 2 }
            index -= 2
        }
        return nil
    }
}
