import NovelTestSupport
import Testing

@testable import NovelCore

/// English typography and illustrations never move positions: a bookmark made in any combination of
/// `smartQuotes` and `illustrations` lands on the same text in every other combination.
@Suite struct EnglishDisplayPositionTests {
    /// A hard-wrapped English chapter with straight quotes, apostrophes, `--` and illustrations.
    static let text: String = {
        var text = "CHAPTER I.\n\nTHE MILL\n\n\n"
        for index in 0..<30 {
            text += "\"Don't go down to the mill,\" said Martha--she'd said it a hundred\n"
            text += "times--\"not after dark, and not in the Joneses' boat.\" It was \(index).\n\n"
            if index % 7 == 3 {
                text +=
                    "[Illustration:\n\n            THE MILL AT NIGHT, NUMBER \(index)\n\n      _Drawn for the test_]\n\n"
            }
        }
        return text
    }()

    static let settings: [DisplayOptions] = [true, false].flatMap { smart in
        DisplayOptions.Illustrations.allCases.map {
            DisplayOptions(reflow: .auto, smartQuotes: smart, hideSiteJunk: true, illustrations: $0)
        }
    }

    /// The original ranges of the illustration blocks (hidden whole in `hide`).
    static let blocks: [Range<Int>] = {
        var ranges: [Range<Int>] = []
        let bytes = Array(text.utf8)
        var index = 0
        while let start = bytes[index...].firstIndex(of: 0x5B) {
            let end = bytes[start...].firstIndex(of: 0x5D) ?? start
            ranges.append(start..<(end + 2))
            index = end + 1
        }
        return ranges
    }()

    @Test func bookmarksLandOnTheSameTextInEverySetting() throws {
        let book = TestBooks.book(Self.text)
        let entry = try #require(book.index.entries.firstIndex { $0.kind == .chapter })
        let viewport = Viewport(columns: 37, rows: 10)
        for made in Self.settings {
            let layout = BookLayout(
                book: book, settings: TestBooks.layoutSettings(width: 37, display: made), viewport: viewport)
            let chapter = layout.chapter(entry)
            let marks = chapter.lines.flatMap { $0.clusters.map(\.bytes.lowerBound) }.enumerated()
                .filter { $0.offset % 11 == 0 }.map(\.element)
            #expect(marks.count > 50)
            for shown in Self.settings where shown != made {
                let other = BookLayout(
                    book: book, settings: TestBooks.layoutSettings(width: 37, display: shown), viewport: viewport)
                for offset in marks {
                    let location = other.locate(offset)
                    let page = other.chapter(location.entry).pages[location.page]
                    let clusters = other.chapter(location.entry).lines[page.lines].flatMap(\.clusters)
                    let onPage = clusters.contains { $0.bytes.contains(offset) || $0.bytes.lowerBound == offset }
                    let hidden = shown.illustrations == .hide && Self.blocks.contains { $0.contains(offset) }
                    #expect(onPage || hidden, "offset \(offset) made with \(made), shown with \(shown)")
                }
            }
        }
    }

    @Test func theTypographyIsShown() throws {
        let book = TestBooks.book(Self.text)
        let entry = try #require(book.index.entries.firstIndex { $0.kind == .chapter })
        let display = try #require(DisplayTransform.display(book, entry: entry, options: DisplayOptions(reflow: .on)))
        let shown = String(decoding: display.utf8, as: UTF8.self)
        #expect(
            shown.contains(
                "“Don’t go down to the mill,” said Martha—she’d said it a hundred times—“not after dark, and not in the Joneses’ boat.”"
            ))
        #expect(shown.contains("▣ THE MILL AT NIGHT, NUMBER 3 Drawn for the test\n"))
        #expect(!shown.contains("[Illustration"))
    }
}
