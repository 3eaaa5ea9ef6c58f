import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The first screen of an EPUB (`BookPreview.epub`): only the documents that hold the chapter on screen are
/// read, and what it shows sits at exactly the offsets of the full open.
@Suite final class BookPreviewEpubTests {
    let home: TemporaryDirectory
    let paths: NovelPaths
    /// Small so that the test books count as big: the first open reads documents until it has this much text.
    let window = 1024

    init() throws {
        home = try TemporaryDirectory()
        paths = home.novelPaths
    }

    deinit { home.remove() }

    /// A book whose chapters live inside few files, as many CJK EPUBs keep them: a title page without an
    /// entry of its own, then `files` documents of `perFile` chapters each, every chapter a fragment target
    /// (`part2.xhtml#c7`) under a volume heading without a link of its own. Each document after the first
    /// opens with a paragraph before its first chapter, which belongs to the chapter before it: that
    /// chapter's text spans two documents.
    func fragmentBook(files: Int = 3, perFile: Int = 12, language: String = "zh") -> EpubBuilder {
        var documents = [
            EpubBuilder.Document("text/title.xhtml", body: "<h1>青灯记</h1>\n<p>一部用来试验的小说。</p>")
        ]
        var toc: [EpubBuilder.NavEntry] = []
        var number = 0
        for file in 1...files {
            var body = file == 1 ? "" : "<p>（接上文）灯火又亮了起来，<em>他</em>回头看了一眼。</p>\n"
            var entries: [EpubBuilder.NavEntry] = []
            for _ in 0..<perFile {
                number += 1
                body += "<h2 id=\"c\(number)\">第\(number)章 夜行\(number)</h2>\n"
                for paragraph in 0..<10 {
                    body +=
                        "<p>他提着灯走过长街，第\(paragraph)段，<b>风</b>吹得灯火忽明忽暗，“快走吧。”她说。"
                        + "第\(number)章的第\(paragraph)段到此为止。</p>\n"
                }
                entries.append(
                    EpubBuilder.NavEntry("第\(number)章 夜行\(number)", href: "text/part\(file).xhtml#c\(number)"))
            }
            documents.append(EpubBuilder.Document("text/part\(file).xhtml", body: body))
            toc.append(EpubBuilder.NavEntry("第\(file)卷", href: nil, children: entries))
        }
        var builder = EpubBuilder(documents: documents, toc: toc)
        builder.language = language
        builder.title = "青灯记"
        return builder
    }

    func write(_ builder: EpubBuilder, name: String = "book.epub") throws -> String {
        let path = home.path + "/" + name
        try builder.write(to: path)
        return path
    }

    /// The lines of the page that holds `offset`, as byte ranges.
    func page(_ book: Book, at offset: Int) -> [Range<Int>] {
        let layouter = PageLayouter(settings: LayoutSettings(), viewport: Viewport(columns: 40, rows: 12))
        let entry = book.index.entryIndex(containing: offset)
        let layout = layouter.layout(book, entry: entry)
        let page = layout.pages[layout.pageIndex(containing: offset)]
        return layout.lines[page.lines].map(\.bytes)
    }

    /// The styles of `range` of the book, as (range, style) pairs shifted by `shift`.
    func styles(_ book: Book, _ range: Range<Int>, shift: Int = 0) -> [String] {
        (book.markup?.styles(overlapping: range) ?? []).map { styled in
            let clamped = styled.range.clamped(to: range)
            return "\(clamped.lowerBound + shift)..<\(clamped.upperBound + shift) \(styled.style.rawValue)"
        }
    }

    func previewOf(_ path: String) -> BookPreview? {
        BookPreview.epub(path: path, paths: paths, window: window)
    }

