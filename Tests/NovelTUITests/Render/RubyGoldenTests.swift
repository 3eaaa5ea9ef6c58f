import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Screens of a Japanese EPUB with ruby (`RubyBook`), its readings in brackets and hidden, from the same
/// position: the second screen shows more of the text, never other text.
@Suite struct RubyGoldenTests {
    @Test(arguments: RubyDisplay.allCases)
    func screens(ruby: RubyDisplay) {
        for (columns, rows) in [(37, 12), (80, 24)] {
            let reader = makeReader(
                columns: columns, rows: rows, settings: RubyBook.settings(ruby),
                start: ReaderStart(offset: RubyBook.range("第一章").lowerBound), book: RubyBook.book)
            let screen = reader.screen()
            let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
            if let difference = Golden.compare(dump, name: "ruby-\(ruby.rawValue)-\(columns)x\(rows).txt") {
                Issue.record(Comment(rawValue: difference))
            }
        }
    }
}
