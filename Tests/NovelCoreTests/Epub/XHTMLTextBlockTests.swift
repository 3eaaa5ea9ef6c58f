import Testing

@testable import NovelCore

/// The block rules: quotations indented, lists with their markers, preformatted text as written, tables
/// as aligned columns, rules and images on lines of their own, ruby, and what is hidden.
@Suite struct XHTMLTextBlockTests {

    @Test func aQuotationIsIndented() {
        let xhtml = XHTMLTextTests.page(
            "<p>He said:</p><blockquote><p>Go.</p><blockquote><p>Deeper.</p></blockquote></blockquote><p>Out.</p>")
        #expect(XHTMLTextTests.text(xhtml) == "He said:\n  Go.\n    Deeper.\nOut.\n")
    }

    @Test func listItemsCarryTheirMarkersAndNestedListsAreIndented() {
        let xhtml = XHTMLTextTests.page(
            """
            <ul><li>apples</li><li>pears
              <ol start="3"><li>green</li><li value="7">red</li><li>brown</li></ol></li></ul>
            <ol><li><p>first</p></li><li>second</li></ol>
            """)
        #expect(
            XHTMLTextTests.text(xhtml) == "• apples\n• pears\n  3. green\n  7. red\n  8. brown\n1. first\n2. second\n")
    }

    /// Preformatted lines stay the lines of one paragraph (an empty line starts another), their blanks
    /// plain spaces (the layouter keeps a preformatted line's leading blanks), styled preformatted.
    @Test func preformattedTextKeepsItsLinesAndSpaces() {
        let xhtml = XHTMLTextTests.page("<p>Code:</p><pre>\nlet  x = 1\n\tindented\n\nend</pre><p>After</p>")
        let indent = String(repeating: " ", count: 8)
        #expect(XHTMLTextTests.text(xhtml) == "Code:\n\nlet  x = 1\u{2028}\(indent)indented\nend\n\nAfter\n")
        let text = XHTMLText.extract(Array(xhtml.utf8))
        let preformatted = text.styles.filter { $0.style.contains(.preformatted) }
        #expect(preformatted.allSatisfy { $0.style.contains(.code) } && !preformatted.isEmpty)
        let string = String(decoding: text.utf8, as: UTF8.self)
        let covered = preformatted.map { String(decoding: text.utf8[$0.range], as: UTF8.self) }.joined()
        #expect(covered.contains("let  x = 1") && covered.contains(indent + "indented") && covered.contains("end"))
        #expect(!covered.contains("Code") && !covered.contains("After"), "\(string)")
    }

    /// Each byte of preformatted text and of a paragraph broken by `br` maps to its own byte in the document,
    /// the leading spaces too.
    @Test func preformattedLinesAndBrokenLinesMapToTheirBytes() throws {
        let xhtml = XHTMLTextTests.page("<pre>def f():\n        return 1\n  x = 2</pre><p>line one<br/>line two</p>")
        let text = XHTMLText.extract(Array(xhtml.utf8))
        let string = String(decoding: text.utf8, as: UTF8.self)
        let spaces = { (count: Int) in String(repeating: " ", count: count) }
        #expect(string == "def f():\u{2028}\(spaces(8))return 1\u{2028}\(spaces(2))x = 2\n\nline one\u{2028}line two\n")
        func textOffset(_ needle: String) throws -> Int {
            let range = try #require(string.range(of: needle))
            return string.utf8.distance(from: string.startIndex, to: range.lowerBound)
        }
        func documentOffset(_ needle: String) throws -> Int {
            let range = try #require(xhtml.range(of: needle))
            return xhtml.utf8.distance(from: xhtml.startIndex, to: range.lowerBound)
        }
        for needle in ["def f", "return 1", "x = 2", "line one", "line two"] {
            #expect(text.sourceOffset(ofText: try textOffset(needle)) == (try documentOffset(needle)), "\(needle)")
        }
        let firstBlank = try textOffset(spaces(8))
        for blank in 0..<8 {
            #expect(text.sourceOffset(ofText: firstBlank + blank) == (try documentOffset("        return")) + blank)
        }
    }

    @Test func aTableIsAlignedByDisplayWidth() {
        let xhtml = XHTMLTextTests.page(
            """
            <table><caption>Prices</caption>
            <tr><th>Item</th><th>Cost</th><th>Note</th></tr>
            <tr><td>茶</td><td>3</td><td>hot</td></tr>
            <tr><td>Coffee beans</td><td>12</td></tr>
            </table><p>After.</p>
            """)
        #expect(
            XHTMLTextTests.text(xhtml)
                == "Prices\nItem          Cost  Note\n茶            3     hot\nCoffee beans  12\n\nAfter.\n")
    }

    @Test func aRuleIsASeparatorLineAndImagesArePlaceholders() {
        let xhtml = XHTMLTextTests.page(
            "<p>End of scene.</p><hr/><p>Next <img src=\"a.png\" alt=\" A  map \"/> here.</p><img src=\"b.jpg\"/>")
        // An image after text on its line stays in the line; one standing alone has a line of its own.
        #expect(XHTMLTextTests.text(xhtml) == "End of scene.\n\n* * *\n\nNext [image: A map] here.\n[image]\n")
    }

    /// An empty alt text marks an image decorative (HTML's rule): it is left out; without an alt attribute
    /// it is still a placeholder.
    @Test func aDecorativeImageIsLeftOut() {
        let xhtml = XHTMLTextTests.page(
            #"<p><img src="cover.jpg" alt=""/></p><p>A<img src="dot.png" alt=" "/> rule.</p><img src="c.png"/>"#)
        #expect(XHTMLTextTests.text(xhtml) == "A rule.\n[image]\n")
    }

    @Test func rubyIsBaseThenReadingInBracketsAndTheReadingsAreListed() {
        let xhtml = XHTMLTextTests.page(
            "<p><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>を読む。 <ruby>Tokyo<rt>とうきょう</rt></ruby></p>")
        let text = XHTMLText.extract(Array(xhtml.utf8))
        #expect(String(decoding: text.utf8, as: UTF8.self) == "漢字（かんじ）を読む。 Tokyo(とうきょう)\n")
        let readings = text.rubyReadings.map { String(decoding: text.utf8[$0], as: UTF8.self) }
        #expect(readings == ["（かんじ）", "(とうきょう)"])
    }

    /// A reading in a table cell is listed where the cell's text lands in the table's aligned rows.
    @Test func aRubyReadingInATableCellIsListedWhereTheCellLands() {
        let xhtml = XHTMLTextTests.page(
            "<table><tr><td>語</td><td><ruby>東京<rt>とうきょう</rt></ruby></td></tr></table>")
        let text = XHTMLText.extract(Array(xhtml.utf8))
        let readings = text.rubyReadings.map { String(decoding: text.utf8[$0], as: UTF8.self) }
        #expect(readings == ["（とうきょう）"])
    }

    @Test func hiddenElementsAndUnreadContentAreLeftOut() {
        let xhtml = XHTMLTextTests.page(
            """
            <script>var x = "<p>no</p>";</script>
            <p>Shown.</p><p style="color: red; display : none !important">inline hidden</p>
            <p hidden="hidden">attribute hidden</p><div class="kindle">stylesheet hidden</div>
            <p>Also <span id="x1">shown</span>.<span class="kindle"> not this</span></p>
            """)
        let css = CSSDisplayNone(stylesheets: [".kindle { display: none }"])
        #expect(XHTMLTextTests.text(xhtml, options: XHTMLTextOptions(hidden: css)) == "Shown.\nAlso shown.\n")
    }

    @Test func verticalWritingIsReadLikeAnyText() {
        let xhtml = """
            <html><head><style>html { writing-mode: vertical-rl; -epub-writing-mode: vertical-rl }</style></head>
            <body style="writing-mode: vertical-rl"><p>　縦書きの本。</p><p>　二段目。</p></body></html>
            """
        #expect(XHTMLTextTests.text(xhtml) == "　縦書きの本。\n　二段目。\n")
    }

    @Test func controlCharactersAreLeftOutAndTabsAreSpaces() {
        let xhtml = XHTMLTextTests.page("<p>a\u{01}b\tc\u{7F}d\u{85}e</p>")
        #expect(XHTMLTextTests.text(xhtml) == "ab cde\n")
    }
}
