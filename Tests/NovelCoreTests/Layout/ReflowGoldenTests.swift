import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The hard-wrapped English sample's chapters printed with the default display transforms at
/// widths 37 and 80 (`NOVEL_RECORD=1` re-records; read the files to review a change).
@Suite struct ReflowGoldenTests {
    @Test(arguments: [37, 80])
    func hardWrappedChapter(width: Int) throws {
        let book = try BookOpener.open(path: Corpus.repositoryPath("books/the-weather-vane.txt"))
        let settings = TestBooks.layoutSettings(width: width, display: DisplayOptions())
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 24))
        var printed = ""
        // Its three chapters: paragraphs, a letter, a list, verse, an illustration, quotes and dashes.
        let chapters = book.index.entries.indices.filter { book.index.entries[$0].kind == .chapter }
        #expect(chapters.count == 3)
        for entry in chapters {
            printed += LayoutPrinter().render(layouter.layout(book, entry: entry), text: book.text)
        }
        let difference = Golden.compare(printed, name: "reflow-weather-vane-w\(width).txt")
        #expect(difference == nil, "\(difference ?? "")")
    }
}
