import Testing

@testable import NovelCore

/// What points into a content document's text: styles, element ids, links and notes.
@Suite struct XHTMLTextMarkupTests {
    static func extract(_ body: String) -> (XHTMLText, String) {
        let text = XHTMLText.extract(Array(XHTMLTextTests.page(body).utf8))
        return (text, String(decoding: text.utf8, as: UTF8.self))
    }

    /// The text of `range` in `text`.
    static func slice(_ text: XHTMLText, _ range: Range<Int>) -> String {
        String(decoding: text.utf8[range], as: UTF8.self)
    }

    @Test func emphasisBecomesStyledRanges() {
        let (text, string) = Self.extract(
            "<p>Plain <b>bold</b> <i>italic <strong>both</strong></i> <u>under</u> <cite>Title</cite> <ins>new</ins>.</p>"
        )
        #expect(string == "Plain bold italic both under Title new.\n")
        let styled = text.styles.map { (Self.slice(text, $0.range), $0.style) }
        #expect(styled.map(\.0) == ["bold", "italic ", "both", "under", "Title", "new"])
        #expect(styled.map(\.1) == [.bold, .italic, [.bold, .italic], .underline, .italic, .underline])
    }

    @Test func anIdLandsWhereItsElementsTextStarts() {
        let (text, string) = Self.extract(
            """
            <p id="p1">First.</p><a id="empty"></a><span id="also"/>
            <h2 id="c2">Chapter 2</h2><p>Body with <span id="inner">inner</span> text.</p>
            <ul><li id="item">apple</li></ul><a name="old">Old anchor</a><div id="last"></div>
            """)
        #expect(string == "First.\n\nChapter 2\n\nBody with inner text.\n• apple\nOld anchor\n")
        #expect(text.anchors["p1"] == 0)
        let heading = string.utf8.count - "Chapter 2\n\nBody with inner text.\n• apple\nOld anchor\n".utf8.count
        #expect(text.anchors["empty"] == heading)
        #expect(text.anchors["also"] == heading)
        #expect(text.anchors["c2"] == heading)
        #expect(Self.slice(text, text.anchors["inner"]!..<text.anchors["inner"]! + 5) == "inner")
        #expect(Self.slice(text, text.anchors["item"]!..<text.anchors["item"]! + "• ".utf8.count) == "• ")
        #expect(Self.slice(text, text.anchors["old"]!..<text.anchors["old"]! + 3) == "Old")
        #expect(text.anchors["last"] == text.utf8.count)
    }

    /// An id after a heading's text (an anchor some tools write at a heading's end, a span around its title)
    /// lands at the heading's line start, where a browser goes, not on the body after it; one before any
    /// text still lands on the next text, and one at a paragraph's end still on the line after.
    @Test func anIdAfterAHeadingsTextLandsOnTheHeading() {
        let (text, string) = Self.extract(
            """
            <p>诗云<a id="para-end"></a></p><h3>第二回 贾夫人<a id="c2"></a></h3><p>正文。</p>
            <h3><a id="c3"/>第三回 <span id="mid">林黛玉</span><a id="end"/></h3><p>又一段。</p>
            """)
        #expect(string == "诗云\n\n第二回 贾夫人\n\n正文。\n\n第三回 林黛玉\n\n又一段。\n")
        let second = "诗云\n\n".utf8.count
        #expect(text.anchors["para-end"] == second)
        #expect(text.anchors["c2"] == second)
        let third = string.utf8.count - "第三回 林黛玉\n\n又一段。\n".utf8.count
        #expect(text.anchors["c3"] == third)
        #expect(text.anchors["end"] == third)
        #expect(text.anchors["mid"] == third)
    }

    /// A heading's line longer than any heading (`longestHeadingLine`) is not walked back from each id in
    /// it: an id there lands as any other, on the text after it.
    @Test func anIdDeepInAHugeHeadingLineLandsOnTheTextAfterIt() {
        let filler = String(repeating: "word ", count: XHTMLTextBuilder.longestHeadingLine / 5 + 10)
        let (text, string) = Self.extract("<h1>\(filler)<a id=\"late\"/>tail</h1><p>body</p>")
        let tail = string.utf8.count - "tail\n\nbody\n".utf8.count
        #expect(text.anchors["late"] == tail)
    }

    @Test func linksKeepTheirTextAndHrefAndNoteReferencesAreKnown() {
        let (text, _) = Self.extract(
            """
            <p>See <a href="ch2.xhtml#s1">the next <em>chapter</em></a>.<a epub:type="noteref" href="notes.xhtml#n1">a</a>
            Word<sup><a href="#n2">[2]</a></sup> and<a href="#n3"><sup>3</sup></a> and <sup><a href="#x">ibid. long</a></sup>
            and <a href="#n4">see note</a> and <a role="doc-noteref" href="n.xhtml#5">*</a>.</p>
            <aside epub:type="footnote" id="n4"><p>Fourth note.</p></aside>
            <ol><li id="n5" epub:type="endnote"><p>Fifth.</p></li></ol>
            """)
        let links = text.links.map { (Self.slice(text, $0.range), $0.href, $0.isNoteReference) }
        #expect(links.map(\.0) == ["the next chapter", "a", "[2]", "3", "ibid. long", "see note", "*"])
        #expect(links.map(\.1) == ["ch2.xhtml#s1", "notes.xhtml#n1", "#n2", "#n3", "#x", "#n4", "n.xhtml#5"])
        #expect(links.map(\.2) == [false, true, true, true, false, true, true])
        #expect(Self.slice(text, text.notes["n4"]!) == "Fourth note.")
        #expect(Self.slice(text, text.notes["n5"]!) == "1. Fifth.")
        #expect(text.notes.count == 2)
    }

    /// EPUB 2 books (pandoc's, Calibre's) mark no note reference: a short marker linked to a note-like id or
    /// with a note-like class still is one; the same link text to another kind of target is not.
    @Test func unmarkedNoteReferencesAreKnownByTheirShape() {
        let (text, _) = Self.extract(
            """
            <p>Lamps<a href="#fn1" class="footnote-ref" id="fnref1">1</a> and gas<a href="#note12">[12]</a> and
            <a class="noteref" href="notes.xhtml#x7">*</a> but <a href="#chapter1">1</a> and <a href="#fn2">see the note</a>
            and <a href="#section3">3</a>.</p>
            """)
        let links = text.links.map { (Self.slice(text, $0.range), $0.isNoteReference) }
        #expect(links.map(\.0) == ["1", "[12]", "*", "1", "see the note", "3"])
        #expect(links.map(\.1) == [true, true, true, false, false, false])
    }
}
