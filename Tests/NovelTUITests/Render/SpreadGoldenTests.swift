import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The two-page spread at 170×30 with width 80 (the narrowest window that holds it), after a turn, with
/// a search match on the right page; and the same reader one column narrower, where it falls back to one page.
@Suite struct SpreadGoldenTests {
    @Test(arguments: [170, 169])
    func spread(columns: Int) {
        var reader = Reader(
            book: spreadBook, settings: Settings(), state: nil, columns: columns, rows: 30,
            start: ReaderStart(offset: spreadBook.index.entries[2].range.lowerBound))
        reader.press("Space")
        reader.press("/")
        reader.type("lamp")
        reader.press("Enter")
        let screen = reader.screen()
        let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
        if let difference = Golden.compare(dump, name: "spread-\(columns)x30.txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
