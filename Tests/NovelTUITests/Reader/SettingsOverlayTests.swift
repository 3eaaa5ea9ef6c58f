import Foundation
import NovelCore
import Testing

@testable import NovelTUI

/// The settings overlay offers every layout setting, and each row moves within exactly the range
/// settings.json allows (the key's own declaration, `SettingsKey`).
@Suite struct SettingsOverlayTests {
    static let layoutKeys: [SettingsKey] = [
        .fontScale, .width, .margin, .lineSpacing, .letterSpacing, .paragraphSpacing, .indent, .ambiguousWidth,
        .lineBreak,
    ]

    @Test func everyLayoutSettingHasARow() {
        let shown = Set(SettingsItem.allCases.map(\.key))
        for key in Self.layoutKeys { #expect(shown.contains(key), "\(key.rawValue)") }
    }

    /// Stepped up and down as far as it goes, each row ends at a value settings.json accepts, and one
    /// more step in settings.json's terms is refused there: the overlay stops where the file does.
    @Test(arguments: SettingsItem.allCases)
    func aRowReachesTheEndsSettingsJSONAllows(item: SettingsItem) throws {
        for direction in [1, -1] {
            var settings = Settings()
            for _ in 0..<2000 {
                let next = item.adjusted(settings, step: direction)
                if next == settings { break }
                settings = next
            }
            var check = Settings()
            try item.key.apply(json: item.key.json(settings), to: &check)
            #expect(item.key.json(check) as? NSObject == item.key.json(settings) as? NSObject)
            if let end = item.key.json(settings) as? Int {
                var beyond = Settings()
                #expect(throws: StateError.self, "\(item.key.rawValue) \(end + direction)") {
                    try item.key.apply(json: end + direction, to: &beyond)
                }
            }
        }
    }

    /// A window too short for every row: the list scrolls to the selected row, and a click picks the row
    /// drawn where it lands.
    @Test func aShortWindowScrollsToTheSelectedRow() throws {
        var reader = makeReader(columns: 37, rows: 12)
        reader.press("s")
        // A row on the list's second screen, with rows above it on the same screen.
        let last = try #require(SettingsItem.allCases.firstIndex(of: .disguise))
        for _ in 0..<last { reader.press("Down") }
        #expect(reader.overlay == .settings(selected: last))
        let rows = reader.screen().textRows
        #expect(rows.contains { $0.contains(SettingsItem.disguise.label) }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains(SettingsItem.fontScale.label) })
        let row = try #require(rows.firstIndex { $0.contains(SettingsItem.lineBreak.label) })
        _ = reader.handle(.click(row: row, column: 5), now: 0)
        #expect(reader.overlay == .settings(selected: SettingsItem.allCases.firstIndex(of: .lineBreak)!))
    }

    @Test func theWidthRowGoesToAThousandColumns() {
        var settings = Settings()
        settings.width = 996
        for _ in 0..<10 { settings = SettingsItem.width.adjusted(settings, step: 1) }
        #expect(settings.width == 1000)
    }
}
