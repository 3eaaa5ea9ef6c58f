import Testing

@testable import NovelCore

/// The parser reads a huge document's bytes in libxml2's copy of them, not in one of its own
/// (`XHTMLParser.letGoOfReadBytes`): the text and its map back to the document are those of a small one.
@Suite struct XHTMLParserTests {
    /// A paragraph of ASCII text with a control byte every few letters, which libxml2 leaves out of the
    /// text, so that mapping each byte back walks the document's bytes beside the text.
    static let lastParagraph: String = {
        let letters = (0..<480).map { (index: Int) -> String in
            let letter = Character(UnicodeScalar(UInt8(0x61 + index % 26)))
            return "ab\(letter)\u{01}"
        }
        return "<p>" + letters.joined() + "</p>"
    }()

    static func page(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>
            <body>\(body)</body></html>
            """.utf8)
    }

    /// Each byte of the text from `textStart` on, mapped back to the document and counted from `sourceStart`.
    static func places(_ text: XHTMLText, from textStart: Int, sourceStart: Int) -> [Int] {
        (textStart..<text.utf8.count).map { text.sourceOffset(ofText: $0) - sourceStart }
    }

    /// libxml2 2.9 lets go of the bytes it has read within the input's last 500 bytes, so a run of text
    /// begun before then is read in the bytes the parser keeps of the document's end.
    @Test func aHugeDocumentsLastRunsMapAsInASmallOne() throws {
        let filler = String(repeating: "<p>第一章 正文一段。</p>\n", count: 3 * XHTMLParser.keptTailLength / 30)
        let small = Self.page(Self.lastParagraph)
        let huge = Self.page(filler + Self.lastParagraph)
        #expect(huge.count > 2 * XHTMLParser.keptTailLength)
        let smallText = XHTMLText.extract(small)
        let hugeText = XHTMLText.extract(huge)
        let paragraph = Array(Self.lastParagraph.utf8)
        let smallStart = try #require(small.firstRange(of: paragraph)).lowerBound
        let hugeStart = try #require(huge.firstRange(of: paragraph)).lowerBound
        let ownText = Array(String(decoding: smallText.utf8, as: UTF8.self).split(separator: "\n").last!.utf8)
        #expect(ownText.count == 480 * 3)
        let hugeTextStart = try #require(hugeText.utf8.lastRange(of: ownText)).lowerBound
        #expect(hugeTextStart == hugeText.utf8.count - ownText.count - 1)
        let smallPlaces = Self.places(smallText, from: 0, sourceStart: smallStart)
        let hugePlaces = Self.places(hugeText, from: hugeTextStart, sourceStart: hugeStart)
        #expect(hugePlaces == smallPlaces)
        // and each letter maps to itself in the document
        for (index, byte) in ownText.enumerated() {
            #expect(huge[hugeStart + hugePlaces[index]] == byte, "byte \(index)")
            if huge[hugeStart + hugePlaces[index]] != byte { break }
        }
    }

    /// A huge document in another encoding, named to the parser, is read through libxml2's encoder alone:
    /// every paragraph still maps back to its bytes.
    @Test func aHugeDocumentInANamedEncodingMapsEachParagraph() {
        let paragraph = XHTMLTextEncodingTests.gbk.paragraph
        var bytes = Array("<?xml version=\"1.0\" encoding=\"GBK\"?>\n<html><head><title>t</title></head><body>".utf8)
        var starts: [Int] = []
        for _ in 0..<5000 {
            bytes += Array("<p>".utf8)
            starts.append(bytes.count)
            bytes += paragraph + Array("</p>\n".utf8)
        }
        bytes += Array("</body></html>".utf8)
        #expect(bytes.count > XHTMLParser.keptTailLength)
        let text = XHTMLText.extract(bytes)
        let line = Array("中文段落。\n".utf8)
        #expect(text.utf8 == Array(Array(repeating: line, count: 5000).joined()))
        let places = starts.indices.map { text.sourceOffset(ofText: $0 * line.count) }
        #expect(places == starts)
    }
}
