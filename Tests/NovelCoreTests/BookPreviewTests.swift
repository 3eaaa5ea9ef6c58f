import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The first screen's book (`BookPreview`): made only when it shows what the full open will show.
@Suite final class BookPreviewTests {
    let home: TemporaryDirectory
    let paths: NovelPaths
    /// Small so that small test books count as big: files over twice this size get a preview.
    let window = 8 * 1024

    init() throws {
        home = try TemporaryDirectory()
        paths = home.novelPaths
    }

    deinit { home.remove() }

    /// About `chapters` × 2.2 KB of text: numbered chapters of short Chinese paragraphs.
    func novel(chapters: Int) -> String {
        var text = "序\n这是一部用来试验的小说。\n"
        for number in 1...chapters {
            text += "第\(number)章 夜行\(number)\n"
            for paragraph in 0..<12 {
                text += "　　他提着灯走过长街，第\(paragraph)段，风吹得灯火忽明忽暗，“快走吧。”她说。\n"
            }
        }
        return text
    }

    func write(_ bytes: [UInt8], name: String = "book.txt") throws -> String {
        let path = home.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The lines of the page that holds `offset`, as byte ranges.
    func page(_ book: Book, at offset: Int) -> [Range<Int>] {
        let layouter = PageLayouter(settings: LayoutSettings(), viewport: Viewport(columns: 60, rows: 20))
        let entry = book.index.entryIndex(containing: offset)
        let layout = layouter.layout(book, entry: entry)
        let page = layout.pages[layout.pageIndex(containing: offset)]
        return layout.lines[page.lines].map(\.bytes)
    }

    func previewOf(_ path: String, encoding: String? = nil) -> BookPreview? {
        BookPreview.open(path: path, encoding: encoding, paths: paths, window: window)
    }

    @Test func firstOpenShowsTheStartOfTheBookAsTheFullOpenDoes() throws {
        let path = try write(Array(novel(chapters: 40).utf8))
        let preview = try #require(previewOf(path))
        let full = try BookOpener.open(path: path)
        let text = preview.book.text.utf8
        #expect(preview.offset == 0 && preview.state == nil)
        #expect(text.count < full.text.utf8.count && full.text.utf8.starts(with: text))
        #expect(text.last == 0x0A, "the preview ends after a whole line")
        #expect(preview.book.index.entries.first?.title == full.index.entries.first?.title)
        #expect(preview.book.index.entries[1].range == full.index.entries[1].range)
        #expect(page(preview.book, at: 0) == page(full, at: 0))
        // Estimated from the share of the file read: the status bar's percentage needs the whole length.
        #expect(preview.part.base == 0)
        let length = Double(preview.part.wholeLength)
        #expect(abs(length - Double(full.text.utf8.count)) < 0.05 * Double(full.text.utf8.count))
        #expect(preview.book.text.sourceStamp == nil, "a preview never stamps the state")
    }

    /// A UTF-8 book whose text is its file's bytes reopens with just the chapter there, read where it
    /// lies in the file; a CRLF book (offsets differ from the file's) with the text up to that chapter.
    @Test(arguments: [false, true])
    func reopenOpensAtTheSavedPositionWithTheCachedIndex(crlf: Bool) throws {
        let source = novel(chapters: 40)
        let path = try write(Array((crlf ? source.replacingOccurrences(of: "\n", with: "\r\n") : source).utf8))
        let session = try ReadingSession.open(path: path, paths: paths)
        let full = session.book
        #expect(full.text.isVerbatim == !crlf)
        let entry = 30
        let deep = full.index.entries[entry].range.lowerBound + 400
        try session.update { state in
            state.position = BookmarkFactory.position(book: full, offset: deep)
        }
        let preview = try #require(previewOf(path))
        let book = preview.book
        let base = preview.part.base
        #expect(preview.state?.fingerprint == full.fingerprint)
        #expect(preview.part.wholeLength == full.text.utf8.count)
        #expect(base + preview.offset == deep)
        #expect(base == (crlf ? 0 : full.index.entries[entry].range.lowerBound))
        // The chapter on screen is whole, with its title; the page there is the full book's page.
        let shown = book.index.entries[book.index.entryIndex(containing: preview.offset)]
        let original = full.index.entries[entry]
        #expect(shown.title == original.title)
        #expect(
            shown.range == (original.range.lowerBound - base)..<(original.range.upperBound - base))
        let lines = page(book, at: preview.offset).map { ($0.lowerBound + base)..<($0.upperBound + base) }
        #expect(lines == page(full, at: deep))
        #expect(!crlf || book.index.entries.map(\.title) == Array(full.index.entries.map(\.title).prefix(entry + 1)))
    }

