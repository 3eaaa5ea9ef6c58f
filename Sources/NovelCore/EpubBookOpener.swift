import Foundation

/// Opens an EPUB as a `Book` through the same engine as a .txt: the spine's content documents become one
/// text (`XHTMLText` each, joined in spine order, `EpubAssembly`), the book's own navigation its table of
/// contents, its emphasis and links a `BookMarkup`, and `EpubSourceMap` says which document and byte each
/// offset of the text came from. The text depends on neither width nor settings, so positions (offsets in
/// it) survive both, as they do in a .txt.
enum EpubBookOpener {
    /// `ChapterIndex.ruleName` for a table of contents from the EPUB 3 navigation document or the NCX.
    static let navigationRule = "the book's navigation document"
    static let ncxRule = "the book's NCX"

    /// The shares of the work of opening: the package and navigation, the documents, the index.
    static let stepWeights: [Double] = [0.05, 0.9, 0.05]

    /// `file` is the identity of the file at `path` when it was looked at (`BookOpener` has it from the
    /// bytes it told the EPUB by); nil takes it now. With `paths`, what the next first screen needs is kept
    /// in the cache (`keepForPreview`).
    static func open(
        path: String, file: FileIdentity? = nil, chapterPattern: String?, paths: NovelPaths? = nil,
        progress: LoadStep
    ) throws -> Book {
        // Taken before the archive is read, as a .txt's is before its bytes are: a change while the book
        // is read shows as a changed stamp.
        let file = file ?? BookFile.identity(path)
        let steps = progress.parts(stepWeights)
        let archive = try EpubArchive(path: path)
        let package = try EpubPackage.read(from: archive)
        let navigation = try EpubNavigation.read(from: archive, package: package)
        let options = XHTMLTextOptions(hidden: hiddenSelectors(archive, package))
        steps[0].finish()
        let assembled = try assembleSpine(archive, package, options: options, progress: steps[1])
        steps[1].finish()
        var text = BookText(
            utf8: assembled.utf8, encoding: "UTF-8", encodingSource: .epubDocuments, invalidSequences: 0,
            sourceByteCount: file?.bytes)
        text.fileIdentity = file
        let fingerprint = BookFingerprint.of(text.utf8)
        let pattern = chapterPattern.flatMap { $0.isEmpty ? nil : $0 }
        let fromNavigation =
            pattern == nil
            ? EpubChapterIndex.make(
                points: assembled.points(navigation), text: text, ruleName: ruleName(package, navigation)) : nil
        let index = try fromNavigation ?? ChapterSplitter(customPattern: pattern).split(text)
        steps[2].finish()
        var book = Book(
            path: path, title: title(package, path: path), text: text, fingerprint: fingerprint, index: index,
            profile: profile(language: package.metadata.language, text: text))
        book.markup = assembled.markup
        book.epub = EpubFacts(
            version: package.version, authors: package.metadata.creators, language: package.metadata.language,
            sources: assembled.sources)
        book.epub?.missingMembers = missingMembers(archive, package, navigation)
        if let paths {
            keepForPreview(book, assembled, directory: archive.directoryDigest, pattern: pattern, paths: paths)
        }
        return book
    }

    /// The index's rule name: the navigation document's when the book has one that gave entries, else the NCX's.
    static func ruleName(_ package: EpubPackage, _ navigation: [EpubNavPoint]) -> String {
        package.navigation != nil && !navigation.isEmpty ? navigationRule : ncxRule
    }

    /// The package's title, else the file's name.
    static func title(_ package: EpubPackage, path: String) -> String {
        package.metadata.title ?? BookOpener.title(of: path)
    }

    /// Keeps what the book's next first screen needs (`BookPreview.epub`): the chapter index in the cache and
    /// where each document's text lies (`EpubSpineRecord`), written once for each version of the file (and
    /// again for another chapter pattern), so that an open that finds them costs two small reads.
    static func keepForPreview(
        _ book: Book, _ assembled: EpubAssembly, directory: ByteDigest, pattern: String?, paths: NovelPaths
    ) {
        guard let file = book.text.fileIdentity else { return }
        let cache = ChapterIndexCache(paths: paths)
        let documents = assembled.sources.members.indices.map {
            EpubSpineRecord.Document(
                member: assembled.sources.members[$0], span: assembled.documentSpans[$0],
                encoding: assembled.documentEncodings[$0])
        }
        let record = EpubSpineRecord(
            file: file, directory: directory, textBytes: book.text.utf8.count, script: book.profile.script,
            documents: documents)
        let hasIndex = cache.entry(fingerprint: book.fingerprint, pattern: pattern, containing: 0) != nil
        guard !hasIndex || EpubSpineRecord.load(from: cache, fingerprint: book.fingerprint) != record else { return }
        cache.store(book.index, fingerprint: book.fingerprint, pattern: pattern)
        record.store(in: cache, fingerprint: book.fingerprint)
    }

