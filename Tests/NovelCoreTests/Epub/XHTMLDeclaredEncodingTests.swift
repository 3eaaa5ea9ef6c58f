import Testing

@testable import NovelCore

/// The encoding a content document is read in (`XHTMLDeclaredEncoding`), chosen from its first bytes alone
/// where they can tell it, as a first screen reads only the start of a long document: the start never
/// chooses other than the whole document, and where it says it is read in UTF-8 whatever follows, or chose,
/// the text read from it is the start of the whole document's text. A UTF-8 start without an XML
/// declaration, or naming a charset, cannot tell: a byte that is not UTF-8 later in the document changes
/// how libxml2 reads its start.
@Suite struct XHTMLDeclaredEncodingTests {
    /// One of the documents below: how it starts, its paragraphs, and bytes put in after the 300th.
    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let head: [UInt8]
        let paragraph: [UInt8]
        var late: [UInt8] = []
        /// `encoding(of:)` of the whole document.
        let whole: String?
        /// The choice of its first 4096 bytes.
        let start: XHTMLDeclaredEncoding.Choice

        var testDescription: String { name }

        /// 400 paragraphs, each with an id, emphasis and an entity, the `late` bytes after the 300th.
        var bytes: [UInt8] {
            var bytes = head
            for number in 0..<400 {
                bytes += Array("<p id=\"p\(number)\">\(number) <b>".utf8) + paragraph + Array("</b> &mdash; ".utf8)
                bytes += paragraph + Array("</p>\n".utf8)
                if number == 300 { bytes += Array("<p>".utf8) + late + Array("</p>\n".utf8) }
            }
            return bytes + Array("</body></html>\n".utf8)
        }
    }

    static let utf8Paragraph = Array("他提着灯走过长街，风吹得灯火忽明忽暗。Words of a paragraph.".utf8)
    static let gbkParagraph = XHTMLTextEncodingTests.gbk.heading + XHTMLTextEncodingTests.gbk.paragraph
    static let html = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>\n"
    static func declared(_ encoding: String) -> String { "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n" }
    /// A head longer than the 1024 bytes a `meta` charset is looked for in, then one.
    static let lateMeta =
        "<html><head><title>t</title><style>" + String(repeating: "p { margin: 0 } ", count: 80)
        + "</style><meta charset=\"windows-1252\"/></head><body>\n"

    static let samples: [Sample] = [
        Sample(
            name: "declared UTF-8", head: Array((declared("UTF-8") + html).utf8), paragraph: utf8Paragraph,
            whole: "UTF-8", start: .startReadsAsUTF8),
        Sample(
            name: "no declaration", head: Array(html.utf8), paragraph: utf8Paragraph, whole: "UTF-8",
            start: .undecided),
        Sample(
            name: "UTF-8 byte order mark", head: [0xEF, 0xBB, 0xBF] + Array((declared("utf-8") + html).utf8),
            paragraph: utf8Paragraph, whole: "UTF-8", start: .startReadsAsUTF8),
        Sample(
            name: "declared UTF-8, a Latin-1 byte late", head: Array((declared("UTF-8") + html).utf8),
            paragraph: utf8Paragraph, late: Array("caf".utf8) + [0xE9], whole: nil, start: .startReadsAsUTF8),
        Sample(
            name: "no declaration, GBK late", head: Array(html.utf8), paragraph: utf8Paragraph, late: gbkParagraph,
            whole: nil, start: .undecided),
        Sample(
            name: "declared UTF-8, a NUL late", head: Array((declared("UTF-8") + html).utf8),
            paragraph: utf8Paragraph, late: [0x00], whole: nil, start: .startReadsAsUTF8),
        Sample(
            name: "declared GBK, written in UTF-8", head: Array((declared("GBK") + html).utf8),
            paragraph: utf8Paragraph, whole: "GBK", start: .decided("GBK")),
        Sample(
            name: "declared GBK", head: Array((declared("gbk") + html).utf8), paragraph: gbkParagraph,
            whole: "gbk", start: .decided("gbk")),
        Sample(
            name: "declared UTF-8, written in GBK", head: Array((declared("UTF-8") + html).utf8),
            paragraph: gbkParagraph, whole: nil, start: .decided(nil)),
        Sample(
            name: "meta charset, no declaration",
            head: Array("<html><head><meta charset=\"gbk\"/><title>t</title></head><body>\n".utf8),
            paragraph: gbkParagraph, whole: nil, start: .decided(nil)),
        Sample(
            name: "declared UTF-8 and a meta charset",
            head: Array(
                (declared("utf-8")
                    + "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"/></head><body>")
                    .utf8), paragraph: utf8Paragraph, whole: "UTF-8", start: .undecided),
        Sample(
            name: "a meta charset past the prescan, a Latin-1 byte late", head: Array(lateMeta.utf8),
            paragraph: utf8Paragraph, late: [0xE9], whole: nil, start: .undecided),
        Sample(
            name: "declared UTF-8, a meta charset past the prescan, a Latin-1 byte late",
            head: Array((declared("UTF-8") + lateMeta).utf8), paragraph: utf8Paragraph, late: [0xE9], whole: nil,
            start: .undecided),
    ]

    @Test(arguments: samples)
    func theStartNeverChoosesOtherThanTheWholeDocument(sample: Sample) {
        let bytes = sample.bytes
        #expect(XHTMLDeclaredEncoding.encoding(of: bytes) == sample.whole)
        #expect(XHTMLDeclaredEncoding.choice(of: Array(bytes.prefix(4096)), isWhole: false) == sample.start)
        for count in Array(stride(from: 0, to: bytes.count, by: 97)) + [bytes.count - 1] {
            switch XHTMLDeclaredEncoding.choice(of: Array(bytes.prefix(count)), isWhole: false) {
            case .decided(let encoding): #expect(encoding == sample.whole, "\(count) bytes")
            case .startReadsAsUTF8: #expect(sample.whole == "UTF-8" || sample.whole == nil, "\(count) bytes")
            case .undecided: #expect(count < XHTMLDeclaredEncoding.headLength || sample.start == .undecided)
            }
        }
    }

    /// UTF-16 is told by its byte order mark, whatever follows.
    @Test func aByteOrderMarkDecidesAtOnce() {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<html><body><p>世界</p></body></html>".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(XHTMLDeclaredEncoding.encoding(of: bytes) == nil)
        #expect(XHTMLDeclaredEncoding.choice(of: Array(bytes.prefix(2)), isWhole: false) == .decided(nil))
    }

    /// A document read from its first bytes alone (`XHTMLText.extractStart(firstRead:)`) gives the start of
    /// the whole document's text with everything that points into it, or nothing; and it gives something
    /// wherever the first bytes tell the encoding, a declared one that is wrong included.
    @Test(arguments: samples)
    func aFirstReadGivesTheWholeDocumentsStartOrNothing(sample: Sample) {
        let bytes = sample.bytes
        let whole = XHTMLText.extract(bytes)
        var taken = 0
        for minimum in stride(from: 1, to: whole.utf8.count / 2, by: 4999) {
            for count in stride(from: 512, to: bytes.count, by: 2401) {
                guard
                    let start = XHTMLText.extractStart(
                        firstRead: Array(bytes.prefix(count)), options: XHTMLTextOptions(), minimum: minimum)
                else { continue }
                taken += 1
                #expect(start.utf8.count >= minimum)
                #expect(whole.utf8.starts(with: start.utf8), "minimum \(minimum), \(count) bytes")
                for (id, offset) in start.anchors { #expect(whole.anchors[id] == offset) }
                let clipped = whole.styles.map { $0.range.clamped(to: 0..<start.utf8.count) }.filter { !$0.isEmpty }
                #expect(start.styles.map(\.range) == clipped)
                for offset in stride(from: 0, to: start.utf8.count, by: 331) {
                    #expect(start.sourceOffset(ofText: offset) == whole.sourceOffset(ofText: offset))
                }
            }
        }
        switch sample.start {
        case .decided(.some), .startReadsAsUTF8: #expect(taken > 5)
        case .decided(nil), .undecided: #expect(taken == 0)
        }
    }

    /// Why a UTF-8 start without an XML declaration, or naming a charset, cannot tell: where a byte later in
    /// the document is not UTF-8, libxml2 chooses for the whole document, and reads its first paragraph
    /// otherwise than UTF-8 would (Latin-1 from the first byte past ASCII, or the charset named at the
    /// `meta`). With an XML declaration and no charset named, it reads the start in UTF-8 all the same.
    @Test(arguments: [
        ("no declaration, GBK late", false),
        ("declared UTF-8, a meta charset past the prescan, a Latin-1 byte late", false),
        ("declared UTF-8, a Latin-1 byte late", true),
    ])
    func aByteLateInTheDocumentChangesTheReadingOfItsStartUnlessItIsDeclared(name: String, isReadInUTF8: Bool) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let bytes = sample.bytes
        #expect(sample.whole == nil)
        let whole = XHTMLText.extract(bytes)
        let (asUTF8, stop) = XHTMLText.extractStart(bytes, encoding: "UTF-8", options: XHTMLTextOptions(), minimum: 100)
        #expect(stop != nil)
        #expect(whole.utf8.starts(with: asUTF8.utf8) == isReadInUTF8)
        #expect(String(decoding: asUTF8.utf8, as: UTF8.self).hasPrefix("0 他提着灯"))
    }
}
