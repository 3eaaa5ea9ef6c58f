import NovelCore
import Testing

@testable import NovelTUI

/// The settings overlay's Reflow row changes this book's reflow (kept in its state), not the setting.
@Suite struct BookReflowItemTests {
    @Test func theRowChangesTheBooksValueAndRelaysOut() {
        var reader = makeReader(settings: Settings())
        reader.press("s")
        let row = SettingsItem.allCases.firstIndex(of: .reflow) ?? 0
        for _ in 0..<row { reader.press("Down") }
        let effects = reader.press("Right")
        #expect(reader.bookReflow == .on)
        #expect(effects == [.saveBookReflow(.on)])
        #expect(reader.settings.reflow == .auto, "the setting is left alone")
        #expect(reader.layout.settings.display.reflow == .on)
        #expect(SettingsItem.reflow.value(reader.displaySettings) == "on")
        reader.press("Right")
        #expect(reader.bookReflow == .off)
        #expect(reader.layout.settings.display.reflow == .off)
    }

    @Test func theBooksRememberedValueIsUsed() {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: sampleBook.title, lastPath: sampleBook.path)
        state.reflow = .off
        var settings = Settings()
        settings.reflow = .on
        let reader = makeReader(settings: settings, state: state)
        #expect(reader.layout.settings.display.reflow == .off)
    }
}
