import NovelCore
import Testing

@testable import NovelTUI

/// The settings overlay's "Line breaking" row: it cycles strict → normal → loose, saves the setting and
/// lays the book out again at the new level.
@Suite struct LineBreakItemTests {
    @Test func theRowCyclesTheLevelAndRelaysOut() {
        var reader = makeReader()
        reader.press("s")
        let row = SettingsItem.allCases.firstIndex(of: .lineBreak) ?? 0
        for _ in 0..<row { reader.press("Down") }
        var effects = reader.press("Right")
        #expect(reader.settings.lineBreak == .normal)
        #expect(effects == [.saveSettings(reader.settings)])
        #expect(reader.layout.settings.lineBreak == .normal)
        effects = reader.press("Right")
        #expect(reader.settings.lineBreak == .loose)
        reader.press("Right")
        #expect(reader.settings.lineBreak == .strict, "wraps around")
        reader.press("Left")
        #expect(reader.settings.lineBreak == .loose)
        #expect(SettingsItem.lineBreak.value(reader.settings) == "loose")
    }
}
