import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The library overlay at 80×24 and at the prime width 37×12 (long titles run under the row's facts).
@Suite struct LibraryGoldenTests {
    @Test(arguments: [(80, 24), (37, 12)])
    func library(columns: Int, rows: Int) {
        // Noon UTC: the same day in any time zone within eleven hours of it.
        let noon = Date(timeIntervalSince1970: 1_800_014_400)
        let books = [
            Shelf.Book(title: "sample", path: "/books/sample.txt", percent: 12.5, lastRead: noon, minutesLeft: 42),
            Shelf.Book(
                title: "水浒传", path: "/books/shz.txt", percent: 40, lastRead: noon - 86_400 * 3, minutesLeft: 900),
            Shelf.Book(
                title: "A Very Long Title That Goes On And On Past The Facts", path: "/books/long.txt", percent: 99),
            Shelf.Book(title: "西游记", path: "/books/xyj.txt"),
        ]
        var reader = makeReader(columns: columns, rows: rows)
        reader.press("L")
        reader.showLibrary(books, current: "/books/sample.txt", problems: [])
        let screen = reader.screen()
        let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
        if let difference = Golden.compare(dump, name: "library-\(columns)x\(rows).txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
