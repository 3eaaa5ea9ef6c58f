/// The first screen of an EPUB before the whole book is open (issue 33: within twice `less`). The full open
/// inflates and parses every spine document; the first screen needs only the few that hold the chapter on
/// it. Its positions are the full open's: the documents make the same text wherever they are read, and
/// it is placed where they lay in the whole text.
///
/// - A book read before (its state's `source` stamp matches the file, and the full open kept an
///   `EpubSpineRecord` and its chapter index for this very file): the chapter holding the saved position
///   alone, from the documents its text lies in, as the .txt preview reads one chapter (`chapter`).
/// - A first open: the first documents, until the text has `window` bytes, with the entries of the
///   navigation that land in them; only the first chapter is sure to be the full open's
///   (`chaptersAreExact` is false), as for a .txt book's first open.
///
/// Anything that does not fit gets no preview, only the full open, which reports problems.
extension BookPreview {
    public static func epub(
        path: String, chapterPattern: String? = nil, paths: NovelPaths, window: Int = defaultWindow
    ) -> BookPreview? {
        epub(path: path, chapterPattern: chapterPattern, paths: paths, window: window, startsLikeZip: nil)
    }

    /// `epub`, told whether the file starts like a zip when its first bytes were read already, and given
    /// work to do while libzip loads (`launch`).
    static func epub(
        path: String, chapterPattern: String?, paths: NovelPaths, window: Int, startsLikeZip: Bool?,
        meanwhile: () -> Void = {}
    ) -> BookPreview? {
        guard let file = BookFile.identity(path), file.bytes > 2 * window,
            startsLikeZip ?? EpubFormat.startsLikeZip(path: path)
        else { return nil }
        let previous = BookStateStore(paths: paths).latestSummary(lastPath: ReadingSession.absolutePath(path))
        let pattern = (chapterPattern ?? previous?.chapterPattern).flatMap { $0.isEmpty ? nil : $0 }
        // A reopen's place, from the state and the cache, which need no libzip: read while it loads (`launch`).
        var saved: SavedChapter?
        if let previous {
            guard let found = SavedChapter(file: file, state: previous, pattern: pattern, paths: paths) else {
                return nil
            }
            saved = found
        }
        meanwhile()
        // libxml2's set-up, also before libzip is in.
        XMLParserLibrary.prepare()
        // What both opens read before the documents: the archive's directory, the package and the stylesheets.
        guard let archive = try? EpubArchive(path: path), let package = try? EpubPackage.read(from: archive) else {
            return nil
        }
        let book = EpubParts(
            path: path, archive: archive, package: package,
            options: XHTMLTextOptions(hidden: EpubBookOpener.hiddenSelectors(archive, package)),
            members: EpubBookOpener.spineMembers(archive, package))
        if let saved { return try? reopened(book, saved) }
        return try? firstOpen(book, pattern: pattern, window: window)
    }

    /// What the preview has read of an EPUB before its documents.
    struct EpubParts {
        let path: String
        let archive: EpubArchive
        let package: EpubPackage
        let options: XHTMLTextOptions
        let members: [EpubArchive.Member]
    }

    /// What a reopen knows before it opens the archive: the full open's spine record of this very file and
    /// the cached chapter holding the saved position (nil when either is missing or does not fit the file).
    struct SavedChapter {
        let state: BookStateSummary
        let record: EpubSpineRecord
        let offset: Int
        let entry: TOCEntry
        let ruleName: String

        init?(file: FileIdentity, state: BookStateSummary, pattern: String?, paths: NovelPaths) {
            let cache = ChapterIndexCache(directory: paths.cacheDirectory)
            guard let source = state.source, source.file == file,
                let record = EpubSpineRecord.load(from: cache, fingerprint: state.fingerprint),
                record.file == file, record.textBytes == source.textBytes
            else { return nil }
            let offset = min(max(state.offset ?? 0, 0), source.textBytes)
            guard
                let (entry, ruleName) = cache.entry(
                    fingerprint: state.fingerprint, pattern: pattern, containing: offset),
                entry.range.upperBound <= source.textBytes
            else { return nil }
            (self.state, self.record, self.offset, self.entry, self.ruleName) = (state, record, offset, entry, ruleName)
        }
    }

