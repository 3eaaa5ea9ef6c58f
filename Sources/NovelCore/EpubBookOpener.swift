import Foundation
import Synchronization

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

    static func open(path: String, chapterPattern: String?, progress: LoadStep) throws -> Book {
        let steps = progress.parts(stepWeights)
        let archive = try EpubArchive(path: path)
        let package = try EpubPackage.read(from: archive)
        let navigation = try EpubNavigation.read(from: archive, package: package)
        let options = XHTMLTextOptions(hidden: hiddenSelectors(archive, package))
        steps[0].finish()
        let documents = try extractSpine(archive, package, options: options, progress: steps[1])
        steps[1].finish()
        let assembled = EpubAssembly(documents: consume documents)
        var text = BookText(
            utf8: assembled.utf8, encoding: "UTF-8", encodingSource: .epubDocuments, invalidSequences: 0,
            sourceByteCount: BookFile.identity(path)?.bytes)
        text.fileIdentity = BookFile.identity(path)
        let fingerprint = BookFingerprint.of(text.utf8)
        let pattern = chapterPattern.flatMap { $0.isEmpty ? nil : $0 }
        let fromNavigation =
            pattern == nil
            ? EpubChapterIndex.make(
                points: assembled.points(navigation), text: text,
                ruleName: package.navigation != nil && !navigation.isEmpty ? navigationRule : ncxRule) : nil
        let index = try fromNavigation ?? ChapterSplitter(customPattern: pattern).split(text)
        steps[2].finish()
        var book = Book(
            path: path, title: package.metadata.title ?? BookOpener.title(of: path), text: text,
            fingerprint: fingerprint, index: index, profile: profile(language: package.metadata.language, text: text))
        book.markup = assembled.markup
        book.epub = EpubFacts(
            version: package.version, authors: package.metadata.creators, language: package.metadata.language,
            sources: assembled.sources)
        return book
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

    /// Every spine item's text, in spine order, made side by side on the machine's cores: each job reads
    /// its member (the archive takes one read at a time) and lets its bytes go once its text is made, so
    /// that only the documents being read are held beside the text. A spine item that is not in the
    /// archive is skipped, as reading systems do; one that cannot be read (a zip bomb, a damaged member)
    /// fails the book.
    static func extractSpine(
        _ archive: EpubArchive, _ package: EpubPackage, options: XHTMLTextOptions, progress: LoadStep
    ) throws -> [EpubAssembly.Document] {
        let members = package.spine.compactMap(\.item.path).filter { archive.member($0) != nil }
        let done = Atomic<Int>(0)
        let results = SideBySide.results(members.count) { position -> Result<EpubAssembly.Document, EpubError> in
            defer {
                progress.reached(done.add(1, ordering: .relaxed).newValue, of: members.count)
            }
            do throws(EpubError) {
                let bytes = try archive.read(members[position])
                return .success(.init(member: members[position], text: XHTMLText.extract(bytes, options: options)))
            } catch {
                return .failure(error)
            }
        }
        return try results.map { try $0.get() }
    }

    /// The script the book's `dc:language` names (Chinese, Japanese and Korean lay out as CJK), else the
    /// one the text's own samples show; never hard-wrapped: an EPUB's paragraphs are its markup's.
    static func profile(language: String?, text: BookText) -> TextProfile {
        let sampled = TextProfile.of(text)
        var script = sampled.script
        if let language = language?.lowercased().split(separator: "-").first {
            if ["zh", "ja", "ko", "yue", "lzh", "cmn"].contains(String(language)) {
                script = .cjk
            } else if language.count >= 2, language != "und" {
                script = .latin
            }
        }
        return TextProfile(
            script: script, isHardWrapped: false, wrapWidth: nil,
            reason: "an EPUB: its paragraphs are the book's markup")
    }
}
