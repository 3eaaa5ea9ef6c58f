import Testing

@testable import NovelCore

/// Headings whose number mixes Chinese and Arabic digits (issue 24: each one used to stop every command
/// with SIGILL). A value is taken only when it is clear: Chinese zeros in front of Arabic digits.
struct MixedNumeralTests {
    @Test(arguments: [("〇1", 1), ("〇〇7", 7), ("零12", 12), ("○３", 3), ("〇", 0), ("０1", 1)])
    func chineseZerosBeforeArabicDigitsAreTheArabicNumber(text: String, value: Int) {
        #expect(ChineseNumeral.parse(text) == value)
    }

    @Test(arguments: ["１二", "壹2", "一2", "2一", "1〇", "〇1二", "一〇1", "两3", "3叁"])
    func otherMixesHaveNoValue(text: String) {
        #expect(ChineseNumeral.parse(text) == nil)
    }

    /// Positional forms with Arabic digits keep their old reading; only overflow is new.
    @Test func positionalArithmeticIsChecked() {
        #expect(ChineseNumeral.parse("3十") == 30)
        #expect(ChineseNumeral.parse("九万万万万万万万万万万万") == nil)
        #expect(ChineseNumeral.parse("九千九百九十九万万万") == nil)
        #expect(ChineseNumeral.parse("999999999999") == 999_999_999_999)
        #expect(ChineseNumeral.parse("999999999999万") == nil)
    }

    /// Every string of up to three numeral scalars: a value or nil, never a trap, never above the bound.
    @Test func everyShortNumeralStringIsTotal() {
        let numerals: [Unicode.Scalar] = ["〇", "零", "一", "两", "九", "壹", "十", "百", "千", "万", "拾", "0", "7", "９"]
        var strings: [String] = numerals.map { String($0) }
        for _ in 0..<2 {
            strings += strings.flatMap { prefix in numerals.map { prefix + String($0) } }
        }
        for text in strings {
            if let value = ChineseNumeral.parse(text) {
                #expect((0...ChineseNumeral.largest).contains(value), "\(text) → \(value)")
            }
        }
    }

    @Test(arguments: [("第〇1章 标题", 1), ("第〇〇3回", 3)])
    func aHeadingWithChineseZerosIsAChapter(line: String, number: Int) {
        let candidate = HeadingMatcher.match(Array(line.unicodeScalars), width: 20)
        #expect(candidate?.kind == .chapter)
        #expect(candidate?.number == number)
    }

    @Test(arguments: ["第１二章", "第壹2回", "第一2章", "第一2章 标题", "卷一2", "番外一2"])
    func aHeadingWithAnUnclearNumberIsNotOne(line: String) {
        #expect(HeadingMatcher.match(Array(line.unicodeScalars), width: 20) == nil)
    }

    /// The two-line files of the report: each splits into entries that cover the text.
    @Test(arguments: ["第〇1章 标题\n正文。\n", "第１二章\n正文。\n", "第壹2回\n正文。\n", "第一2章\n正文。\n"])
    func aTwoLineBookSplits(text: String) {
        let book = BookText(utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        let index = ChapterSplitter().split(book)
        #expect(index.partitions(length: book.utf8.count))
        #expect(index.entries.contains { $0.kind == .chapter } == text.hasPrefix("第〇1章"))
    }
}
