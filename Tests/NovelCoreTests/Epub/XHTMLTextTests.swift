import Testing

@testable import NovelCore

/// The text of a content document: blocks one a line, whitespace collapsed, entities decoded, tag soup
/// mended, and each paragraph's text mapped back to its bytes in the document.
@Suite struct XHTMLTextTests {
    static func text(_ xhtml: String, options: XHTMLTextOptions = XHTMLTextOptions()) -> String {
        String(decoding: XHTMLText.extract(Array(xhtml.utf8), options: options).utf8, as: UTF8.self)
    }

    static func page(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
        <head><title>Chapter title not read</title><style>p { margin: 0 }</style></head>
        <body>\(body)</body>
        </html>
        """
    }

    @Test func paragraphsAreOneLineEachAndHeadingsStandApart() {
        let xhtml = Self.page(
            """
            <h1>Chapter
              One</h1>
            <p>The first   paragraph,
            written over two lines.</p>
            <p>The second.</p>
            <h2>Part</h2><p>After.</p>
            """)
        #expect(
            Self.text(xhtml)
                == "Chapter One\n\nThe first paragraph, written over two lines.\nThe second.\n\nPart\n\nAfter.\n")
    }

    /// A `br` keeps the next line inside its paragraph (a line separator, not a paragraph's line feed);
    /// at a paragraph's end it adds nothing.
    @Test func aLineBreakEndsTheLineInsideItsParagraph() {
        #expect(
            Self.text(Self.page("<p>Roses are red,<br/>violets are blue.<br/></p><p>Next</p>"))
                == "Roses are red,\u{2028}violets are blue.\nNext\n")
    }

    @Test func entitiesAreDecodedEvenUndeclared() {
        let xhtml = Self.page("<p>A&nbsp;B &mdash; C &amp; D &#x4E2D;&#25991; &hellip;&rsquo;</p>")
        #expect(Self.text(xhtml) == "A\u{A0}B — C & D 中文 …’\n")
    }

    @Test func tagSoupIsMended() {
        let html = "<html><body><p>One<p>Two <b>bold <i>both</b> italic</i><div>Three</span></div>Four"
        #expect(Self.text(html) == "One\nTwo bold both italic\nThree\nFour\n")
    }

    @Test func eachParagraphsFirstByteMapsIntoItsElement() {
        let xhtml = Self.page("<p>Alpha &amp; beta.</p>\n<p class=\"x\">  Gamma.</p><h1>第一章</h1><p>正文&mdash;开始。</p>")
        let bytes = Array(xhtml.utf8)
        let text = XHTMLText.extract(bytes)
        let lines = String(decoding: text.utf8, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var offset = 0
        for line in lines {
            defer { offset += line.utf8.count + 1 }
            guard !line.isEmpty else { continue }
            let source = text.sourceOffset(ofText: offset)
            let firstWord = String(line.prefix(2))
            #expect(Array(bytes[source..<source + firstWord.utf8.count]) == Array(firstWord.utf8), "\(line)")
        }
        // after an entity, the map is still exact
        let beta = Array("beta".utf8)
        let textBeta = text.utf8.firstRange(of: beta)!.lowerBound
        #expect(Array(bytes[text.sourceOffset(ofText: textBeta)...].prefix(4)) == beta)
    }
}

/// The text's shape suits the layouter: paragraphs one a line are never taken for a hard-wrapped text,
/// whose lines reflow would join.
@Suite struct XHTMLTextShapeTests {
    static func chapter(_ paragraphs: [String]) -> [UInt8] {
        XHTMLText.extract(Array(XHTMLTextTests.page(paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n")).utf8))
            .utf8
    }

    @Test func englishAndChineseChaptersAreNotTakenForHardWrappedText() {
        let english = (0..<300).map { index -> String in
            switch index % 4 {
            case 0: "“Where are you going?” asked Tom."
            case 1:
                "She did not answer at once, but looked out over the grey water where the boats lay at anchor, and"
                    + String(repeating: " the wind came in cold from the sea", count: 1 + index % 5) + "."
            case 2: "“Home,” she said."
            default: "They walked on together" + String(repeating: " along the harbour wall", count: index % 3) + "."
            }
        }
        let chinese = (0..<300).map { index -> String in
            switch index % 3 {
            case 0: "“你要去哪里？”他问。"
            case 1: "　　她没有立刻回答，只是望着远处灰色的海面" + String(repeating: "，风从海上吹来，冷得刺骨", count: 1 + index % 6) + "。"
            default: "“回家。”"
            }
        }
        for text in [Self.chapter(english), Self.chapter(chinese)] {
            let profile = text.withUnsafeBufferPointer { TextProfile.analyse($0) }
            #expect(!profile.isHardWrapped, "\(profile.reason)")
        }
    }
}
