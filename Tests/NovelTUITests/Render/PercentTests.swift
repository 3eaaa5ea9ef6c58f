import NovelCore
import Testing

@testable import NovelTUI

/// The status bar's percentage: where the first character on screen lies, rounded down, and 100% once
/// the book's last line is on screen in every way of reading (the last page's first character can be
/// well before the end).
@Suite struct PercentTests {
    static func settings(transition: Settings.Transition = .page) -> Settings {
        var settings = Settings()
        settings.transition = transition
        return settings
    }

    @Test(arguments: [
        ("page", 37, 12), ("scroll", 37, 12), ("spread", 170, 30), ("compact", 40, 2),
    ])
    func theEndOfTheBookShowsAHundredPercent(mode: String, columns: Int, rows: Int) {
        var reader = makeReader(
            columns: columns, rows: rows, settings: Self.settings(transition: mode == "scroll" ? .scroll : .page),
            start: ReaderStart(offset: 0))
        #expect(reader.percentText == "0%")
        #expect(!reader.showsBookEnd)
        reader.press("G")
        #expect(reader.showsBookEnd, "\(mode)")
        #expect(reader.percentText == "100%", "\(mode)")
        let status = reader.screen().textRows.last ?? ""
        #expect(status.contains("100%"), "\(mode): \(status)")
        // The place saved says so too: `novel recent` shows 100% and `novel stats` counts the book finished.
        #expect(reader.position.percent == 100, "\(mode)")
        #expect(reader.position.offset == reader.firstVisibleOffset)
        // Back until the last line is off screen (a page back; in scroll modes a line at a time, as the
        // last screen may end in blank rows): the figure is the first character's again.
        for _ in 0..<reader.textRows where reader.showsBookEnd {
            reader.press(mode == "scroll" || mode == "compact" ? "k" : "PgUp")
        }
        #expect(!reader.showsBookEnd, "\(mode)")
        let percent = Int(reader.percentText.dropLast()) ?? -1
        #expect((0..<100).contains(percent), "\(mode): \(reader.percentText)")
        #expect(percent == (reader.firstVisibleOffset * 100 / sampleBook.text.utf8.count))
        #expect(reader.position.percent < 100, "\(mode)")
    }
}