    @Test func firstOpenShowsTheStartOfTheBookAsTheFullOpenDoes() throws {
        let path = try write(fragmentBook())
        let preview = try #require(previewOf(path))
        let full = try BookOpener.open(path: path)
        let text = preview.book.text.utf8
        #expect(preview.offset == 0 && preview.state == nil && preview.part.base == 0)
        #expect(!preview.chaptersAreExact)
        // Only the title page and the start of the first part: parsed up to the first block end past the
        // window (its next paragraph is less than 200 bytes), though the part's text is much longer.
        #expect(text.count >= window && text.count < window + 200)
        #expect(text.count < full.index.entries[12].range.lowerBound / 2)
        #expect(full.text.utf8.starts(with: text))
        #expect(preview.book.profile == full.profile)
        #expect(preview.book.title == full.title)
        // Every entry but the last (cut where the text read ends) is the full open's; those whose ids lie past
        // the cut are left out, not placed at their document's start.
        let shown = preview.book.index.entries
        #expect(shown.count == 2)
        for (mine, theirs) in zip(shown.dropLast(), full.index.entries) {
            #expect(mine.title == theirs.title && mine.range == theirs.range && mine.bodyStart == theirs.bodyStart)
        }
        #expect(shown.first?.title == full.index.entries.first?.title)
        #expect(page(preview.book, at: 0) == page(full, at: 0))
        let firstPage = page(full, at: 0)
        let pageRange = (firstPage.first?.lowerBound ?? 0)..<(firstPage.last?.upperBound ?? 0)
        #expect(styles(preview.book, pageRange) == styles(full, pageRange))
        // The whole length is estimated from the share of the documents read.
        let length = Double(preview.part.wholeLength)
        #expect(abs(length - Double(full.text.utf8.count)) < 0.25 * Double(full.text.utf8.count))
        #expect(preview.book.text.sourceStamp == nil, "a preview never stamps the state")
    }