    /// The selectors the book's stylesheets hide (`display: none`); a stylesheet that cannot be read hides
    /// nothing.
    static func hiddenSelectors(_ archive: EpubArchive, _ package: EpubPackage) -> CSSDisplayNone {
        let sheets = package.manifest.filter { $0.mediaType == "text/css" }.compactMap { item -> String? in
            guard let member = item.path, let bytes = try? archive.read(member) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        return CSSDisplayNone(stylesheets: sheets)
    }

    /// How many documents are made side by side before they join the book's text: a few per core, so
    /// that the cores are kept busy and only a few documents are ever held beside the text.
    static let documentsPerBatch = 8

    /// The book's text from every spine item, in spine order. The documents are made side by side on the
    /// machine's cores, a batch at a time, and each batch joins the text before the next is read: the
    /// text is reserved once at the size the archive declares for the documents (their text is no longer),
    /// so the book is never held twice. Each job reads its member (the archive takes one read at a time)
    /// and lets its bytes go once its text is made. A spine item that is not in the archive is skipped, as
    /// reading systems do; one that cannot be read (a zip bomb, a damaged member) fails the book.
    static func assembleSpine(
        _ archive: EpubArchive, _ package: EpubPackage, options: XHTMLTextOptions, progress: LoadStep
    ) throws -> EpubAssembly {
        let members = spineMembers(archive, package)
        var assembly = EpubAssembly(expectedBytes: members.reduce(0) { $0 + Int($1.size) })
        try append(members[...], from: archive, options: options, to: &assembly, progress: progress)
        return assembly
    }

    /// The spine's documents that are in the archive, in spine order: what the book's text is made of.
    static func spineMembers(_ archive: EpubArchive, _ package: EpubPackage) -> [EpubArchive.Member] {
        package.spine.compactMap(\.item.path).compactMap { archive.member($0) }
    }

    /// The members the spine and then the navigation name that the archive does not hold, each once.
    static func missingMembers(
        _ archive: EpubArchive, _ package: EpubPackage, _ navigation: [EpubNavPoint]
    ) -> [String] {
        var seen: Set<String> = []
        let named = package.spine.compactMap(\.item.path) + navigation.compactMap(\.member)
        return named.filter { archive.member($0) == nil && seen.insert($0).inserted }
    }

    /// Appends the text of `members` to `assembly`, a batch side by side at a time (see `assembleSpine`).
    static func append(
        _ members: ArraySlice<EpubArchive.Member>, from archive: EpubArchive, options: XHTMLTextOptions,
        to assembly: inout EpubAssembly, progress: LoadStep
    ) throws {
        // The first document's text is made with room for the whole book, which it then becomes.
        let firstReserves = assembly.utf8.isEmpty ? assembly.reserved : 0
        for batchStart in stride(from: members.startIndex, to: members.endIndex, by: documentsPerBatch) {
            let batch = members[batchStart..<min(batchStart + documentsPerBatch, members.endIndex)]
            let reserving = batchStart == members.startIndex ? firstReserves : 0
            var results = SideBySide.results(batch.count) { position -> Result<XHTMLText, EpubError> in
                do throws(EpubError) {
                    let bytes = try archive.read(batch[batchStart + position])
                    return .success(
                        XHTMLText.extract(consume bytes, options: options, reserving: position == 0 ? reserving : 0))
                } catch {
                    return .failure(error)
                }
            }.map(Optional.some)
            for (position, member) in batch.enumerated() {
                // Let go of the document's own copy before its text joins the book's (a shared text is copied
                // when it grows).
                guard let result = results[position] else { continue }
                results[position] = nil
                assembly.append(member: member.name, text: try result.get())
            }
            progress.reached(batchStart + batch.count - members.startIndex, of: members.count)
        }
    }

    /// The script the book's `dc:language` names (Chinese, Japanese and Korean lay out as CJK), else the
    /// one the text's own samples show; never hard-wrapped: an EPUB's paragraphs are its markup's.
    static func profile(language: String?, text: BookText) -> TextProfile {
        var script = TextProfile.of(text).script
        if let language = language?.lowercased().split(separator: "-").first {
            if ["zh", "ja", "ko", "yue", "lzh", "cmn"].contains(String(language)) {
                script = .cjk
            } else if language.count >= 2, language != "und" {
                script = .latin
            }
        }
        return profile(script: script)
    }

    /// An EPUB's profile once its script is known (a first screen has it from `EpubSpineRecord`).
    static func profile(script: TextProfile.Script) -> TextProfile {
        TextProfile(
            script: script, isHardWrapped: false, wrapWidth: nil,
            reason: "an EPUB: its paragraphs are the book's markup")
    }
}
