import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Documents as they come: in a declared legacy encoding, UTF-16, without any declaration, on one huge
/// line; and the real XHTML pandoc writes into an EPUB.
@Suite struct XHTMLTextEncodingTests {
    /// 第一章 and 中文段落。 in GBK and in Big5.
    static let gbk = (
        heading: [0xB5, 0xDA, 0xD2, 0xBB, 0xD5, 0xC2] as [UInt8],
        paragraph: [0xD6, 0xD0, 0xCE, 0xC4, 0xB6, 0xCE, 0xC2, 0xE4, 0xA1, 0xA3] as [UInt8]
    )
    static let big5 = (
        heading: [0xB2, 0xC4, 0xA4, 0x40, 0xB3, 0xB9] as [UInt8],
        paragraph: [0xA4, 0xA4, 0xA4, 0xE5, 0xAC, 0x71, 0xB8, 0xA8, 0xA1, 0x43] as [UInt8]
    )

    static func document(start: String, heading: [UInt8], paragraph: [UInt8]) -> (bytes: [UInt8], starts: [Int]) {
        var bytes = Array((start + "<body><h1>").utf8)
        let headingStart = bytes.count
        bytes += heading + Array("</h1>\n<p>".utf8)
        let paragraphStart = bytes.count
        bytes += paragraph + Array("</p><p>&mdash;".utf8) + paragraph + Array("</p></body></html>".utf8)
        return (bytes, [headingStart, paragraphStart])
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\" encoding=\"GBK\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head></head>", true),
        ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=gbk\"/></head>", true),
        ("<?xml version='1.0' encoding='big5'?><html><head><title>t</title></head>", false),
        ("<!DOCTYPE html><html><head><meta charset=\"Big5\"></head>", false),
    ])
    func aDeclaredLegacyEncodingIsDecodedAndMappedBack(start: String, isGBK: Bool) {
        let sample = isGBK ? Self.gbk : Self.big5
        let (bytes, starts) = Self.document(start: start, heading: sample.heading, paragraph: sample.paragraph)
        let text = XHTMLText.extract(bytes)
        #expect(String(decoding: text.utf8, as: UTF8.self) == "第一章\n\n中文段落。\n—中文段落。\n")
        #expect(text.sourceOffset(ofText: 0) == starts[0])
        #expect(text.sourceOffset(ofText: "第一章\n\n".utf8.count) == starts[1])
    }

    @Test func utf16WithItsByteOrderMarkIsRead() {
        let xhtml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><html><body><p>Hello</p><p>世界</p></body></html>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in xhtml.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let text = XHTMLText.extract(bytes)
        #expect(String(decoding: text.utf8, as: UTF8.self) == "Hello\n世界\n")
        let hello =
            2 + 2
            * xhtml.utf16.distance(
                from: xhtml.utf16.startIndex, to: xhtml.range(of: "Hello")!.lowerBound.samePosition(in: xhtml.utf16)!)
        #expect(text.sourceOffset(ofText: 0) == hello)
    }

    @Test func anUndeclaredDocumentIsUTF8AndLatin1OnlyWhenItIsNotUTF8() {
        #expect(XHTMLTextTests.text("<html><body><p>中文 café</p></body></html>") == "中文 café\n")
        let latin1: [UInt8] = Array("<html><body><p>caf".utf8) + [0xE9] + Array("</p></body></html>".utf8)
        #expect(String(decoding: XHTMLText.extract(latin1).utf8, as: UTF8.self) == "café\n")
    }

    /// A CJK chapter is often one line of 2 MB: the parse stays linear and every paragraph still maps
    /// to its own element.
    @Test func aHugeSingleLineDocumentIsReadInLinearTimeAndMapsExactly() {
        var xhtml = "<?xml version=\"1.0\" encoding=\"utf-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
        var paragraphStarts: [Int] = []
        var index = 0
        while xhtml.utf8.count < 2_000_000 {
            xhtml += "<p class=\"p\">"
            paragraphStarts.append(xhtml.utf8.count)
            xhtml += "第\(index)段：天色渐晚，&ldquo;走吧&rdquo;他说。" + String(repeating: "风吹过山岗，", count: index % 40) + "</p>"
            index += 1
        }
        xhtml += "</body></html>"
        let bytes = Array(xhtml.utf8)
        let clock = ContinuousClock()
        var text = XHTMLText(utf8: [], sourceOffsets: [], styles: [], anchors: [:], links: [], notes: [:])
        let elapsed = clock.measure { text = XHTMLText.extract(bytes) }
        #expect(elapsed < .seconds(2), "2 MB took \(elapsed)")
        var lineStart = 0
        var paragraph = 0
        for (offset, byte) in text.utf8.enumerated() where byte == 0x0A {
            let source = text.sourceOffset(ofText: lineStart)
            #expect(source == paragraphStarts[paragraph])
            lineStart = offset + 1
            paragraph += 1
        }
        #expect(paragraph == paragraphStarts.count)
    }

    /// What pandoc writes into an EPUB 3 from Markdown: sections, a footnote section, a table.
    @Test(.enabled(if: Self.pandocIsThere, "pandoc is absent: pandoc-made XHTML not tested"))
    func pandocsEpubChapterIsReadIntoParagraphs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let markdown = """
            # Chapter One

            It was a *dark* and **stormy** night; the rain fell in torrents.[^1]

            > A quotation, set apart.

            - first item
            - second item

            | Name | 数量 |
            |------|------|
            | 苹果 | 3 |

            [^1]: Except at occasional intervals.

            # 第二章 风起

            　　天色渐晚，他们走进了村子。

            """
        let input = try directory.write("book.md", markdown)
        let epub = directory.path + "/book.epub"
        let made = try NovelBinary.run(
            [
                "-c",
                "pandoc --to epub3 --metadata title=Test -o \"$1\" \"$2\" && unzip -p \"$1\" EPUB/text/ch001.xhtml",
                "sh", epub, input,
            ],
            shellInstead: true)
        try #require(made.status == 0, "\(made.stderr)")
        let bytes = Array(made.stdout.utf8)
        let text = XHTMLText.extract(bytes)
        let string = String(decoding: text.utf8, as: UTF8.self)
        #expect(
            string == """
                Chapter One

                It was a dark and stormy night; the rain fell in torrents.1
                  A quotation, set apart.
                • first item
                • second item

                Name  数量
                苹果  3

                * * *

                1. Except at occasional intervals.↩︎

                """)
        #expect(text.anchors["chapter-one"] == 0)
        let note = try #require(text.links.first { $0.isNoteReference })
        #expect(note.href == "#fn1")
        #expect(
            text.notes["fn1"].map { String(decoding: text.utf8[$0], as: UTF8.self) }
                == "1. Except at occasional intervals.↩︎")
        #expect(text.styles.map { String(decoding: text.utf8[$0.range], as: UTF8.self) } == ["dark", "stormy"])
        // each line's first bytes are the document's bytes at the offset they map to
        var lineStart = 0
        for line in string.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { lineStart += line.utf8.count + 1 }
            let word = line.drop { $0 == " " || $0 == "•" }.prefix(2)
            guard !word.isEmpty, !line.hasPrefix("*"), !line.hasPrefix("1.") else { continue }
            let wordStart = lineStart + line.utf8.count - line.drop { $0 == " " || $0 == "•" }.utf8.count
            let source = text.sourceOffset(ofText: wordStart)
            #expect(Array(bytes[source...].prefix(word.utf8.count)) == Array(word.utf8), "\(line)")
        }
    }

    static var pandocIsThere: Bool {
        let there =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/pandoc")
            || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/pandoc")
            }
        if !there { print("note: pandoc is absent: pandoc-made XHTML not tested") }
        return there
    }
}