    /// Reopened at a place in each chapter (the chapter that runs on into the next document among them), the
    /// preview holds that chapter alone at its offsets in the whole text, and its page is the full book's.
    @Test func reopenShowsTheSavedChapterAtTheFullOpensOffsets() throws {
        let path = try write(fragmentBook())
        let session = try ReadingSession.open(path: path, paths: paths)
        let full = session.book
        #expect(full.index.entries.count > 30)
        let spansTwo = try #require(
            full.index.entries.firstIndex { entry in
                let text = String(decoding: full.text.utf8[entry.range], as: UTF8.self)
                return text.contains("（接上文）")
            })
        #expect(spansTwo > 1)
        for (number, original) in full.index.entries.enumerated() where !original.range.isEmpty {
            // Deep in the chapter, or at its very start.
            let place = original.range.lowerBound + (number.isMultiple(of: 2) ? original.range.count * 2 / 3 : 0)
            try session.update { state in state.position = BookmarkFactory.position(book: full, offset: place) }
            let preview = try #require(previewOf(path), "entry \(number)")
            let book = preview.book
            let base = preview.part.base
            #expect(preview.state?.fingerprint == full.fingerprint)
            #expect(preview.part.wholeLength == full.text.utf8.count)
            #expect(base == original.range.lowerBound && base + preview.offset == place)
            #expect(book.index.entries.count == 1)
            let shown = try #require(book.index.entries.first)
            #expect(shown.title == original.title)
            #expect(shown.range == 0..<original.range.count)
            #expect(shown.bodyStart + base == original.bodyStart)
            #expect(Array(book.text.utf8) == Array(full.text.utf8[original.range]), "entry \(number)")
            #expect(book.profile == full.profile)
            let lines = page(book, at: preview.offset).map { ($0.lowerBound + base)..<($0.upperBound + base) }
            #expect(lines == page(full, at: place), "entry \(number)")
            #expect(styles(book, 0..<book.text.utf8.count, shift: base) == styles(full, original.range))
        }
    }

    @Test func aChangedFileOrAMissingRecordGetsNoPreview() throws {
        let path = try write(fragmentBook())
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: session.book.text.utf8.count / 2)
        }
        #expect(previewOf(path) != nil)
        // The same book, another time: the full open must decide where the position went.
        let later = Date().addingTimeInterval(60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
        #expect(previewOf(path) == nil)
        // Opened again, the record is made for the file as it is now.
        let again = try ReadingSession.open(path: path, paths: paths)
        try again.update { state in state.position = BookmarkFactory.position(book: again.book, offset: 100) }
        #expect(previewOf(path) != nil)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        unlink(EpubSpineRecord.path(in: cache, fingerprint: session.book.fingerprint))
        #expect(previewOf(path) == nil)
    }

    @Test func theRecordReadsBackAndRefusesDamage() throws {
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let record = EpubSpineRecord(
            file: FileIdentity(bytes: 1234, modified: 99), directory: ByteDigest.of(Array("directory".utf8)),
            textBytes: 500, script: .cjk,
            documents: [
                .init(member: "OEBPS/a.xhtml", span: 0..<200, encoding: "UTF-8"),
                .init(member: "OEBPS/empty.xhtml", span: 200..<200, encoding: nil),
                .init(member: "OEBPS/b.xhtml", span: 202..<500, encoding: "GB18030"),
            ])
        record.store(in: cache, fingerprint: "f1")
        #expect(EpubSpineRecord.load(from: cache, fingerprint: "f1") == record)
        #expect(EpubSpineRecord.load(from: cache, fingerprint: "f2") == nil)
        let file = EpubSpineRecord.path(in: cache, fingerprint: "f1")
        var bytes = try #require(FileManager.default.contents(atPath: file))
        bytes.removeLast(3)
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(EpubSpineRecord.load(from: cache, fingerprint: "f1") == nil, "cut short")
        var overlapping = record
        overlapping.documents[2].span = 150..<500
        overlapping.store(in: cache, fingerprint: "f1")
        #expect(EpubSpineRecord.load(from: cache, fingerprint: "f1") == nil, "documents out of order")
    }

    @Test func aBookWhoseEntriesAllLieInLaterDocumentsShowsItsFrontMatter() throws {
        var builder = fragmentBook()
        // A long title page: the first open reads it alone, and no entry lands in it.
        builder.documents[0].body += String(repeating: "<p>这一页只有前言，没有章节。</p>\n", count: 80)
        let path = try write(builder)
        let preview = try #require(previewOf(path))
        let full = try BookOpener.open(path: path)
        #expect(preview.book.index.entries.count == 1)
        #expect(preview.book.index.entries[0].title == full.index.entries[0].title)
        #expect(page(preview.book, at: 0) == page(full, at: 0))
    }

    /// A first open reads the navigation only to the end of the first volume that reaches a document it did
    /// not read: what it read is the start of the whole navigation, and the volumes after it are left unread.
    @Test func aFirstOpenReadsTheNavigationOnlyAsFarAsItsDocuments() throws {
        let path = try write(fragmentBook(files: 4))
        let parts = try Self.epubParts(path)
        let whole = try EpubNavigation.read(from: parts.archive, package: parts.package)
        // The title page and the first part read: the second part's volume is the last one read.
        let unread = Set(parts.members[2...].map(\.name))
        let first = try BookPreview.firstNavigation(parts, unread: unread)
        #expect(whole.count == 4 * 13)
        #expect(first == Array(whole.prefix(2 * 13)))
        let preview = try #require(previewOf(path))
        let full = try BookOpener.open(path: path)
        #expect(preview.book.index.entries.first?.range == full.index.entries.first?.range)
        #expect(page(preview.book, at: 0) == page(full, at: 0))
    }

    /// A navigation that does not start in the documents read, or leaves the spine's order before the entry
    /// that stops it, is read whole: an entry further on could land in the text read.
    @Test func aNavigationOutOfTheSpinesOrderIsReadWhole() throws {
        var builder = fragmentBook(files: 4)
        builder.toc = [builder.toc[1], builder.toc[0], builder.toc[2], builder.toc[3]]
        let path = try write(builder)
        let parts = try Self.epubParts(path)
        let whole = try EpubNavigation.read(from: parts.archive, package: parts.package)
        #expect(try BookPreview.firstNavigation(parts, unread: Set(parts.members[2...].map(\.name))) == whole)
        var backwards = fragmentBook(files: 4)
        // The second part's first chapter listed before the first part's.
        backwards.toc[0].children.insert(backwards.toc[1].children.removeFirst(), at: 0)
        let second = try Self.epubParts(try write(backwards, name: "backwards.epub"))
        #expect(
            try BookPreview.firstNavigation(second, unread: Set(second.members[2...].map(\.name)))
                == EpubNavigation.read(from: second.archive, package: second.package))
    }

    /// The parts of the EPUB at `path` a first screen reads, as `BookPreview.epub` gathers them.
    static func epubParts(_ path: String) throws -> BookPreview.EpubParts {
        let archive = try EpubArchive(path: path)
        let package = try EpubPackage.read(from: archive)
        return BookPreview.EpubParts(
            path: path, archive: archive, package: package,
            options: XHTMLTextOptions(hidden: EpubBookOpener.hiddenSelectors(archive, package)),
            members: EpubBookOpener.spineMembers(archive, package))
    }

    /// A first open reads a long first document only to the first screen's cut, its first bytes telling how
    /// the whole of it is read (`BookPreview.firstDocumentStart`), and shows what the full open shows:
    /// declared UTF-8; declared UTF-8 with a byte that is not UTF-8 late in it (read as `?`); declared GBK; no
    /// declaration, with and without a late byte that is not UTF-8; a charset named in a `meta`.
    @Test(arguments: 0..<6)
    func aLongFirstDocumentIsReadOnlyToTheCutWhereItsStartTellsHowItIsRead(kind: Int) throws {
        let declaredUTF8 = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
        let declaredGBK = Array("<?xml version=\"1.0\" encoding=\"GBK\"?>\n".utf8)
        let html = Array("<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>\n".utf8)
        let meta = Array("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"/>".utf8)
        let latin1 = Array("caf".utf8) + [0xE9]
        let (head, late): ([UInt8], [UInt8]) =
            switch kind {
            case 0: (declaredUTF8 + html, [])
            case 1: (declaredUTF8 + html, latin1)
            case 2: (declaredGBK + html, [])
            case 3: (html, [])
            case 4: (html, latin1)
            default: (declaredUTF8 + meta + Array("</head><body>\n".utf8), [])
            }
        // Written in UTF-8 but for the GBK one.
        let gbk = XHTMLTextEncodingTests.gbk
        let words =
            kind == 2
            ? Array(repeatElement(gbk.paragraph, count: 4).joined()) : Array("他提着灯走过长街，风吹得灯火忽明忽暗。".utf8)
        let chapter = kind == 2 ? gbk.heading : Array("第一章".utf8)
        var document = head
        var entries: [EpubBuilder.NavEntry] = []
        for number in 1...40 {
            document += Array("<h2 id=\"c\(number)\">\(number) ".utf8) + chapter + Array("</h2>\n".utf8)
            for paragraph in 0..<10 {
                document += Array("<p>\(paragraph) <b>".utf8) + words + Array("</b></p>\n".utf8)
                if number == 35 && paragraph == 5 { document += Array("<p>".utf8) + late + Array("</p>\n".utf8) }
            }
            entries.append(EpubBuilder.NavEntry("\(number) 第一章", href: "text/part1.xhtml#c\(number)"))
        }
        document += Array("</body></html>\n".utf8)
        var builder = EpubBuilder(
            documents: [
                EpubBuilder.Document("text/title.xhtml", body: "<h1>青灯记</h1>\n<p>一部用来试验的小说。</p>"),
                EpubBuilder.Document("text/part1.xhtml", body: ""),
                EpubBuilder.Document("text/part2.xhtml", body: "<h2 id=\"c41\">第41章 归来</h2>\n<p>天亮了。</p>"),
            ],
            toc: entries + [EpubBuilder.NavEntry("第41章 归来", href: "text/part2.xhtml#c41")])
        builder.language = "zh"
        let path = home.path + "/book.epub"
        try EpubBuilder.write(builder.members(replacing: "OEBPS/text/part1.xhtml", with: document), to: path)

        let parts = try Self.epubParts(path)
        #expect(parts.members[1].name == "OEBPS/text/part1.xhtml")
        #expect(parts.members[1].size > 4 * UInt64(window))
        let start = try BookPreview.firstDocumentStart(parts, member: parts.members[1], minimum: window)
        #expect(start != nil)

        let preview = try #require(previewOf(path))
        let full = try BookOpener.open(path: path)
        let text = preview.book.text.utf8
        #expect(text.count >= window && text.count < full.text.utf8.count / 4)
        #expect(full.text.utf8.starts(with: text))
        #expect(page(preview.book, at: 0) == page(full, at: 0))
        let shown = preview.book.index.entries
        #expect(shown.count >= 2)
        for (mine, theirs) in zip(shown.dropLast(), full.index.entries) {
            #expect(mine.title == theirs.title && mine.range == theirs.range && mine.bodyStart == theirs.bodyStart)
        }
    }

    @Test func smallAndTextFilesGetNoEpubPreview() throws {
        let small = try write(EpubBuilder.sample(), name: "small.epub")
        #expect(BookPreview.epub(path: small, paths: paths, window: 1 << 16) == nil)
        let text = home.path + "/book.txt"
        try Data(String(repeating: "第1章 开始\n正文。\n", count: 2000).utf8).write(to: URL(fileURLWithPath: text))
        #expect(previewOf(text) == nil)
        #expect(previewOf(home.path + "/missing.epub") == nil)
    }

    /// A reopen whose chapter ends early in a long document reads and parses only the document's start (in
    /// the encoding the record keeps), and shows exactly what the full open shows, in every chapter.
    @Test func aReopenParsesALongDocumentOnlyToTheChaptersEnd() throws {
        let path = try write(fragmentBook(files: 2, perFile: 40))
        let session = try ReadingSession.open(path: path, paths: paths)
        let full = session.book
        let record = try #require(
            EpubSpineRecord.load(
                from: ChapterIndexCache(directory: paths.cacheDirectory), fingerprint: full.fingerprint))
        #expect(record.documents.allSatisfy { $0.encoding == "UTF-8" })
        for (number, original) in full.index.entries.enumerated() where !original.range.isEmpty {
            let place = original.range.lowerBound + (number.isMultiple(of: 2) ? original.range.count / 2 : 0)
            try session.update { state in state.position = BookmarkFactory.position(book: full, offset: place) }
            let preview = try #require(previewOf(path), "entry \(number)")
            #expect(preview.part.base == original.range.lowerBound && preview.part.base + preview.offset == place)
            #expect(Array(preview.book.text.utf8) == Array(full.text.utf8[original.range]), "entry \(number)")
            let base = preview.part.base
            let lines = page(preview.book, at: preview.offset).map { ($0.lowerBound + base)..<($0.upperBound + base) }
            #expect(lines == page(full, at: place), "entry \(number)")
            #expect(styles(preview.book, 0..<preview.book.text.utf8.count, shift: base) == styles(full, original.range))
        }
        // The shortcut itself: the first part's start, up to its third chapter's end, from a part of its bytes.
        let parts = try Self.epubParts(path)
        let document = record.documents[1]
        let chapterEnd = try #require(
            full.index.entries.map(\.range.upperBound).first {
                document.span.contains($0) && $0 - document.span.lowerBound > 2000
            })
        #expect(document.span.contains(chapterEnd))
        let start = try #require(
            try BookPreview.documentStart(parts, document, member: parts.members[1], through: chapterEnd))
        #expect(start.utf8.count >= chapterEnd - document.span.lowerBound && start.utf8.count < document.span.count / 4)
        #expect(Array(full.text.utf8[document.span.lowerBound...].prefix(start.utf8.count)) == start.utf8)
        // Not for a chapter that ends with its document.
        #expect(
            try BookPreview.documentStart(parts, document, member: parts.members[1], through: document.span.upperBound)
                == nil)
    }

    /// A record made for another zip directory (a member rewritten while the file kept its size and time)
    /// no longer says where the text lies: no preview, the full open decides.
    @Test func aRecordOfAnotherDirectoryGetsNoPreview() throws {
        let path = try write(fragmentBook(files: 2, perFile: 40))
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in
            state.position = BookmarkFactory.position(book: session.book, offset: session.book.text.utf8.count / 4)
        }
        #expect(previewOf(path) != nil)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        var record = try #require(EpubSpineRecord.load(from: cache, fingerprint: session.book.fingerprint))
        #expect(record.directory == (try EpubArchive(path: path)).directoryDigest)
        record.directory = ByteDigest.of(Array("another directory".utf8))
        record.store(in: cache, fingerprint: session.book.fingerprint)
        #expect(previewOf(path) == nil)
    }

    /// `launch` takes an EPUB's first screen from `epub`, told by its first bytes, and a .txt's from `open`.
    @Test func launchTellsAnEpubByItsFirstBytes() throws {
        let path = try write(fragmentBook())
        let epub = try #require(previewOf(path))
        let launched = try #require(BookPreview.launch(path: path, paths: paths, window: window))
        #expect(launched.book.text.utf8 == epub.book.text.utf8 && launched.offset == epub.offset)
        #expect(launched.book.index.entries.map(\.title) == epub.book.index.entries.map(\.title))
        let txt = home.path + "/book.txt"
        let chapters = (1...40).map { "第\($0)章 夜行\n\n" + String(repeating: "他提着灯走过长街，风吹得灯火忽明忽暗。\n", count: 20) }
        try Data(chapters.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: txt))
        let open = try #require(BookPreview.open(path: txt, paths: paths, window: window))
        var waited = false
        let launchedText = try #require(
            BookPreview.launch(path: txt, paths: paths, window: window, meanwhile: { waited = true }))
        #expect(launchedText.book.text.utf8 == open.book.text.utf8)
        // The work given for the wait on libzip is done for an EPUB only (a .txt has no such wait).
        #expect(!waited)
        _ = BookPreview.launch(path: path, paths: paths, window: window, meanwhile: { waited = true })
        #expect(waited)
        #expect(BookPreview.launch(path: home.path + "/missing.epub", paths: paths, window: window) == nil)
    }

    /// An EPUB's first open reads `epubWindow` of text, not the .txt's `defaultWindow`: up to the first block
    /// end past it, the start of the whole text.
    @Test func launchReadsAnEpubsWindowOfText() throws {
        // Paragraphs of characters picked by a seeded generator, so that the archive stays larger than twice
        // the window however well it compresses.
        var generator = SeededGenerator(seed: 33)
        func character() -> Character {
            Character(Unicode.Scalar(0x4E00 + UInt32.random(in: 0..<3000, using: &generator))!)
        }
        let paragraphs = (0..<900).map { _ in "<p>" + String((0..<120).map { _ in character() }) + "。</p>" }
        let body = "<h2 id=\"c1\">第1章 长街</h2>\n" + paragraphs.joined(separator: "\n")
        var builder = EpubBuilder(
            documents: [EpubBuilder.Document("text/part1.xhtml", body: body)],
            toc: [EpubBuilder.NavEntry("第1章 长街", href: "text/part1.xhtml#c1")])
        builder.language = "zh"
        let path = try write(builder)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 2 * BookPreview.epubWindow)
        let launched = try #require(BookPreview.launch(path: path, paths: paths))
        let text = launched.book.text.utf8
        #expect(text.count >= BookPreview.epubWindow && text.count < BookPreview.epubWindow + 400)
        let whole = try BookOpener.open(path: path).text.utf8
        #expect(whole.starts(with: text))
        // A screen of 80 × 24 needs less: two screens at four bytes a cell, at least 16 KiB.
        let small = BookPreview.epubWindow(cells: 80 * 24)
        #expect(small == 1 << 14)
        let forScreen = try #require(BookPreview.launch(path: path, paths: paths, screenCells: 80 * 24))
        let screenText = forScreen.book.text.utf8
        #expect(screenText.count >= small && screenText.count < small + 400)
        #expect(whole.starts(with: screenText))
        #expect(forScreen.offset == 0)
        #expect(forScreen.book.index.entries.first?.title == launched.book.index.entries.first?.title)
    }

    /// The window for a screen: two screens at four bytes a cell, within 16 KiB and `epubWindow`, whatever
    /// size the terminal reports.
    @Test func anEpubsWindowFollowsTheScreenWithinItsBounds() {
        #expect(BookPreview.epubWindow(cells: 0) == 1 << 14)
        #expect(BookPreview.epubWindow(cells: 40 * 10) == 1 << 14)
        #expect(BookPreview.epubWindow(cells: 120 * 30) == 120 * 30 * 8)
        #expect(BookPreview.epubWindow(cells: 300 * 80) == BookPreview.epubWindow)
        #expect(BookPreview.epubWindow(cells: .max) == BookPreview.epubWindow)
        #expect(BookPreview.epubWindow(cells: -5) == 1 << 14)
    }
}

