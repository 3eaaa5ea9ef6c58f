import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Cleaning rules applied at display time: what is shown, and every shown byte mapped back to the
/// original bytes, so that positions and bookmarks do not move.
@Suite struct RulePassTests {
    static func options(_ rules: [CleaningRule], hideSiteJunk: Bool = false, convert: Conversion = .none)
        -> DisplayOptions
    {
        var options = DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: hideSiteJunk, convert: convert)
        options.cleaning = BookCleaning(rules: rules)
        return options
    }

    @Test func aLiteralRuleReplacesAndMapsToTheMatchedBytes() throws {
        let original = "萧炎看着萧薰儿。\n"
        let rule = CleaningRule(name: "names", pattern: "萧炎", replacement: "肖炎")
        let display = try #require(
            DisplayTransform.display(Array(original.utf8), profile: cjkPlain, options: Self.options([rule])))
        #expect(String(decoding: display.utf8, as: UTF8.self) == "肖炎看着萧薰儿。\n")
        #expect(display.originalRange(0..<3) == 0..<6, "肖 maps to the whole match")
        #expect(display.originalRange(6..<9) == 6..<9, "看 maps to itself")
    }

    @Test func anEmptyReplacementThatLeavesALineBlankRemovesTheLine() throws {
        let original = "第一段。\n　　请收藏本站：www.example.com\n第二段。\n"
        let rule = CleaningRule(name: "ads", pattern: "请收藏本站.*", isRegex: true)
        let display = try #require(
            DisplayTransform.display(Array(original.utf8), profile: cjkPlain, options: Self.options([rule])))
        #expect(String(decoding: display.utf8, as: UTF8.self) == "第一段。\n第二段。\n")
        let second = Array("第一段。\n".utf8).count
        #expect(display.map.originalStart(second) == original.utf8.count - Array("第二段。\n".utf8).count)
    }

    @Test func rulesApplyInOrderAndBeforeTheConversion() throws {
        let original = "他放松了。\n"
        let rules = [
            CleaningRule(name: "one", pattern: "他", replacement: "她"),
            CleaningRule(name: "two", pattern: "她放", replacement: "她也放"),
        ]
        let display = try #require(
            DisplayTransform.display(
                Array(original.utf8), profile: cjkPlain, options: Self.options(rules, convert: .s2t)))
        #expect(String(decoding: display.utf8, as: UTF8.self) == "她也放鬆了。\n")
        #expect(display.originalRange(0..<display.utf8.count) == 0..<original.utf8.count)
    }

    @Test func aBuiltInRuleSwitchedOffStopsHiding() throws {
        let original = "正文。\nhttps://www.example.com/book/1\n后文。\n"
        var options = Self.options([], hideSiteJunk: true)
        let hidden = try #require(DisplayTransform.display(Array(original.utf8), profile: cjkPlain, options: options))
        #expect(!String(decoding: hidden.utf8, as: UTF8.self).contains("example"))
        var rules = CleaningRules()
        try rules.setEnabled("bare URL", false)
        options.cleaning = rules.forBook(title: "t", path: "t.txt")
        let shown = DisplayTransform.display(Array(original.utf8), profile: cjkPlain, options: options)
        #expect(shown == nil, "nothing else to change")
    }

    @Test func aBookPositionShowsTheSameTextWithTheRuleOnOrOff() throws {
        let book = TestBooks.book("第一章 开始\n\n广告一行\n他走了。\n\n第二章 后来\n\n她来了。\n")
        let rule = CleaningRule(name: "ads", pattern: "广告一行")
        var settings = TestBooks.layoutSettings()
        settings.display.cleaning = BookCleaning(rules: [rule])
        let cleaned = PageLayouter(settings: settings, viewport: Viewport(columns: 40, rows: 20)).layout(book, entry: 0)
        let texts = cleaned.lines.indices.map { cleaned.lines[$0].bytes }
        let body = try #require(texts.last)
        let bytes = Array(book.text.utf8)
        #expect(
            String(decoding: bytes[body], as: UTF8.self) == "他走了。",
            "the line's original bytes are those of the text shown")
    }
}
