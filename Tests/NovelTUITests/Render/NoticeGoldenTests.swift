import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The notice of a member missing from an EPUB, as the reader draws it when the book opens.
@Suite struct NoticeGoldenTests {
    /// The notice in the message role (bold) on the bottom row, at a prime width where it is cut and at a
    /// common terminal; its name escaped as every message from a file is.
    @Test func theNoticeOnScreen() {
        for (columns, rows) in [(37, 12), (80, 24)] {
            let reader = makeReader(
                columns: columns, rows: rows,
                book: NoticeTests.book(missing: ["OEBPS/c\u{1B}2.xhtml", "OEBPS/c3.xhtml"]))
            let screen = reader.screen()
            let dump =
                ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen) + "\n" + ScreenDump.attributes(screen)
            if let difference = Golden.compare(dump, name: "notice-missing-\(columns)x\(rows).txt") {
                Issue.record(Comment(rawValue: difference))
            }
        }
    }
}
