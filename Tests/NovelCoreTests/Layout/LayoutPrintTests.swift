import Testing

@testable import NovelCore

/// `novel print`'s core: option validation and the text drawing of pages.
@Suite struct LayoutPrintTests {
    static func printed(_ text: String, width: Int, rows: Int, fontScale: Double = 1, letterSpacing: Int = 0) -> String
    {
        let book = layoutBook(text, split: false)
        let settings = layoutSettings(width: width, fontScale: fontScale, indent: 2, letterSpacing: letterSpacing)
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: rows)).layout(
            book, entry: 0)
        return LayoutPrinter().render(layout, text: book.text)
    }

    @Test func pagesAreSeparatedByAFormFeedLine() {
        #expect(Self.printed("一二三四五六", width: 6, rows: 2) == "一二三\n四五六\n")
        #expect(Self.printed("一二三四五六", width: 6, rows: 1) == "一二三\n\u{0C}\n四五六\n")
        // Paragraph spacing is a blank row; a page does not start with one.
        #expect(Self.printed("一二\n三四", width: 6, rows: 3) == "一二\n\n三四\n")
        #expect(Self.printed("一二\n三四", width: 6, rows: 2) == "一二\n\u{0C}\n三四\n")
    }

    @Test func scaledGlyphsKeepTheirBoxes() {
        #expect(Self.printed("一二三四五六", width: 12, rows: 4, fontScale: 2) == "一  二  三\n\n四  五  六\n\n")
        #expect(Self.printed("ab", width: 12, rows: 3, fontScale: 3) == "a  b\n\n\n")
        #expect(Self.printed("　　一二", width: 12, rows: 2, fontScale: 1.5) == "      一 二\n\n")
    }

    @Test func gapsArePrintedAsSpaces() {
        #expect(Self.printed("a\tb c", width: 20, rows: 2) == "a       b c\n")
        #expect(Self.printed("一二三", width: 20, rows: 2, letterSpacing: 1) == "一 二 三\n")
    }

    @Test(arguments: [
        (PrintOptions(path: "b.txt", fontScale: 1.25), PrintError.fontScale(1.25)),
        (PrintOptions(path: "b.txt", fontScale: 0.5), PrintError.fontScale(0.5)),
        (PrintOptions(path: "b.txt", width: 3, fontScale: 2), PrintError.widthTooSmall(3, needed: 4, fontScale: 2)),
        (PrintOptions(path: "b.txt", width: 4, fontScale: 2.5), PrintError.widthTooSmall(4, needed: 5, fontScale: 2.5)),
        (PrintOptions(path: "b.txt", width: 5, fontScale: 2.5), nil),
        (
            PrintOptions(path: "b.txt", height: 2, fontScale: 2.5),
            PrintError.heightTooSmall(2, needed: 3, fontScale: 2.5)
        ),
        (PrintOptions(path: "b.txt", width: 2, height: 1), nil),
    ])
    func validation(options: PrintOptions, expected: PrintError?) {
        do {
            try options.validate()
            #expect(expected == nil)
        } catch {
            #expect(error == expected)
            #expect(!error.description.contains("\n"))
            #expect(error.isBadInput)
        }
    }

    @Test func aFontScaleThatIsNotANumberIsRefused() {
        #expect(throws: PrintError.self) { try PrintOptions(path: "b.txt", fontScale: .nan).validate() }
    }
}
