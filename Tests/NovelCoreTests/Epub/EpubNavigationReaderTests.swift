import Testing

@testable import NovelCore

/// The navigation read as a stream (`EpubNavigationReader`) keeps every rule of the document's tree: the
/// label an item has, the levels items without one make, the text as the parsers give it.
@Suite struct EpubNavigationReaderTests {
    static func points(_ document: String, ncx: Bool = false) throws -> [EpubNavPoint] {
        let bytes = Array(document.utf8)
        return ncx
            ? try EpubNavigation.ncxPoints(bytes, member: "OEBPS/toc.ncx", book: "book.epub")
            : try EpubNavigation.navigationPoints(bytes, member: "OEBPS/nav.xhtml", book: "book.epub")
    }

    static func point(_ title: String, _ fragment: String?, _ depth: Int, member: String? = "OEBPS/p.xhtml")
        -> EpubNavPoint
    {
        EpubNavPoint(title: title, member: member, fragment: fragment, depth: depth)
    }

    static let page =
        #"<?xml version="1.0" encoding="UTF-8"?>"#
        + #"<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>"#

    /// A label after the item's own list is still the item's (its entry comes first); an item without a
    /// label makes a level, one whose label has no text does not; only the first nested list counts; a
    /// link inside a paragraph is the label of an item that has no `a` or `span` child.
    @Test func itemsWithoutLabelsEmptyLabelsAndLabelsAfterTheirLists() throws {
        let document =
            Self.page + """
                <nav epub:type="toc"><h1>Contents</h1><ol>
                  <li><ol><li><a href="p.xhtml#a">Nested first</a></li></ol><a href="p.xhtml">Label after its list</a></li>
                  <li>Loose text<ol><li><a href="p.xhtml#b">Under a labelless item</a></li></ol></li>
                  <li><a href="p.xhtml#c"> </a><ol><li><a href="p.xhtml#d">Under an empty label</a></li></ol></li>
                  <li><span>Heading</span><ol><li><a href="p.xhtml#e">First list</a></li></ol>
                    <ol><li><a href="p.xhtml#f">Second list</a></li></ol></li>
                  <li><div><b>Bold</b></div><p><a href="p.xhtml#g">Inner link</a></p></li>
                  <li><p><a href="p.xhtml#h">Not the label</a></p><a href="p.xhtml#i">The label</a></li>
                </ol></nav></body></html>
                """
        #expect(
            try Self.points(document) == [
                Self.point("Label after its list", nil, 0), Self.point("Nested first", "a", 1),
                Self.point("Under a labelless item", "b", 1), Self.point("Under an empty label", "d", 0),
                Self.point("Heading", nil, 0, member: nil), Self.point("First list", "e", 1),
                Self.point("Inner link", "g", 0), Self.point("The label", "i", 0),
            ])
    }

    /// An `epub:type` whose prefix the document never declares still marks the table of contents; `&amp;`
    /// in an href is `&`; a declared entity's text is not read (the XML parser does not expand it); CDATA is
    /// text.
    @Test func unboundPrefixesEscapesEntitiesAndCDATA() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE html [<!ENTITY ch "Chapter">]>
            <html xmlns="http://www.w3.org/1999/xhtml"><body>
            <nav epub:type="landmarks"><ol><li><a href="p.xhtml">Start</a></li></ol></nav>
            <nav epub:type="toc"><ol>
            <li><a href="p.xhtml#x&amp;y">&ch; One</a></li>
            <li><a href="p.xhtml#z"><![CDATA[<Two>]]></a></li>
            </ol></nav></body></html>
            """
        #expect(try Self.points(document) == [Self.point("One", "x&y", 0), Self.point("<Two>", "z", 0)])
    }

    /// Tag soup with HTML entities is read by the HTML parser: blanks between elements inside a label are
    /// kept (one space), `role="doc-toc"` marks the table of contents, and an unclosed `li` ends at the next.
    @Test func tagSoupIsReadAsABrowserWould() throws {
        let document = """
            <html><head><meta charset="utf-8"/></head><body><nav role="doc-toc"><ol>
            <li><a href="p.xhtml#1">A<img src="i.png"/> <br/>B&nbsp;</a>
            <li><a href="p.xhtml#2">第二回<br/>
            <span>甄士隱</span></a>
            </ol></nav><nav epub:type="page-list"><ol><li><a href="p.xhtml">1</a></li></ol></nav></body></html>
            """
        #expect(try Self.points(document) == [Self.point("A B", "1", 0), Self.point("第二回 甄士隱", "2", 0)])
    }

    /// A navigation document that is not well-formed is read by the HTML parser in the encoding a content
    /// document would be read in (`XHTMLDeclaredEncoding`): UTF-8 without a `meta` charset, not the parser's
    /// own Latin-1, and GBK where the XML declaration names it.
    @Test func tagSoupIsReadInTheDocumentsEncoding() throws {
        let soup = #"<html><body><nav epub:type="toc"><ol><li><a href="p.xhtml#1">"#
        let utf8 = Array((soup + "第一章 灯&nbsp;</a></li></ol></nav></body></html>").utf8)
        #expect(
            try EpubNavigation.navigationPoints(utf8, member: "OEBPS/nav.xhtml", book: "book.epub") == [
                Self.point("第一章 灯", "1", 0)
            ])
        let gbk =
            Array((#"<?xml version="1.0" encoding="GBK"?>"# + soup).utf8) + XHTMLTextEncodingTests.gbk.heading
            + Array("&nbsp;</a></li></ol></nav></body></html>".utf8)
        #expect(
            try EpubNavigation.navigationPoints(gbk, member: "OEBPS/nav.xhtml", book: "book.epub") == [
                Self.point("第一章", "1", 0)
            ])
    }

    /// Without a `toc` nav the only nav is read (landmarks beside it do not count: they are never the table
    /// of contents), and with two unmarked navs and no `toc` none is.
    @Test func theOnlyNavCountsAndTwoWithoutATocDoNot() throws {
        let only = Self.page + #"<nav><ol><li><a href="p.xhtml#a">A</a></li></ol></nav></body></html>"#
        #expect(try Self.points(only) == [Self.point("A", "a", 0)])
        let besideLandmarks =
            Self.page + #"<nav><ol><li><a href="p.xhtml#a">A</a></li></ol></nav>"#
            + #"<nav epub:type="landmarks"><ol><li><a href="p.xhtml">B</a></li></ol></nav></body></html>"#
        #expect(try Self.points(besideLandmarks) == [Self.point("A", "a", 0)])
        let two =
            Self.page + #"<nav><ol><li><a href="p.xhtml#a">A</a></li></ol></nav>"#
            + #"<nav><ol><li><a href="p.xhtml">B</a></li></ol></nav></body></html>"#
        #expect(try Self.points(two).isEmpty)
    }

    /// An NCX entry's title is its first `navLabel`'s first `text`; its target the first `content`; an
    /// entry without a title makes no level.
    @Test func ncxLabelsTargetsAndUntitledPoints() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
            <navPoint><navLabel><text>Part One</text></navLabel><content src="p.xhtml"/>
              <navPoint><navLabel></navLabel><navLabel><text>Second label</text></navLabel><content src="p.xhtml#a"/>
                <navPoint><navLabel><text>Under an untitled point</text></navLabel><content src="p.xhtml#b"/>
                  <content src="q.xhtml"/></navPoint>
              </navPoint>
            </navPoint>
            <navPoint><navLabel><text> Two
              </text><text>not read</text></navLabel></navPoint>
            </navMap><pageList><pageTarget><navLabel><text>1</text></navLabel></pageTarget></pageList></ncx>
            """
        #expect(
            try Self.points(document, ncx: true) == [
                Self.point("Part One", nil, 0), Self.point("Under an untitled point", "b", 1),
                Self.point("Two", nil, 0, member: nil),
            ])
    }

    /// A title's ends are trimmed by `Character`, as the slow way trims them: a blank with a combining mark
    /// after it is one blank character; CJK letters and punctuation at the ends are kept.
    @Test func titlesAreTrimmedByCharacter() {
        #expect(EpubNavigation.navigationTitle("Title\u{3000}\u{301}") == "Title")
        #expect(EpubNavigation.navigationTitle("\u{3000}\u{301}Title") == "Title")
        #expect(EpubNavigation.navigationTitle("第一章\u{3000}") == "第一章")
        #expect(EpubNavigation.navigationTitle("「第一章」 风起。") == "「第一章」 风起。")
        #expect(EpubNavigation.navigationTitle("e\u{301}") == "e\u{301}")
        #expect(EpubNavigation.navigationTitle("  a \n\t b  ") == "a b")
        #expect(EpubNavigation.navigationTitle("\u{A0}").isEmpty)
    }

    /// A document that ends inside its list keeps what it read, as the tree kept it.
    @Test func aDocumentCutInsideItsListKeepsWhatItRead() throws {
        let document = Self.page + #"<nav epub:type="toc"><ol><li><a href="p.xhtml#a">A</a></li><li><a href="p.x"#
        let points = try Self.points(document)
        #expect(points.first == Self.point("A", "a", 0))
    }

    /// Entries read up to the end of the first one outside any other that points, or holds one that points,
    /// into `b.xhtml`.
    static func entriesUntilB(_ document: String, shape: EpubNavigationReader.Shape = .navigation) -> (
        titles: [String], stoppedEarly: Bool
    ) {
        let read = EpubNavigationReader.entries(Array(document.utf8), shape: shape) {
            $0.href?.hasPrefix("b.xhtml") == true
        }
        return (read.entries.map(\.title), read.stoppedEarly)
    }

    /// In the table of contents, the reading stops at the end of the first entry outside any other that holds
    /// (or is) one that points where it is asked to stop: a volume's entries are all read first (their levels
    /// are final only at its end), and nothing after it; a `landmarks` nav before it never stops it.
    @Test func theReadingStopsAfterTheFirstTopLevelEntryThatReachesTheStop() {
        let document =
            Self.page + """
                <nav epub:type="landmarks"><ol><li><a href="b.xhtml">Landmark</a></li></ol></nav>
                <nav epub:type="toc"><ol>
                  <li><a href="a.xhtml">One</a></li>
                  <li><span>Volume</span><ol><li><a href="a.xhtml#x">Two</a></li><li><a href="b.xhtml">Three</a></li>
                    <li><a href="c.xhtml">Four</a></li></ol></li>
                  <li><a href="b.xhtml#y">Five</a></li>
                </ol></nav></body></html>
                """
        let read = Self.entriesUntilB(document)
        #expect(read.stoppedEarly)
        #expect(read.titles == ["One", "Volume", "Two", "Three", "Four"])
        let whole = EpubNavigationReader.entries(Array(document.utf8), shape: .navigation)
        #expect(Array(whole.map(\.title).prefix(5)) == read.titles && whole.count == 6)
    }

    /// Where a later part could change what was read, the whole document is read: a nav that is the only one
    /// but not marked as the table of contents (a `toc` nav after it would win); XML that is not well-formed
    /// before the stop (the HTML parser reads it all, as it reads it without a stop).
    @Test func theReadingDoesNotStopWhereLaterPartsCouldChangeIt() {
        let unmarked =
            Self.page
            + #"<nav><ol><li><a href="b.xhtml">One</a></li><li><a href="c.xhtml">Two</a></li></ol></nav></body></html>"#
        let whole = Self.entriesUntilB(unmarked)
        #expect(whole.titles == ["One", "Two"] && !whole.stoppedEarly)
        let soup =
            Self.page + #"<nav epub:type="toc"><ol><li><a href="a.xhtml">One&nbsp;</a></li>"#
            + #"<li><a href="b.xhtml">Two</a></li><li><a href="c.xhtml">Three</a></li></ol></nav></body></html>"#
        let read = Self.entriesUntilB(soup)
        #expect(!read.stoppedEarly)
        #expect(read.titles == EpubNavigationReader.entries(Array(soup.utf8), shape: .navigation).map(\.title))
        #expect(read.titles.count == 3)
    }

    /// Well-formed up to the stop, the reading stops there even when the rest would need the HTML parser;
    /// an NCX's `navMap` stops as a `toc` nav does.
    @Test func aStopBeforeBadXMLAndInAnNCX() {
        let lateSoup =
            Self.page + #"<nav epub:type="toc"><ol><li><a href="a.xhtml">One</a></li>"#
            + #"<li><a href="b.xhtml">Two</a></li><li><a href="c.xhtml">Three&nbsp;</a></li></ol></nav></body></html>"#
        let stopped = Self.entriesUntilB(lateSoup)
        #expect(stopped.titles == ["One", "Two"] && stopped.stoppedEarly)
        let ncx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
            <navPoint><navLabel><text>One</text></navLabel><content src="a.xhtml"/></navPoint>
            <navPoint><navLabel><text>Two</text></navLabel><content src="b.xhtml"/></navPoint>
            <navPoint><navLabel><text>Three</text></navLabel><content src="c.xhtml"/></navPoint>
            </navMap></ncx>
            """
        let read = EpubNavigationReader.entries(Array(ncx.utf8), shape: .ncx) { $0.href == "b.xhtml" }
        #expect(read.entries.map(\.title) == ["One", "Two"] && read.stoppedEarly)
    }

    /// A `nav` marked as another list (landmarks, a page list) is never the table of contents, even when
    /// it is the document's only `nav` (the book's NCX is read instead); an unmarked only `nav` still is.
    @Test func aNavMarkedAsAnotherListIsNeverTheTableOfContents() throws {
        let landmarks =
            Self.page + #"<nav epub:type="landmarks"><ol><li><a href="p.xhtml">Start</a></li></ol></nav></body></html>"#
        let pages =
            Self.page + #"<nav role="doc-pagelist"><ol><li><a href="p.xhtml#p1">1</a></li></ol></nav></body></html>"#
        let unmarked = Self.page + #"<nav><ol><li><a href="p.xhtml#a">One</a></li></ol></nav></body></html>"#
        #expect(try Self.points(landmarks).isEmpty)
        #expect(try Self.points(pages).isEmpty)
        #expect(try Self.points(unmarked) == [Self.point("One", "a", 0)])
    }

    /// A label's ruby is its base text: the reading (`rt`) and the parentheses a reader without ruby shows
    /// around it (`rp`) are left out, in the navigation document and the NCX alike.
    @Test func aLabelsRubyIsItsBaseText() throws {
        let document =
            Self.page + """
                <nav epub:type="toc"><ol>
                  <li><a href="p.xhtml#a"><ruby>羅生門<rp>（</rp><rt>らしょうもん</rt><rp>）</rp></ruby></a></li>
                  <li><a href="p.xhtml#b">吾輩は<ruby>猫<rt>ねこ</rt></ruby>である</a></li>
                  <li><span><ruby><rb>走</rb><rtc><rt>はし</rt></rtc></ruby>れメロス</span></li>
                </ol></nav></body></html>
                """
        #expect(
            try Self.points(document) == [
                Self.point("羅生門", "a", 0), Self.point("吾輩は猫である", "b", 0),
                Self.point("走れメロス", nil, 0, member: nil),
            ])
        let ncx = """
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint><navLabel>\
            <text>吾輩は<ruby>猫<rt>ねこ</rt></ruby>である</text></navLabel><content src="p.xhtml#b"/></navPoint>\
            </navMap></ncx>
            """
        #expect(try Self.points(ncx, ncx: true) == [Self.point("吾輩は猫である", "b", 0)])
    }
}
