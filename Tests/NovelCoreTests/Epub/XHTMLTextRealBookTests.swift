import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Patterns real EPUBs are made of, English, Chinese and Japanese, that a reader must not break: glyph
/// images inside a sentence, tables with spans and stray text, nested lists, poems set with `<br/>`,
/// books of `<div>`s without a `<p>`, navigation documents with more than one `nav`.
@Suite struct XHTMLTextRealBookTests {
    static func text(_ body: String) -> String {
        XHTMLTextTests.text(XHTMLTextTests.page(body))
    }

    /// A rare character set as an image (a "gaiji") is read in its sentence: its alt text when that is one
    /// character, else an inline placeholder; the paragraph stays one line.
    @Test(arguments: [
        (#"<p>他拿起<img class="gaiji" src="g/1.png" alt="𠀋"/>来看了看。</p>"#, "他拿起𠀋来看了看。\n"),
        (#"<p><img src="g/2.png" alt="〓"/>字在句首。</p>"#, "〓字在句首。\n"),
        (#"<p>この<img src="g/3.png" alt=" 﨑 "/>の字は外字。</p>"#, "この﨑の字は外字。\n"),
        (
            #"<p>The sign read <img src="s.png" alt="STOP" width="40" height="12"/> in red.</p>"#,
            "The sign read [image: STOP] in red.\n"
        ),
        (#"<p>一个<img src="g/4.png"/>字。</p>"#, "一个[image]字。\n"),
        (#"<p>A <span><img src="e.png" alt="é"/></span>clair.</p>"#, "A éclair.\n"),
    ])
    func inlineImagesStayInTheirParagraph(body: String, expected: String) {
        #expect(Self.text(body) == expected)
    }

    /// An image standing alone (a figure, a picture between paragraphs) keeps a line of its own.
    @Test func anImageStandingAloneKeepsItsLine() {
        #expect(
            Self.text(#"<p>Before.</p><p><img src="map.png" alt="A map"/></p><p>After.</p>"#)
                == "Before.\n[image: A map]\nAfter.\n")
        #expect(
            Self.text(#"<div class="figure"><img src="p.jpg" alt="插图"/></div><p>正文。</p>"#)
                == "[image: 插图]\n正文。\n")
        #expect(Self.text(#"<p>Text.</p><img src="end.png"/>"#) == "Text.\n[image]\n")
    }

    @Test func columnSpansKeepTheColumnsAligned() {
        let xhtml = #"""
            <table><tr><th colspan="2">Name</th><th>Age</th></tr>
            <tr><td>Ann</td><td>Lee</td><td>30</td></tr>
            <tr><td>Bo</td><td>Wu</td><td>4</td></tr></table>
            """#
        #expect(Self.text(xhtml) == "Name      Age\nAnn  Lee  30\nBo   Wu   4\n")
    }

    @Test func rowSpansLeaveTheirColumnEmptyBelow() {
        let xhtml = #"""
            <table><tr><td rowspan="2">春</td><td>一月</td><td>冷</td></tr>
            <tr><td>二月</td><td>暖</td></tr><tr><td>夏</td><td>六月</td><td>热</td></tr></table>
            """#
        #expect(Self.text(xhtml) == "春  一月  冷\n    二月  暖\n夏  六月  热\n")
    }

    /// Text written straight into a table or a row, outside every cell, is kept, in its place.
    @Test func textLooseInATableOrARowIsKept() {
        let text = Self.text(
            #"<table>Loose words<tr><td>A</td><td>B</td></tr><tr>stray<td>C</td></tr>trailing</table><p>End.</p>"#)
        for words in ["Loose words", "A", "B", "stray", "C", "trailing", "End."] {
            #expect(text.contains(words), "\(words) in \(text)")
        }
        let order = ["Loose words", "stray", "trailing", "End."].map { text.range(of: $0)!.lowerBound }
        #expect(order == order.sorted(), "\(text)")
    }

    @Test func nestedListsAreIndentedWithTheirOwnMarkers() {
        let xhtml = #"""
            <ol><li>One<ul><li>Sub a</li><li><p>Sub b</p><ol><li>Deep</li></ol></li></ul></li><li>Two</li></ol>
            """#
        #expect(Self.text(xhtml) == "1. One\n  • Sub a\n  • Sub b\n    1. Deep\n2. Two\n")
    }

    /// A poem set as one paragraph of `<br/>`-separated lines: the lines of a stanza kept in one paragraph,
    /// a double break between stanzas a paragraph's end.
    @Test func poemLinesSetWithBreaksAreLinesOfTheirOwn() {
        let xhtml = """
            <p class="poem">床前明月光，<br/>
            疑是地上霜。<br/><br/>
            <span>举头望明月，</span><br />
            <span>低头思故乡。</span></p>
            <p>李白</p>
            """
        #expect(Self.text(xhtml) == "床前明月光，\u{2028}疑是地上霜。\n举头望明月，\u{2028}低头思故乡。\n李白\n")
    }

    /// Books made of `<div>`s and bare text, without a single `<p>`.
    @Test func divsAndBareTextMakeParagraphs() {
        #expect(Self.text("<div>第一段。</div><div>第二段。<div>内层。</div>尾。</div>") == "第一段。\n第二段。\n内层。\n尾。\n")
        #expect(
            Self.text("Loose text in the body<br/>and its next line.")
                == "Loose text in the body\u{2028}and its next line.\n")
    }

    /// Only the `toc` nav is the table of contents: landmarks and a hidden page list are not.
    @Test func onlyTheTocNavIsTheTableOfContents() throws {
        let builder = EpubNavigationTests.builder(.epub3)
        let navigation = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>nav</title>
            </head><body>
            <nav epub:type="landmarks" hidden=""><ol><li><a epub:type="bodymatter" href="text/part1.xhtml">Start</a></li>
            </ol></nav>
            <nav epub:type="page-list" hidden="hidden"><ol><li><a href="text/part1.xhtml#p1">1</a></li>
            <li><a href="text/part2.xhtml#p2">2</a></li></ol></nav>
            <nav epub:type="toc" id="toc"><h1>目录</h1><ol>
            <li><a href="text/part1.xhtml#c1">第一回</a></li><li><a href="text/part2.xhtml#c3">第三回</a></li></ol></nav>
            </body></html>
            """
        let points = try EpubNavigationTests.navigation(
            builder.members(replacing: "OEBPS/nav.xhtml", with: Array(navigation.utf8)))
        #expect(points.map(\.title) == ["第一回", "第三回"])
        #expect(points.map(\.fragment) == ["c1", "c3"])
    }
    /// Every character of a document's last paragraph maps to its own byte of the XHTML (the line end
    /// written after it goes on from where the paragraph's text ends, never from where it began).
    @Test func everyCharacterOfTheLastParagraphMapsToItsOwnByte() throws {
        let xhtml = XHTMLTextTests.page("<p>First.</p><p>雾气从谷底升起，远处传来钟声，山路弯弯。</p>")
        let text = XHTMLText.extract(Array(xhtml.utf8))
        var map = EpubSourceMap()
        map.append(member: "a.xhtml", textBase: 0, pairs: text.sourceOffsets)
        let bytes = Array(xhtml.utf8)
        let start = (text.utf8.firstIndex(of: 0x0A) ?? 0) + 1
        for offset in start..<text.utf8.count - 1 {
            let place = try #require(map.place(of: offset))
            #expect(bytes[place.offset] == text.utf8[offset], "text offset \(offset)")
        }
    }
}
