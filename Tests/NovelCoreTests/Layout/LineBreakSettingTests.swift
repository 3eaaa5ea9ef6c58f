import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The `lineBreak` setting: its values in settings.json and on the command line, and what each level
/// changes in a layout.
@Suite struct LineBreakSettingTests {
    @Test(arguments: LineBreakLevel.allCases)
    func everyLevelIsAcceptedAndShown(_ level: LineBreakLevel) throws {
        var settings = Settings()
        try SettingsKey.lineBreak.apply(text: level.rawValue, to: &settings)
        #expect(settings.lineBreak == level)
        #expect(SettingsKey.lineBreak.text(settings) == level.rawValue)
        #expect(LayoutSettings(settings).lineBreak == level)
    }

    @Test func theDefaultIsStrict() {
        #expect(Settings().lineBreak == .strict)
        #expect(LayoutSettings().lineBreak == .strict)
    }

    @Test(arguments: ["Strict", "anywhere", ""])
    func otherWordsAreRefusedNamingTheLevels(_ text: String) {
        var settings = Settings()
        #expect(throws: StateError.invalidValue(key: "lineBreak", value: text, allowed: "strict, normal, loose")) {
            try SettingsKey.lineBreak.apply(text: text, to: &settings)
        }
        #expect(settings.lineBreak == .strict)
    }

    @Test func aNumberInTheFileIsRefused() {
        var settings = Settings()
        #expect(throws: StateError.invalidValue(key: "lineBreak", value: "1", allowed: "strict, normal, loose")) {
            try SettingsKey.lineBreak.apply(json: NSNumber(value: 1), to: &settings)
        }
    }

    /// Lines of `text` six ideographs wide at `level`.
    static func lines(_ text: String, level: LineBreakLevel) -> [String] {
        let book = TestBooks.book(text, split: false)
        var settings = TestBooks.layoutSettings(width: 12, indent: 0)
        settings.lineBreak = level
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 12, rows: 20)).layout(book, entry: 0)
        return lineTexts(layout, book)
    }

    /// Small kana and ー (CJ) start a line only at `normal` and `loose`; ！ and ％ only at `loose`;
    /// a closing mark never.
    @Test func eachLevelLetsMoreCharactersStartALine() {
        for (character, startsAt) in [
            ("ー", [LineBreakLevel.normal, .loose]), ("ぁ", [.normal, .loose]), ("！", [.loose]), ("％", [.loose]),
            ("。", []), ("」", []),
        ] {
            for level in LineBreakLevel.allCases {
                let expected =
                    startsAt.contains(level) ? ["一二三四五六", character + "七八"] : ["一二三四五", "六" + character + "七八"]
                #expect(Self.lines("一二三四五六" + character + "七八", level: level) == expected, "\(character) at \(level)")
            }
        }
    }

    /// ＄ and ￥ stay with the number after them, except that `loose` lets a full-width one end a line.
    @Test func aPrefixSignEndsALineOnlyWhenLooseAndFullWidth() {
        #expect(Self.lines("一二三四五＄六七", level: .strict) == ["一二三四五", "＄六七"])
        #expect(Self.lines("一二三四五＄六七", level: .loose) == ["一二三四五＄", "六七"])
        #expect(Self.lines("一二三四五$六七", level: .loose) == ["一二三四五", "$六七"])
    }
}
