import Testing

@testable import NovelCore

/// The start of a content document's text (`XHTMLText.extractStart`): the parse stops at a block end past
/// the text asked for, and what it gives is the start of the whole document's text, wherever it stops.
@Suite struct XHTMLTextStartTests {
    /// A document with what a cut must not split: a table (laid out at its end), ruby, lists, links,
    /// notes, ids on empty elements, preformatted text, hidden text, nested blocks and line breaks.
    static let body = """
        <h1 id="top">Chapter One</h1>
        <p>Plain text with <b>bold</b> and <a href="#n1" epub:type="noteref">1</a> a note mark.</p>
        <div><p id="p2">A paragraph inside a <i>division</i>,</p><p>and another<br/>with a break.</p></div>
        <table><tr><td>cell one</td><td>a longer cell two</td></tr><tr><td>three</td><td>four</td></tr></table>
        <p>東京<ruby>漢字<rt>かんじ</rt></ruby>の読み。</p>
        <ul><li><p>first item</p></li><li>second <a href="other.xhtml#x">link</a> item</li></ul>
        <ol><li>one</li><li>two</li></ol>
        <a id="waiting"></a>
        <blockquote><p>Quoted words,</p><p>quoted again.</p></blockquote>
        <pre>  kept   as
          it is</pre>
        <p style="display:none">hidden words</p>
        <aside epub:type="footnote" id="n1"><p>The note's text.</p></aside>
        <h2 id="c2">Chapter Two</h2>
        <p>Last paragraph &mdash; with an entity.</p>
        """

    static let bytes = Array(XHTMLTextTests.page(body).utf8)

    @Test func everyCutIsAStartOfTheWholeText() throws {
        let whole = XHTMLText.extract(Self.bytes)
        var cuts: Set<Int> = []
        for minimum in 0...whole.utf8.count + 1 {
            let (start, isWhole) = XHTMLText.extractStart(Self.bytes, minimum: minimum)
            #expect(whole.utf8.starts(with: start.utf8), "minimum \(minimum)")
            #expect(start.utf8.count >= min(minimum, whole.utf8.count), "minimum \(minimum)")
            if isWhole {
                #expect(start.utf8 == whole.utf8, "minimum \(minimum)")
                continue
            }
            cuts.insert(start.utf8.count)
            // Cut after a block's line end, where the whole text's next block begins (or after the last block,
            // where only closing tags were left).
            #expect(start.utf8.last == 0x0A, "minimum \(minimum)")
            // What points into the text read is where it is in the whole text.
            for (id, offset) in start.anchors { #expect(whole.anchors[id] == offset, "\(id) at \(minimum)") }
            let wholeStyles = whole.styles.map { $0.range.clamped(to: 0..<start.utf8.count) }.filter { !$0.isEmpty }
            #expect(start.styles.map(\.range) == wholeStyles, "minimum \(minimum)")
            #expect(start.links.map(\.range) == Array(whole.links.map(\.range).prefix(start.links.count)))
        }
        // The cut falls at several block ends, never in the table, ruby, a list or the note.
        #expect(cuts.count >= 5)
        let string = String(decoding: whole.utf8, as: UTF8.self)
        for (from, to) in [("cell one", "four"), ("漢字", "読み"), ("first item", "link item"), ("The note", "text.")] {
            let start = try #require(string.range(of: from))
            let end = try #require(string.range(of: to, range: start.upperBound..<string.endIndex))
            let inside = string.utf8.distance(from: string.startIndex, to: start.lowerBound) + 1
            let last = string.utf8.distance(from: string.startIndex, to: end.upperBound)
            #expect(cuts.allSatisfy { !(inside...last).contains($0) }, "cut inside \(from) … \(to)")
        }
    }

    @Test func aLongDocumentIsParsedOnlyToTheCut() {
        let paragraph = "<p>Words of a long chapter, one paragraph after another, as a part of sixty chapters.</p>\n"
        let long = Array(XHTMLTextTests.page(String(repeating: paragraph, count: 5000)).utf8)
        let whole = XHTMLText.extract(long)
        let (start, isWhole) = XHTMLText.extractStart(long, minimum: 1000)
        #expect(!isWhole)
        #expect(start.utf8.count >= 1000 && start.utf8.count < 1000 + paragraph.utf8.count)
        #expect(whole.utf8.starts(with: start.utf8))
        // The source map ends where the parse stopped, not at the document's end.
        let reached = start.sourceOffsets.last?.sourceOffset ?? 0
        #expect(reached < 2 * 1000 + 2 * paragraph.utf8.count)
        #expect(start.sourceOffset(ofText: 500) == whole.sourceOffset(ofText: 500))
    }

    /// A document of which only the first bytes were read (`EpubArchive.readStart`) gives exactly the start
    /// the whole document gives, or nothing when its bytes end too near the cut: in UTF-8, and in GBK, whose
    /// choice of encoding is the whole document's (told, as `EpubSpineRecord` keeps it).
    @Test(arguments: [false, true])
    func aDocumentReadInPartGivesTheWholeDocumentsStartOrNothing(gbk: Bool) {
        let bytes: [UInt8]
        if gbk {
            var document = Array(
                "<?xml version=\"1.0\" encoding=\"GBK\"?>\n<html><head><title>t</title></head><body>\n".utf8)
            for number in 0..<400 {
                document += Array("<h2 id=\"c\(number)\">".utf8) + XHTMLTextEncodingTests.gbk.heading
                document += Array("</h2>\n<p>".utf8) + XHTMLTextEncodingTests.gbk.paragraph + Array(" <b>".utf8)
                document += XHTMLTextEncodingTests.gbk.paragraph + Array("</b></p>\n".utf8)
            }
            bytes = document + Array("</body></html>\n".utf8)
        } else {
            bytes = Array(XHTMLTextTests.page(String(repeating: Self.body, count: 30)).utf8)
        }
        let encoding = XHTMLDeclaredEncoding.encoding(of: bytes)
        #expect((encoding == "GB18030") == gbk)
        let options = XHTMLTextOptions()
        let whole = XHTMLText.extract(bytes)
        var taken = 0
        for minimum in stride(from: 1, to: whole.utf8.count, by: 1999) {
            let (expected, stop) = XHTMLText.extractStart(bytes, encoding: encoding, options: options, minimum: minimum)
            #expect(stop != nil)
            for count in stride(from: 64, through: bytes.count, by: 1201) {
                guard
                    let start = XHTMLText.extractStart(
                        readStart: Array(bytes.prefix(count)), encoding: encoding, options: options, minimum: minimum)
                else { continue }
                taken += 1
                #expect(start == expected, "minimum \(minimum), \(count) bytes")
                #expect(whole.utf8.starts(with: start.utf8))
            }
        }
        #expect(taken > 20)
    }

    /// Where libxml2 chooses the encoding itself (a UTF-16 byte order mark), a start read alone gives
    /// nothing: the document is read whole.
    @Test func aDocumentWhoseEncodingTheParserChoosesIsNotReadInPart() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        let xhtml = "<html><body>" + String(repeating: "<p>Words of a paragraph, one after another.</p>\n", count: 500)
        for unit in (xhtml + "</body></html>").utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let encoding = XHTMLDeclaredEncoding.encoding(of: bytes)
        #expect(encoding == nil)
        #expect(
            XHTMLText.extractStart(
                readStart: Array(bytes.prefix(bytes.count / 2)), encoding: encoding, options: XHTMLTextOptions(),
                minimum: 100) == nil)
        #expect(XHTMLDeclaredEncoding.choice(of: Array(bytes.prefix(4)), isWhole: false) == .decided(nil))
    }
}
