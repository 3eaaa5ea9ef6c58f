import NovelTestSupport
import Testing

@testable import NovelCore

/// A chapter whose only change is hidden whole lines is laid out from the book text, skipping them,
/// without a display text: it must come out exactly as it does from the display text without them.
@Suite struct HiddenLinesLayoutTests {
    static let junk = "更新时间:2007-11-16 7:55:51 本章字数:4804"

    /// Chapters with junk lines first, last (with and without a final line end), in a row, between
    /// indented paragraphs, and a body that is nothing but junk.
    static let texts: [String] = [
        "第一章 归来\n\(junk)\n　　风吹柳岸月照山门，客从远方来。\n　　他说了很多话，说完就走了。\n",
        "第一章 归来\n　　风吹柳岸月照山门，客从远方来。\n\(junk)\n\(junk)\n　　他说了很多话。\n\(junk)",
        "第一章 归来\n　　风吹柳岸月照山门，客从远方来，一路走过许多山水。\n\n\(junk)\n\n    他说了很多话。\n\(junk)\n",
        "第一章 归来\n\(junk)\n",
        "第一章 归来\n\(junk)\n\n第二章 离去\n　　客从远方来。\n------章节内容开始-------\n　　又走了。",
    ]

    @Test func hiddenLinesLayOutAsTheDisplayTextWithoutThem() throws {
        var checked = 0
        for text in Self.texts {
            let book = TestBooks.book(text)
            for size in [(12, 4), (30, 12), (80, 24)] {
                checked += try Self.compareHidingWithDisplay(
                    book, columns: size.0, rows: size.1, label: text.debugDescription)
            }
        }
        #expect(checked >= Self.texts.count * 3, "every text has a chapter that only hides lines")
    }

    /// Lays out each chapter of `book` that only hides lines both ways and expects the same lines and
    /// pages; returns how many chapters it compared.
    static func compareHidingWithDisplay(_ book: Book, columns: Int, rows: Int, label: String) throws -> Int {
        let settings = TestBooks.layoutSettings(width: columns, display: DisplayOptions())
        let geometry = try #require(
            PageLayouter(settings: settings, viewport: Viewport(columns: columns, rows: rows)).geometry)
        var checked = 0
        for entry in book.index.entries.indices {
            let shown = DisplayTransform.chapterText(book, entry: entry, options: DisplayOptions())
            guard case .hidingLines(let hidden) = shown else { continue }
            #expect(!hidden.isEmpty)
            let display = try #require(DisplayTransform.display(book, entry: entry, options: DisplayOptions()))
            var skipping = ChapterBuilder(settings: settings, geometry: geometry, materialize: true)
            skipping.build(book.text, book.index.entries[entry], shown: shown)
            var copied = ChapterBuilder(settings: settings, geometry: geometry, materialize: true)
            copied.build(book.text, book.index.entries[entry], shown: .display(display))
            #expect(summary(skipping) == summary(copied), "\(label), entry \(entry) at \(columns)×\(rows)")
            #expect(skipping.pageCount == copied.pageCount)
            #expect(skipping.lines.display == nil)
            checked += 1
        }
        return checked
    }

    /// Lines as positions and columns: what both ways must agree on (the `shown` offsets differ by design).
    static func summary(_ builder: ChapterBuilder) -> [String] {
        builder.lines.map { line in
            "\(line.kind) \(line.row) \(line.bytes) "
                + line.clusters.map { "\($0.bytes.lowerBound)@\($0.column)/\($0.width)" }.joined(separator: " ")
        } + builder.pages.map { "page \($0.lines) \($0.firstOffset)" }
    }

    /// Hidden lines are shown again with `hideSiteJunk` off; a change inside a line still makes a display text.
    @Test func onlyWholeHiddenLinesSkipTheCopy() {
        let book = TestBooks.book("第一章 归来\n\(Self.junk)\n　　他说：\"走吧。\"\n")
        #expect(DisplayTransform.chapterText(book, entry: 0, options: DisplayOptions()).displayText != nil)
        let plain = TestBooks.book("第一章 归来\n\(Self.junk)\n　　他说走吧。\n")
        #expect(DisplayTransform.chapterText(plain, entry: 0, options: DisplayOptions()).hiddenLines.count == 1)
        var off = DisplayOptions()
        off.hideSiteJunk = false
        #expect(DisplayTransform.chapterText(plain, entry: 0, options: off) == .asWritten)
    }
}

/// The same comparison on every chapter of the corpus books that only hides lines.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
struct HiddenLinesCorpusTests {
    @Test func corpusChaptersLayOutAsTheirDisplayText() throws {
        var checked = 0
        for path in TransformCorpusTests.books {
            let book = try BookOpener.open(path: Corpus.path(path))
            checked += try HiddenLinesLayoutTests.compareHidingWithDisplay(book, columns: 37, rows: 20, label: path)
        }
        #expect(checked > 0, "a corpus book hides junk lines")
    }
}
