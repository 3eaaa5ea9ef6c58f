import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The list of a search's hits: each hit's chapter and the text around it, the hit in the match role
/// (the current match's on the selected row), at a prime width and a common one.
@Suite struct SearchHitsGoldenTests {
    @Test(arguments: [(37, 12), (80, 12)])
    func theListOfHits(columns: Int, rows: Int) {
        var reader = makeReader(
            columns: columns, rows: rows, start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
        reader.press("/")
        reader.type("the")
        reader.press("Tab", "Down")
        let screen = reader.screen()
        let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
        if let difference = Golden.compare(dump, name: "search-hits-\(columns)x\(rows).txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
