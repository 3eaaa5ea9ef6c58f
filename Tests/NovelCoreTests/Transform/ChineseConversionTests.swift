import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Conversion through OpenCC as a display transform: phrase-level results, and every shown character
/// mapped back to the original bytes it came from, whether the length changes or not.
@Suite struct ChineseConversionTests {
    static func options(_ conversion: Conversion) -> DisplayOptions {
        DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: false, convert: conversion)
    }

    static func display(_ text: String, _ conversion: Conversion, smartQuotes: Bool = false) throws -> DisplayText {
        var options = options(conversion)
        options.smartQuotes = smartQuotes
        return try #require(DisplayTransform.display(Array(text.utf8), profile: cjkPlain, options: options))
    }

    /// Each shown character with the original text it maps back to.
    static func mapped(_ display: DisplayText, original: String) -> [(shown: String, from: String)] {
        let source = Array(original.utf8)
        var pairs: [(String, String)] = []
        var index = 0
        let bytes = display.utf8
        while index < bytes.count {
            let length = utf8SequenceLength(bytes[index])
            let range = display.originalRange(index..<(index + length))
            pairs.append(
                (
                    String(decoding: bytes[index..<(index + length)], as: UTF8.self),
                    String(decoding: source[range], as: UTF8.self)
                ))
            index += length
        }
        return pairs
    }

    @Test func phraseLevelChoicesThatICUMisses() {
        #expect(shown("放松，钟情，系鞋带。", profile: cjkPlain, options: Self.options(.s2t)) == "放鬆，鍾情，繫鞋帶。")
        #expect(shown("出租车和软件", profile: cjkPlain, options: Self.options(.s2twp)) == "計程車和軟體")
        #expect(shown("頭髮與發展", profile: cjkPlain, options: Self.options(.t2s)) == "头发与发展")
    }

    @Test func sameLengthConversionMapsCharacterForCharacter() throws {
        let original = "他放松了心情。\n第二行：钟情。"
        let display = try Self.display(original, .s2t)
        let pairs = Self.mapped(display, original: original)
        #expect(pairs.map(\.shown).joined() == "他放鬆了心情。\n第二行：鍾情。")
        for pair in pairs { #expect(pair.shown.count == 1 && pair.from.count == 1, "\(pair)") }
        #expect(pairs.first { $0.shown == "鬆" }?.from == "松")
        #expect(pairs.first { $0.shown == "鍾" }?.from == "钟")
    }

    @Test func aPhraseThatChangesLengthMapsToTheWholeSourcePhrase() throws {
        let original = "我的U盘坏了，坐出租车吧。"
        let display = try Self.display(original, .s2twp)
        let pairs = Self.mapped(display, original: original)
        #expect(pairs.map(\.shown).joined() == "我的隨身碟壞了，坐計程車吧。")
        #expect(pairs.filter { "隨身碟".contains($0.shown) }.allSatisfy { $0.from == "U盘" })
        // Around it, and for 出租车 → 計程車 (the same length), character for character.
        #expect(pairs.first { $0.shown == "的" }?.from == "的")
        #expect(pairs.first { $0.shown == "壞" }?.from == "坏")
        #expect(pairs.first { $0.shown == "計" }?.from == "出")
        #expect(pairs.last?.from == "。")
    }

    @Test func everyOriginalOffsetIsShownInOrder() throws {
        let original = "U盘，U盘。\n钟情的出租车司机用鼠标。"
        let display = try Self.display(original, .s2twp)
        var last = 0
        for offset in 0...original.utf8.count {
            let shownAt = display.map.displayOffset(ofOriginal: offset)
            #expect((0...display.utf8.count).contains(shownAt))
            #expect(shownAt >= last, "display offsets grow with original offsets")
            last = shownAt
        }
        #expect(display.originalRange(0..<display.utf8.count) == 0..<original.utf8.count)
    }

    @Test func quoteRolesFollowTheConvertedText() throws {
        let original = "他说\"放松\"，又说\"钟情\"。"
        let display = try Self.display(original, .s2t, smartQuotes: true)
        let text = String(decoding: display.utf8, as: UTF8.self)
        #expect(text == "他說“放鬆”，又說“鍾情”。")
        let quotes = display.quoteRoles.map {
            String(decoding: display.utf8[$0.offset..<($0.offset + 3)], as: UTF8.self)
        }
        #expect(quotes == ["“", "”", "“", "”"])
        #expect(display.quoteRoles.map(\.opens) == [true, false, true, false])
    }

    @Test func theHeadingStaysBeforeTheBody() throws {
        let book = TestBooks.book("第一章 开始\n\n他放松了。\n\n第二章 钟情\n\n后来。\n")
        let display = try #require(DisplayTransform.display(book, entry: 1, options: Self.options(.s2t)))
        let heading = String(decoding: display.utf8[..<display.bodyStart], as: UTF8.self)
        #expect(heading.trimmingCharacters(in: .whitespacesAndNewlines) == "第二章 鍾情")
        #expect(display.originalRange(0..<display.utf8.count) == book.index.entries[1].range)
    }

    @Test func textOpenCCLeavesAloneIsShownAsWritten() {
        let bytes = Array("Plain English, nothing to convert.\n".utf8)
        #expect(DisplayTransform.display(bytes, profile: cjkPlain, options: Self.options(.s2t)) == nil)
    }

    @Test func bytesOpenCCCannotTakeAreShownUnconverted() throws {
        // A NUL and an invalid sequence (possible only in text that bypassed the decoder).
        let bytes: [UInt8] = Array("放松\n".utf8) + [0x41, 0x00, 0x42, 0x0A, 0xFF, 0x0A] + Array("钟情".utf8)
        let display = try #require(DisplayTransform.display(bytes, profile: cjkPlain, options: Self.options(.s2t)))
        #expect(Array(display.utf8) == Array("放鬆\n".utf8) + [0x41, 0x00, 0x42, 0x0A, 0xFF, 0x0A] + Array("鍾情".utf8))
        #expect(display.originalRange(0..<display.utf8.count) == 0..<bytes.count)
    }

    @Test func aConfigurationWithAMissingDataFileIsAnErrorNamingIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let config = try folder.write(
            "broken.json",
            #"{"name":"broken","segmentation":{"type":"mmseg","dict":{"type":"ocd2","file":"NoSuchPhrases.ocd2"}},"conversion_chain":[{"dict":{"type":"ocd2","file":"NoSuchPhrases.ocd2"}}]}"#
        )
        #expect {
            _ = try ChineseConverter(configFile: config, conversion: .s2t)
        } throws: { error in
            "\(error)".contains("NoSuchPhrases.ocd2") && "\(error)".hasPrefix("cannot convert with s2t")
        }
    }

    @Test func everyNamedConfigurationLoads() {
        for conversion in Conversion.allCases where conversion != .none {
            #expect(ChineseConverter.loaded(conversion) != nil, "\(conversion)")
        }
        #expect(Conversion.hk2s.apply(to: "髮") == "发")
        #expect(Conversion.none.apply(to: "放松") == "放松")
    }

    @Test func anUnknownNameIsRefusedWithTheValidOnes() {
        var settings = Settings()
        #expect {
            try SettingsKey.convert.apply(text: "s2x", to: &settings)
        } throws: { error in
            "\(error)".contains("s2x") && "\(error)".contains("s2twp") && "\(error)".contains("hk2s")
        }
        #expect(throws: Never.self) { try SettingsKey.convert.apply(text: "tw2sp", to: &settings) }
        #expect(settings.convert == .tw2sp)
        #expect(settings.display.convert == .tw2sp)
    }
}
