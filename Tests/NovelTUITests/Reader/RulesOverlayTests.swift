import NovelCore
import Testing

@testable import NovelTUI

/// The `x` overlay lists the rules that apply to this book; Space switches one live and asks for it to
/// be saved, at the same place.
@Suite struct RulesOverlayTests {
    @Test func spaceSwitchesARuleLive() throws {
        var rules = CleaningRules()
        try rules.add(CleaningRule(name: "lamp", pattern: "青灯", replacement: "油灯"))
        try rules.add(CleaningRule(name: "other book", pattern: "x", scope: "another*"))
        var reader = makeReader(rules: rules)
        let before = reader.firstVisibleOffset
        #expect(reader.layout.settings.display.cleaning.rules.map(\.name) == ["lamp"])
        reader.press("x")
        let index = rules.applying(title: sampleBook.title, path: sampleBook.path).firstIndex { $0.name == "lamp" } ?? 0
        for _ in 0..<index { reader.press("Down") }
        let screen = ConversionKeyTests.screenText(reader)
        #expect(screen.contains("[x] lamp") && !screen.contains("other book"), "\(screen)")
        let effects = reader.press("Space")
        #expect(effects == [.saveRuleSwitch(name: "lamp", enabled: false)])
        #expect(reader.layout.settings.display.cleaning.rules.isEmpty)
        #expect(ConversionKeyTests.screenText(reader).contains("[ ] lamp"))
        reader.press("Esc")
        #expect(reader.overlay == nil)
        #expect(reader.firstVisibleOffset == before)
    }
}