    /// The chapter holding the saved position, made from the documents its text lies in: those before the
    /// last one whole, the last one (a part of sixty chapters, often) read and parsed only up to the first
    /// block end past the chapter's end, which the record's directory digest and encoding make the start of
    /// the text the full open made of it.
    static func reopened(_ epub: EpubParts, _ saved: SavedChapter) throws -> BookPreview? {
        let (record, state, offset, found, ruleName) = (
            saved.record, saved.state, saved.offset, saved.entry, saved.ruleName
        )
        guard let source = state.source, record.directory == epub.archive.directoryDigest,
            record.documents.map(\.member) == epub.members.map(\.name)
        else { return nil }
        let chapter = found.range
        let spans = record.documents.map(\.span)
        // The documents from the one the chapter starts in to the one it ends in (a document without text
        // never starts one: the next document's text does not follow it as it followed the text before).
        guard let first = spans.lastIndex(where: { !$0.isEmpty && $0.lowerBound <= chapter.lowerBound }) else {
            return nil
        }
        let last = max(first, spans.lastIndex { $0.lowerBound < chapter.upperBound } ?? first)
        let base = spans[first].lowerBound
        var assembly = EpubAssembly(expectedBytes: chapter.upperBound - base)
        try EpubBookOpener.append(
            epub.members[first..<last], from: epub.archive, options: epub.options, to: &assembly, progress: .none)
        if let start = try documentStart(
            epub, record.documents[last], member: epub.members[last], through: chapter.upperBound)
        {
            assembly.appendStart(member: epub.members[last].name, text: start)
        } else {
            try EpubBookOpener.append(
                epub.members[last...last], from: epub.archive, options: epub.options, to: &assembly, progress: .none)
        }
        // The documents made the text they made in the full open, where they lay in it (the last one, read
        // in part, from where it started to at least the chapter's end).
        let made = assembly.documentSpans.map { $0.shifted(by: base) }
        guard made.count == last - first + 1, made.dropLast() == spans[first..<last],
            let cut = made.last, cut.lowerBound == spans[last].lowerBound,
            cut == spans[last] || (cut.upperBound >= chapter.upperBound && cut.upperBound <= spans[last].upperBound)
        else { return nil }
        // A chapter that ends where the next document starts holds the blank line before it (`EpubAssembly`).
        let end = chapter.upperBound - base
        var utf8 = assembly.utf8
        guard end <= utf8.count + 2 else { return nil }
        utf8 += repeatElement(0x0A, count: max(0, end - utf8.count))
        let start = chapter.lowerBound - base
        var entry = found
        entry.range = 0..<chapter.count
        entry.bodyStart -= chapter.lowerBound
        entry.headingStart -= chapter.lowerBound
        entry.volumeIndex = nil
        var book = Book(
            path: epub.path, title: EpubBookOpener.title(epub.package, path: epub.path),
            text: BookText(
                utf8: Array(utf8[start..<end]), encoding: "UTF-8", encodingSource: .epubDocuments, invalidSequences: 0),
            fingerprint: state.fingerprint, index: ChapterIndex(entries: [entry], ruleName: ruleName),
            profile: EpubBookOpener.profile(script: record.script))
        book.markup = clipped(assembly.markup, to: start..<end)
        return BookPreview(
            book: book, part: BookPart(base: chapter.lowerBound, wholeLength: source.textBytes), state: state,
            offset: offset - chapter.lowerBound)
    }

    /// The text of `document` up to the first block end at or past `bookOffset` (a book offset inside its
    /// span), from only the start of its bytes, read in its recorded encoding; nil when the chapter ends
    /// with the document, or its start did not reach there (then the caller reads it whole).
    static func documentStart(
        _ epub: EpubParts, _ document: EpubSpineRecord.Document, member: EpubArchive.Member, through bookOffset: Int
    ) throws -> XHTMLText? {
        let minimum = bookOffset - document.span.lowerBound
        guard minimum > 0, minimum < document.span.count else { return nil }
        // The document's bytes in proportion to the text wanted, a quarter more for markup that is not spread
        // evenly, and room for the parser's look-ahead.
        let share = Double(minimum) / Double(document.span.count)
        let count = Int(Double(member.size) * min(1, share * 1.25)) + (1 << 15)
        guard UInt64(count) < member.size else { return nil }
        let bytes = try epub.archive.readStart(member, count: count)
        return XHTMLText.extractStart(
            readStart: bytes, encoding: document.encoding, options: epub.options, minimum: minimum)
    }

