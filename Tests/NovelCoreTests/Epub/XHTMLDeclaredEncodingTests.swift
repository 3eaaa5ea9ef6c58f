import Testing

@testable import NovelCore

/// The encoding a content document is read in (`XHTMLDeclaredEncoding`), chosen from its first bytes alone,
/// as a first screen reads only the start of a long document: the start never chooses other than the whole
/// document, and where it chose, the text read from it is the start of the whole document's text. A name
/// that is wrong is overruled by the bytes, and a stray byte that is not UTF-8 changes nothing else.
@Suite struct XHTMLDeclaredEncodingTests {
    /// One of the documents below: how it starts, its paragraphs, and bytes put in after the 300th.
    struct Sample: CustomTestStringConvertible, Sendable {
        let name: String
        let head: [UInt8]
        let paragraph: [UInt8]
        var late: [UInt8] = []
        /// `encoding(of:)` of the whole document.
        let whole: String?
        /// The choice of its first `sniffLength` bytes.
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
            whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "no declaration", head: Array(html.utf8), paragraph: utf8Paragraph, whole: "UTF-8",
            start: .decided("UTF-8")),
        Sample(
            name: "UTF-8 byte order mark", head: [0xEF, 0xBB, 0xBF] + Array((declared("utf-8") + html).utf8),
            paragraph: utf8Paragraph, whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "declared UTF-8, a Latin-1 byte late", head: Array((declared("UTF-8") + html).utf8),
            paragraph: utf8Paragraph, late: Array("caf".utf8) + [0xE9], whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "no declaration, GBK late", head: Array(html.utf8), paragraph: utf8Paragraph, late: gbkParagraph,
            whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "declared UTF-8, a NUL late", head: Array((declared("UTF-8") + html).utf8),
            paragraph: utf8Paragraph, late: [0x00], whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "declared GBK, written in UTF-8", head: Array((declared("GBK") + html).utf8),
            paragraph: utf8Paragraph, whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "declared GBK", head: Array((declared("gbk") + html).utf8), paragraph: gbkParagraph,
            whole: "GB18030", start: .decided("GB18030")),
        Sample(
            name: "declared UTF-8, written in GBK", head: Array((declared("UTF-8") + html).utf8),
            paragraph: gbkParagraph, whole: "GB18030", start: .decided("GB18030")),
        Sample(
            name: "meta charset, no declaration",
            head: Array("<html><head><meta charset=\"gbk\"/><title>t</title></head><body>\n".utf8),
            paragraph: gbkParagraph, whole: "GB18030", start: .decided("GB18030")),
        Sample(
            name: "declared UTF-8 and a meta charset",
            head: Array(
                (declared("utf-8")
                    + "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"/></head><body>")
                    .utf8), paragraph: utf8Paragraph, whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "a meta charset past the prescan, a Latin-1 byte late", head: Array(lateMeta.utf8),
            paragraph: utf8Paragraph, late: [0xE9], whole: "UTF-8", start: .decided("UTF-8")),
        Sample(
            name: "declared UTF-8, a meta charset past the prescan, a Latin-1 byte late",
            head: Array((declared("UTF-8") + lateMeta).utf8), paragraph: utf8Paragraph, late: [0xE9], whole: "UTF-8",
            start: .decided("UTF-8")),
    ]

    @Test(arguments: samples)
    func theStartNeverChoosesOtherThanTheWholeDocument(sample: Sample) {
        let bytes = sample.bytes
        #expect(XHTMLDeclaredEncoding.encoding(of: bytes) == sample.whole)
        let sniffed = Array(bytes.prefix(XHTMLDeclaredEncoding.sniffLength))
        #expect(XHTMLDeclaredEncoding.choice(of: sniffed, isWhole: false) == sample.start)
        for count in Array(stride(from: 0, to: bytes.count, by: 97)) + [bytes.count - 1] {
            switch XHTMLDeclaredEncoding.choice(of: Array(bytes.prefix(count)), isWhole: false) {
            case .decided(let encoding): #expect(encoding == sample.whole, "\(count) bytes")
            case .undecided: #expect(count < XHTMLDeclaredEncoding.sniffLength)
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
        case .decided(.some): #expect(taken > 5)
        case .decided(nil), .undecided: #expect(taken == 0)
        }
    }

    /// A stray byte that is not UTF-8 in a UTF-8 document is read as `?`, one byte for one, and changes
    /// nothing else: the rest of the document is still read in UTF-8 (left to itself, libxml2 reads all of
    /// it in Latin-1), and every position stays where it was.
    @Test(arguments: ["declared UTF-8, a Latin-1 byte late", "no declaration, GBK late", "declared UTF-8"])
    func aStrayByteIsReadAsAQuestionMarkAndNothingElseChanges(name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let text = XHTMLText.extract(sample.bytes)
        let shown = String(decoding: text.utf8, as: UTF8.self)
        #expect(shown.hasPrefix("0 他提着灯") && shown.contains("399 他提着灯"), "read in UTF-8 to the end")
        guard let repaired = UTF8Repair.repaired(sample.bytes) else {
            #expect(sample.late.isEmpty, "only a document without a stray byte needs no repair")
            return
        }
        #expect(repaired.count == sample.bytes.count)
        let changed = zip(repaired, sample.bytes).filter { $0 != $1 }.count
        #expect(changed > 0 && changed <= sample.late.count { $0 >= 0x80 }, "only the stray bytes change")
        #expect(text == XHTMLText.extract(repaired), "the same text and positions as the repaired bytes'")
        #expect(shown.contains("caf?") || shown.contains("?????"))
    }

    /// A name that is wrong does not lose the text: a document declared GBK but written in UTF-8 is read in
    /// UTF-8 to its end, and one declared UTF-8 but written in GBK is read in GBK (GB18030, its superset).
    @Test(arguments: [
        ("declared GBK, written in UTF-8", "399 他提着灯走过长街"),
        ("declared UTF-8, written in GBK", "399 第一章中文段落。"),
        ("declared GBK", "399 第一章中文段落。"),
        ("meta charset, no declaration", "399 第一章中文段落。"),
    ])
    func aWrongNameLosesNoText(name: String, last: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let shown = String(decoding: XHTMLText.extract(sample.bytes).utf8, as: UTF8.self)
        #expect(shown.contains(last), "\(shown.suffix(200))")
        #expect(shown.split(separator: "\n").count >= 400)
    }

    /// A GB18030 character that GBK lacks (a four-byte one) is read under a GBK name too.
    @Test func aGBKNameReadsGB18030() {
        let ideograph: [UInt8] = [0x95, 0x32, 0x82, 0x36]  // U+20000 𠀀
        var bytes = Array((Self.declared("GBK") + "<html><body><p>").utf8) + ideograph
        bytes += XHTMLTextEncodingTests.gbk.paragraph + Array("</p></body></html>".utf8)
        #expect(String(decoding: XHTMLText.extract(bytes).utf8, as: UTF8.self) == "𠀀中文段落。\n")
    }
}
