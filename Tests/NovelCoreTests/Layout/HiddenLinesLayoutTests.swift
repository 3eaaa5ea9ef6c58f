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

    func builder(width: Int, rows: Int) -> ChapterBuilder {
        let settings = TestBooks.layoutSettings(width: width, display: DisplayOptions())
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: rows))
        return ChapterBuilder(settings: settings, geometry: layouter.geometry!, materialize: true)
    }

    /// Lines as positions and columns: what both ways must agree on (the `shown` offsets differ by design).
    func summary(_ builder: ChapterBuilder) -> [String] {
        builder.lines.map { line in
            "\(line.kind) \(line.row) \(line.bytes) "
                + line.clusters.map { "\($0.bytes.lowerBound)@\($0.column)/\($0.width)" }.joined(separator: " ")
        } + builder.pages.map { "page \($0.lines) \($0.firstOffset)" }
    }

    @Test func hiddenLinesLayOutAsTheDisplayTextWithoutThem() throws {
        var checked = 0
        for text in Self.texts {
            let book = TestBooks.book(text)
            for entry in book.index.entries.indices {
                let shown = DisplayTransform.chapterText(book, entry: entry, options: DisplayOptions())
                guard case .hidingLines(let hidden) = shown else { continue }
                #expect(!hidden.isEmpty)
                let display = try #require(DisplayTransform.display(book, entry: entry, options: DisplayOptions()))
                for (width, rows) in [(12, 4), (30, 12), (80, 24)] {
                    var skipping = builder(width: width, rows: rows)
                    skipping.build(book.text, book.index.entries[entry], shown: shown)
                    var copied = builder(width: width, rows: rows)
                    copied.build(book.text, book.index.entries[entry], shown: .display(display))
                    #expect(summary(skipping) == summary(copied), "\(text.debugDescription) at \(width)×\(rows)")
                    #expect(skipping.pageCount == copied.pageCount)
                    #expect(skipping.lines.display == nil)
                }
                checked += 1
            }
        }
        #expect(checked >= Self.texts.count, "every text has a chapter that only hides lines")
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
