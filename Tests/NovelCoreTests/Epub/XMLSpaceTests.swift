import Testing

@testable import NovelCore

/// XML's white space trimmed and collapsed, and nothing else: U+3000 and no-break spaces are the text's.
@Suite struct XMLSpaceTests {
    @Test(arguments: [
        ("  第一章 \t\n", "第一章"), ("\r\n", ""), ("", ""), ("a", "a"), ("\u{3000}章\u{3000}", "\u{3000}章\u{3000}"),
        (" é\u{301} ", "é\u{301}"), ("\u{A0}x y\n", "\u{A0}x y"),
    ])
    func trimmingTakesOnlyXMLSpaceFromTheEnds(text: String, trimmed: String) {
        #expect(text.trimmingXMLSpace() == trimmed)
        #expect(("<" + text + ">").dropFirst().dropLast().trimmingXMLSpace() == trimmed, "a substring")
    }

    @Test(arguments: [
        ("  第一章\n\t  夜行  ", "第一章 夜行"), ("a\r\nb", "a b"), (" \n ", ""), ("甲\u{3000}\u{3000}乙", "甲\u{3000}\u{3000}乙"),
        ("x \u{A0} y", "x \u{A0} y"), ("e\u{301}  f", "e\u{301} f"), ("第一章 夜行", "第一章 夜行"), ("a b c", "a b c"),
        (" a", "a"), ("a ", "a"), (" ", ""), ("a\tb", "a b"), ("a\nb", "a b"), ("a  b", "a b"), ("甲", "甲"),
    ])
    func collapsingMakesEachRunOneSpace(text: String, collapsed: String) {
        #expect(text.collapsingXMLSpace() == collapsed)
        #expect(("<" + text + ">").dropFirst().dropLast().collapsingXMLSpace() == collapsed, "a substring")
    }
}
