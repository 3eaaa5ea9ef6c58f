import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The bookmarks list with a long note, wrapped whole, the selected bookmark's lines all in the selection
/// role; at a prime width and at 100 columns (where a note was cut before).
@Suite struct BookmarkNoteGoldenTests {
    @Test(arguments: [(37, 12), (100, 12)])
    func theListWithALongNote(columns: Int, rows: Int) {
        let note =
            "Read this again: the lamp is lit at the inn where the road forks, and the letter he folded is the "
            + "one his father wrote. 青灯照着书页，窗外的雨声一阵紧似一阵，他想起了那封旧信。"
        var reader = BookmarkNoteTests().readerWithBookmarks(columns: columns, rows: rows, note: note)
        reader.press("Up")
        let screen = reader.screen()
        let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
        if let difference = Golden.compare(dump, name: "bookmarks-note-\(columns)x\(rows).txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
