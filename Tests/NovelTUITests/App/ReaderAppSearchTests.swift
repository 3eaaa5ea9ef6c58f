import Foundation
import Testing

@testable import NovelCore
@testable import NovelTUI

/// The app loop searches a search's hits a piece at a time while no key is pending, in polls that do not
/// wait, drawing each piece's count, and handles a key that arrives between two pieces at once.
@Suite struct ReaderAppSearchTests {
    @Test func theHitsComeBetweenKeysAndEachPieceIsDrawn() {
        let book = SearchHitsTests.longBook(chapters: 3_000)
        var reader = makeReader(columns: 60, rows: 8, book: book)
        reader.press("/")
        reader.type("lamp")
        reader.press("Enter")
        #expect(reader.isSearching)
        let found = reader.hits?.count ?? 0
        // Two pieces, then a key (a page turned mid-search), then pieces until the search is done.
        let key = TerminalInput.event(.key(.character(" ")))
        let terminal = ReaderAppTests.ScriptedTerminal(
            [.timeout, .timeout, key] + Array(repeating: .timeout, count: 40))
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: ReaderAppTests.MemoryStorage(), clock: { terminal.clock })
        #expect(!reader.isSearching)
        #expect(reader.hits?.count == 3_000)
        // Every poll while searching did not wait; the screens drawn show the count growing to the total.
        let searchingPolls = terminal.timeouts.prefix { $0 == 0 }.count
        #expect(searchingPolls >= 3, "\(terminal.timeouts)")
        let counts = terminal.draws.compactMap { screen -> Int? in
            guard let status = screen.textRows.last,
                let range = status.range(of: #"\d+ hits"#, options: .regularExpression)
            else { return nil }
            return Int(status[range].split(separator: " ")[0])
        }
        #expect(counts.first.map { $0 >= found } == true && counts.last == 3_000, "\(counts)")
        #expect(counts == counts.sorted(), "\(counts)")
        #expect(Set(counts).count >= 3, "the count grew piece by piece: \(counts)")
        #expect(reader.firstVisibleOffset > 0, "the key between two pieces turned the page")
    }
}