    @Test func theSummaryReadsWhatThePreviewNeedsAndNothingOfTheWrongShape() throws {
        let path = try write(Array(novel(chapters: 40).utf8))
        let session = try ReadingSession.open(
            path: path, encoding: "UTF-8", chapterPattern: "^第.+章", paths: paths, remember: true)
        try session.update { state in state.position = BookmarkFactory.position(book: session.book, offset: 4321) }
        let store = BookStateStore(paths: paths)
        let summary = try #require(store.latestSummary(lastPath: ReadingSession.absolutePath(path)))
        let state = try #require(store.load(fingerprint: session.book.fingerprint))
        #expect(summary.fingerprint == state.fingerprint)
        #expect(summary.offset == state.position?.offset && summary.offset != nil)
        #expect(summary.source == state.source && summary.source == session.book.text.sourceStamp)
        #expect(summary.encoding == "UTF-8" && summary.chapterPattern == "^第.+章")
        let broken = BookStateSummary(
            object: [
                "position": ["offset": "12"], "source": ["file": ["bytes": 5], "encoding": "UTF-8", "textBytes": 5],
            ],
            fingerprint: "f")
        #expect(broken.offset == nil && broken.source == nil && broken.fingerprint == "f")
    }

    @Test func aFileChangedSinceTheLastSaveGetsNoPreview() throws {
        let path = try write(Array(novel(chapters: 40).utf8))
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in state.position = BookmarkFactory.position(book: session.book, offset: 5000) }
        #expect(previewOf(path) != nil)
        // The same size, a different time: the full open must decide where the position went.
        let later = Date().addingTimeInterval(60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: path)
        #expect(previewOf(path) == nil)
    }

    @Test func aStateWithoutAStampGetsNoPreview() throws {
        let path = try write(Array(novel(chapters: 40).utf8))
        let session = try ReadingSession.open(path: path, paths: paths)
        try BookStateStore(paths: paths).update(
            fingerprint: session.book.fingerprint, title: "book", path: ReadingSession.absolutePath(path)
        ) { state in state.position = BookmarkFactory.position(book: session.book, offset: 5000) }
        #expect(previewOf(path) == nil)
    }

    @Test func aDifferentEncodingThanTheBooksOwnGetsNoPreview() throws {
        let path = try write(Array(novel(chapters: 40).utf8))
        let session = try ReadingSession.open(path: path, paths: paths)
        try session.update { state in state.position = BookmarkFactory.position(book: session.book, offset: 5000) }
        #expect(previewOf(path, encoding: "GB18030") == nil)
    }

    @Test func smallMissingAndBinaryFilesGetNoPreview() throws {
        let small = try write(Array(novel(chapters: 2).utf8), name: "small.txt")
        #expect(previewOf(small) == nil)
        #expect(previewOf(home.path + "/missing.txt") == nil)
        var binary = Array(novel(chapters: 40).utf8)
        for index in stride(from: 0, to: 2000, by: 7) { binary[index] = 0 }
        #expect(previewOf(try write(binary, name: "binary.bin")) == nil)
    }

    /// The preview of a real GB18030 or Big5 (CRLF) book, and of UTF-16 with and without a mark.
    @Test(arguments: [
        "real/xiyouji.gb18030-lf.txt", "real/laocanyouji.big5hkscs-crlf.txt", "UTF-16LE with mark", "UTF-16BE",
    ])
    func otherEncodingsPreviewTheSameText(source: String) throws {
        let path: String
        if source.hasPrefix("UTF-16") {
            let units = novel(chapters: 40).utf16
            let big = source == "UTF-16BE"
            var bytes = units.flatMap {
                big ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
            }
            if !big { bytes = [0xFF, 0xFE] + bytes }
            path = try write(bytes)
        } else {
            guard Corpus.isAvailable else { return }
            path = Corpus.path(source)
        }
        let preview = try #require(previewOf(path))
        let full = try BookOpener.open(path: path)
        #expect(preview.book.text.encoding == full.text.encoding || preview.book.text.encoding == "UTF-16")
        #expect(preview.book.text.utf8.count > window / 2)
        #expect(full.text.utf8.starts(with: preview.book.text.utf8))
        #expect(page(preview.book, at: 0) == page(full, at: 0))
    }

    @Test func lineEndsFallOnWholeCodeUnits() {
        #expect(BookPreview.lineEnd(in: Array("ab\ncd".utf8), encoding: nil) == 3)
        #expect(BookPreview.lineEnd(in: Array("abcd".utf8), encoding: "UTF-8") == nil)
        // UTF-16LE "\n" is 0A 00; the byte 0A inside U+0A0A (0A 0A) and U+4E0A (0A 4E) is not a line end.
        let little: [UInt8] = [0x0A, 0x4E, 0x0A, 0x00, 0x0A, 0x0A, 0x41, 0x00]
        #expect(BookPreview.lineEnd(in: little, encoding: "UTF-16LE") == 4)
        let big: [UInt8] = [0x00, 0x0A, 0x4E, 0x0A, 0x0A, 0x0A]
        #expect(BookPreview.lineEnd(in: big, encoding: "UTF-16BE") == 2)
        #expect(BookPreview.lineEnd(in: [0xFF, 0xFE] + little, encoding: nil) == 6)
        #expect(
            BookPreview.lineEnd(in: [0xFF, 0xFE, 0, 0, 0x0A, 0, 0, 0], encoding: nil) == nil, "UTF-32 is left alone")
    }
}
