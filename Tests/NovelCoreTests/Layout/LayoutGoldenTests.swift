import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A chapter of the sample book printed at widths 20, 37 and 80 and font scales 1, 2 and 3
/// (`NOVEL_RECORD=1` re-records; read the files to review a layout change).
@Suite struct LayoutGoldenTests {
    @Test(arguments: [20, 37, 80], [1.0, 2.0, 3.0])
    func sampleChapter(width: Int, fontScale: Double) throws {
        let book = try BookOpener.open(path: Corpus.repositoryPath("books/青灯记.txt"))
        let entry = try #require(book.index.entries.firstIndex { $0.title == "第一章　雨夜来客" })
        let settings = TestBooks.layoutSettings(width: width, fontScale: fontScale)
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 24))
        let layout = layouter.layout(book, entry: entry)
        var checker = LayoutChecker(book: book, layout: layout, settings: settings)
        #expect(checker.check().isEmpty)
        let printed = LayoutPrinter().render(layout, text: book.text)
        let name = "layout-qingdengji-ch1-w\(width)-s\(Int(fontScale)).txt"
        let difference = Golden.compare(printed, name: name)
        #expect(difference == nil, "\(difference ?? "")")
    }

    /// Spacing settings and an English chapter, with every line's rows and byte ranges.
    @Test func spacingAndPositions() throws {
        let book = try BookOpener.open(path: Corpus.repositoryPath("books/the-lamplighter.txt"))
        let settings = TestBooks.layoutSettings(
            width: 37, indent: 1, lineSpacing: 1, letterSpacing: 0, paragraphSpacing: 1)
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 41, rows: 20)).layout(book, entry: 1)
        var checker = LayoutChecker(book: book, layout: layout, settings: settings)
        #expect(checker.check().isEmpty)
        var dump = ""
        for (number, page) in layout.pages.enumerated() {
            dump += "page \(number) first offset \(page.firstOffset)\n"
            for line in layout.lines[page.lines] {
                dump += "  row \(line.row) \(line.kind) \(line.bytes.lowerBound)..<\(line.bytes.upperBound)"
                dump +=
                    " columns \(line.clusters.first?.column ?? -1)…\(line.clusters.last.map { $0.column + $0.width } ?? -1)\n"
            }
        }
        dump += LayoutPrinter().render(layout, text: book.text)
        let difference = Golden.compare(dump, name: "layout-lamplighter-spacing.txt")
        #expect(difference == nil, "\(difference ?? "")")
    }
}