/// An EPUB's text is made from its documents, never read from the start of its file: however large, it
/// gets no text preview, on a first open and when it was read before (the full open shows it).
@Suite struct BookPreviewEpubTextTests {
    @Test func aLargeEpubGetsNoTextPreviewFirstOpenOrReopened() throws {
        let home = try TemporaryDirectory("novel-preview-epub")
        defer { home.remove() }
        let body = (0..<400).map { "<p>第\($0)段，渡口又亮起了一盏灯。" + String(repeating: "灯", count: 300) + "</p>" }
        let builder = EpubBuilder(
            documents: [.init("text/a.xhtml", body: "<h1>第一章</h1>" + body.joined(separator: "\n"))],
            toc: [.init("第一章", href: "text/a.xhtml")])
        let path = home.path + "/big.epub"
        // Stored, not deflated, so that the file is larger than twice the preview's window.
        try EpubBuilder.write(builder.members.map { EpubBuilder.Member($0.name, $0.bytes, deflated: false) }, to: path)
        let size = try #require(BookFile.identity(path)).bytes
        #expect(size > 2 * BookPreview.epubWindow)
        #expect(BookPreview.open(path: path, paths: home.novelPaths) == nil)
        let session = try ReadingSession.open(path: path, paths: home.novelPaths)
        #expect(session.book.epub != nil)
        let middle = session.book.text.utf8.count / 2
        try session.update { $0.save(BookmarkFactory.position(book: session.book, offset: middle)) }
        #expect(BookPreview.open(path: path, paths: home.novelPaths) == nil)
    }
}
