import NovelCore
import Testing

@testable import NovelTUI

/// The first screen's reader while the rest of the book loads: the status bar shows how far the load
/// has got, and keys pressed meanwhile are said to wait for it.
@Suite struct LoadingStatusTests {
    func bottomRow(_ reader: Reader) -> String { reader.screen().textRows.last ?? "" }

    @Test func theStatusBarShowsTheLoadedPercentage() {
        var reader = makeReader(columns: 60)
        #expect(!bottomRow(reader).contains("loading"))
        reader.showLoading(0.427)
        #expect(reader.loading == LoadingStatus(percent: 42, held: []))
        #expect(bottomRow(reader).contains("loading 42%"), "\(bottomRow(reader))")
        // The book's title and place stay on the bar.
        #expect(bottomRow(reader).contains("sample"))
    }

    @Test func thePercentageOnlyMovesForwardAndStopsAtAHundred() {
        var reader = makeReader(columns: 60)
        reader.showLoading(0.5)
        reader.showLoading(0.3)
        #expect(reader.loading?.percent == 50)
        reader.showLoading(1.7)
        #expect(reader.loading?.percent == 100)
    }

    @Test func aKeyPressedDuringTheLoadSaysItWaits() {
        var reader = makeReader(columns: 60)
        reader.showLoading(0.31)
        reader.holdWhileLoading(.key(.character("G")))
        #expect(bottomRow(reader).contains("G waits for the whole book: 31% loaded"), "\(bottomRow(reader))")
        // The message follows the load.
        reader.showLoading(0.64)
        #expect(bottomRow(reader).contains("G waits for the whole book: 64% loaded"))
    }

    @Test func severalKeysAreCountedAndAResizeIsNotAKey() {
        var reader = makeReader(columns: 60)
        reader.holdWhileLoading(.resize(columns: 50, rows: 10))
        #expect(reader.loading == nil)
        #expect(!bottomRow(reader).contains("wait"))
        reader.holdWhileLoading(.key(.character("t")))
        reader.holdWhileLoading(.key(.character("/")))
        reader.holdWhileLoading(.click(row: 2, column: 3))
        #expect(reader.loading?.held == ["t", "/", "A click"])
        #expect(bottomRow(reader).contains("3 keys wait for the whole book: 0% loaded"), "\(bottomRow(reader))")
    }

    @Test func aReaderThatIsNotLoadingShowsNothingOfIt() {
        let reader = makeReader(columns: 60)
        #expect(reader.loading == nil)
        #expect(!bottomRow(reader).contains("loading") && !bottomRow(reader).contains("wait"))
    }
}
