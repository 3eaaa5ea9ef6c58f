import NovelCore
import Testing

@testable import NovelTUI

/// Clicks as phone readers take taps: thirds of the text turn pages, the status bar opens the contents,
/// a click in a list overlay picks the entry under it.
@Suite struct MouseClickTests {
    let entries = sampleBook.index.entries

    @Test func theOuterThirdsTurnPagesAndTheMiddleDoesNothing() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        // 37 columns: 0…11 is the left third, 25…36 the right one.
        _ = reader.handle(.click(row: 3, column: 25), now: 0)
        #expect(reader.location == PageLocation(entry: 1, page: 1))
        _ = reader.handle(.click(row: 3, column: 18), now: 0)
        #expect(reader.location == PageLocation(entry: 1, page: 1))
        _ = reader.handle(.click(row: 0, column: 11), now: 0)
        #expect(reader.location == PageLocation(entry: 1, page: 0))
        _ = reader.handle(.click(row: 3, column: 12), now: 0)
        #expect(reader.location == PageLocation(entry: 1, page: 0))
    }

    @Test func aClickOnTheStatusBarOpensTheContentsAndAClickThereJumps() {
        var reader = makeReader()
        _ = reader.handle(.click(row: 11, column: 5), now: 0)
        guard case .toc(let toc) = reader.overlay else {
            Issue.record("no contents: \(String(describing: reader.overlay))")
            return
        }
        #expect(toc.selected == 0)
        // The list starts under the title row: row 3 is the third entry.
        _ = reader.handle(.click(row: 3, column: 5), now: 0)
        #expect(reader.overlay == nil)
        #expect(reader.entry == 2)
        // A jump like any other: it can be walked back.
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == 0)
    }

    @Test func aClickBelowTheLastEntryOrOnTheTitleDoesNothing() {
        var reader = makeReader(rows: 30)
        reader.press("Tab")
        _ = reader.handle(.click(row: 0, column: 5), now: 0)
        _ = reader.handle(.click(row: entries.count + 1, column: 5), now: 0)
        #expect(reader.overlay != nil)
        #expect(reader.firstVisibleOffset == 0)
    }

    @Test func aClickOnABookmarkJumpsThere() {
        var reader = makeReader()
        reader.press("]", "]", "m", "Enter", "g", "'")
        _ = reader.handle(.click(row: 1, column: 5), now: 0)
        #expect(reader.overlay == nil)
        #expect(reader.entry == 2)
    }

    @Test func aClickInTheSettingsPicksARowAndASecondClickStepsIt() {
        var reader = makeReader(rows: 20)
        reader.press("s")
        let row = SettingsItem.allCases.firstIndex(of: .statusBar)! + 1
        _ = reader.handle(.click(row: row, column: 3), now: 0)
        #expect(reader.overlay == .settings(selected: row - 1))
        #expect(reader.settings.statusBar)
        let actions = reader.handle(.click(row: row, column: 3), now: 0)
        #expect(!reader.settings.statusBar)
        #expect(actions == [.saveSettings(reader.settings)])
    }
}
