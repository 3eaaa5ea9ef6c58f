import NovelTestSupport
import Testing

@testable import NovelCore

/// `novel print`'s core: option validation and the text drawing of pages.
@Suite struct LayoutPrintTests {
    static func printed(_ text: String, width: Int, rows: Int, fontScale: Double = 1, letterSpacing: Int = 0) -> String
    {
        let book = TestBooks.book(text, split: false)
        let settings = TestBooks.layoutSettings(
            width: width, fontScale: fontScale, indent: 2, letterSpacing: letterSpacing)
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

    static func printer(width: Int = 80, height: Int = 24, fontScale: Double = 1) throws(BookPrinter.Problem)
        -> BookPrinter
    {
        var settings = LayoutSettings()
        settings.fontScale = fontScale
        return try BookPrinter(width: width, height: height, settings: settings)
    }

    @Test(
        arguments: [
            (80, 24, 1.25, BookPrinter.Problem.fontScale(1.25)), (80, 24, 0.5, .fontScale(0.5)),
            (3, 24, 2, .widthTooSmall(3, needed: 4)), (4, 24, 2.5, .widthTooSmall(4, needed: 5)), (5, 24, 2.5, nil),
            (80, 2, 2.5, .heightTooSmall(2, needed: 3)), (2, 1, 1, nil),
        ] as [(Int, Int, Double, BookPrinter.Problem?)])
    func validation(width: Int, height: Int, fontScale: Double, expected: BookPrinter.Problem?) {
        do {
            let printer = try Self.printer(width: width, height: height, fontScale: fontScale)
            #expect(expected == nil)
            #expect(printer.settings.width == width && printer.settings.margin == 0)
        } catch {
            #expect(error == expected)
        }
    }

    @Test func aFontScaleThatIsNotANumberIsRefused() {
        #expect(throws: BookPrinter.Problem.self) { try Self.printer(fontScale: .nan) }
    }

    /// The whole book skips empty volume entries; from an offset, printing starts on the page holding it.
    @Test func printsTheWholeBookOrFromAnOffset() throws {
        let book = TestBooks.book("第一卷　上\n第一章　起\n一二三\n第二章　承\n四五六\n")
        let printer = try Self.printer(width: 20, height: 3)
        var whole: [String] = []
        printer.print(book, write: { whole.append($0) })
        let shown = book.index.entries.indices.filter { BookLayout.isShown($0, in: book.index) }
        #expect(whole.filter { $0 != LayoutPrinter.pageSeparator + "\n" }.count == shown.count)
        let second = try #require(book.index.entries.last).range.lowerBound
        var fromSecond = ""
        printer.print(book, from: second, write: { fromSecond += $0 })
        #expect(fromSecond.contains("四五六") && !fromSecond.contains("一二三"))
    }

    /// Chapters are rendered on several threads: the book still comes out whole and in order, from the
    /// start or from an offset, with each chapter as it prints alone.
    @Test func aBookOfManyChaptersComesOutInOrder() throws {
        let text = (1...300).map { "第\($0)章　第\($0)\n" + String(repeating: "这是第\($0)章的正文。", count: $0 % 7 + 1) + "\n" }
            .joined()
        let book = TestBooks.book(text)
        let printer = try Self.printer(width: 20, height: 4)
        var whole: [String] = []
        printer.print(book, write: { whole.append($0) })
        var alone: [String] = []
        for entry in book.index.entries.indices where BookLayout.isShown(entry, in: book.index) {
            if !alone.isEmpty { alone.append(LayoutPrinter.pageSeparator + "\n") }
            printer.print(book, entry: entry, write: { alone.append($0) })
        }
        #expect(book.index.entries.count >= 300)
        #expect(whole == alone)
        let middle = book.index.entries[150].range.lowerBound
        var fromMiddle: [String] = []
        printer.print(book, from: middle, write: { fromMiddle.append($0) })
        #expect(fromMiddle.joined() == Array(alone.drop { !$0.contains("第151章") }).joined())
    }
}