    /// The first documents, until their text has `window` bytes, as the start of the book: the last one
    /// parsed only up to the first block end past that (`XHTMLText.extractStart`), as a long document (a part
    /// of sixty chapters) would cost the first screen its whole parse, and inflated only that far where its
    /// first bytes tell how it is read (`firstDocumentStart`).
    static func firstOpen(_ epub: EpubParts, pattern: String?, window: Int) throws -> BookPreview? {
        var assembly = EpubAssembly(expectedBytes: 0)
        var read = 0
        /// The documents' declared bytes read, and their share of the one cut (its last byte parsed).
        var readBytes = 0
        func readDocuments() throws {
            while read < epub.members.count, assembly.utf8.count < window {
                let member = epub.members[read]
                let minimum = window - assembly.utf8.count
                read += 1
                if let start = try firstDocumentStart(epub, member: member, minimum: minimum) {
                    assembly.appendStart(member: member.name, text: start)
                    readBytes += start.sourceOffsets.last?.sourceOffset ?? 0
                    continue
                }
                let bytes = try epub.archive.read(member)
                let (text, isWhole) = XHTMLText.extractStart(bytes, options: epub.options, minimum: minimum)
                if isWhole {
                    assembly.append(member: member.name, text: text)
                    readBytes += Int(member.size)
                } else {
                    assembly.appendStart(member: member.name, text: text)
                    readBytes += text.sourceOffsets.last?.sourceOffset ?? 0
                }
            }
        }
        // The documents first, then the navigation (a thousand entries or more in a long book) only as far
        // as it points into them (`firstNavigation`).
        try readDocuments()
        guard !assembly.utf8.isEmpty else { return nil }
        let text = BookText(utf8: assembly.utf8, encoding: "UTF-8", encodingSource: .epubDocuments, invalidSequences: 0)
        // The index as the full open makes it, from the entries that land in the text read.
        let unread = Set(epub.members[read...].map(\.name))
        let navigation = pattern == nil ? try firstNavigation(epub, unread: unread) : []
        let ruleName = EpubBookOpener.ruleName(epub.package, navigation)
        let index: ChapterIndex
        if let placed = EpubChapterIndex.make(
            points: assembly.points(navigation, notYetAppended: unread), text: text, ruleName: ruleName)
        {
            index = placed
        } else if navigation.contains(where: {
            $0.member.map { unread.contains($0) || assembly.cutMembers.contains($0) } ?? false
        }) {
            // Every entry lands in documents not read yet: the text read is the front matter before them, which
            // the full open gives to its first entry (the navigation's first, the earliest in the book).
            let first = EpubTOCPoint(title: navigation[0].title, offset: text.utf8.count, depth: 0)
            guard let front = EpubChapterIndex.make(points: [first], text: text, ruleName: ruleName),
                front.entries.count == 1
            else { return nil }
            index = front
        } else {
            index = try ChapterSplitter(customPattern: pattern).split(text)
        }
        guard !index.entries.isEmpty else { return nil }
        var book = Book(
            path: epub.path, title: EpubBookOpener.title(epub.package, path: epub.path), text: text, fingerprint: "",
            index: index, profile: EpubBookOpener.profile(language: epub.package.metadata.language, text: text))
        book.markup = assembly.markup
        // The whole text estimated from the share of the documents' declared size that was read.
        let allBytes = epub.members.reduce(0) { $0 + Int($1.size) }
        let wholeLength = Int(Double(text.utf8.count) * Double(allBytes) / Double(max(readBytes, 1)))
        var preview = BookPreview(
            book: book, part: BookPart(base: 0, wholeLength: max(wholeLength, text.utf8.count)), state: nil, offset: 0)
        preview.chaptersAreExact = false
        return preview
    }

    /// The navigation's entries up to the end of the first one outside any other that points, or holds one
    /// that points, into a document not read (`unread`), when that far they start in a document read and keep
    /// to the spine's order; else all of them. A navigation that does is taken to stay in that order: an
    /// entry further on that pointed back into the documents read would split a chapter of the first
    /// screen's, which the full open then shows split (as it corrects the chapters of a .txt book's first
    /// screen).
    static func firstNavigation(_ epub: EpubParts, unread: Set<String>) throws -> [EpubNavPoint] {
        let read = try EpubNavigation.read(
            from: epub.archive, package: epub.package, until: { unread.contains($0) })
        guard read.stoppedEarly else { return read.points }
        let spineIndex = Dictionary(
            epub.members.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let indices = read.points.compactMap { $0.member.flatMap { spineIndex[$0] } }
        guard let first = indices.first, !unread.contains(epub.members[first].name),
            zip(indices, indices.dropFirst()).allSatisfy({ $0 <= $1 })
        else { return try EpubNavigation.read(from: epub.archive, package: epub.package) }
        return read.points
    }

    /// The text of a long document up to the first block end where the text has `minimum` bytes, from only
    /// the start of its bytes (half as many again as the text wanted, and room for the head and the parser's
    /// look-ahead), which tells how the whole document is read (`XHTMLText.extractStart(firstRead:)`); nil when
    /// the document is not that long, or its start cannot tell (then the caller reads it whole).
    static func firstDocumentStart(
        _ epub: EpubParts, member: EpubArchive.Member, minimum: Int
    ) throws -> XHTMLText? {
        let count = minimum + minimum / 2 + (1 << 14)
        guard UInt64(count) < member.size else { return nil }
        let bytes = try epub.archive.readStart(member, count: count)
        return XHTMLText.extractStart(firstRead: bytes, options: epub.options, minimum: minimum)
    }

    /// The markup of `range` of a text, moved to start at 0: runs cut at its ends, links that leave it
    /// without a target (the preview holds no text there).
    static func clipped(_ markup: BookMarkup, to range: Range<Int>) -> BookMarkup {
        let styles = markup.styles(overlapping: range).map { styled in
            StyledRange(range: styled.range.clamped(to: range).shifted(by: -range.lowerBound), style: styled.style)
        }
        let links = markup.links[markup.links(overlapping: range)].map { link in
            BookLink(
                range: link.range.clamped(to: range).shifted(by: -range.lowerBound),
                target: link.target.flatMap { range.contains($0) ? $0 - range.lowerBound : nil }, isNote: link.isNote)
        }
        return BookMarkup(styles: styles, links: links)
    }
}
