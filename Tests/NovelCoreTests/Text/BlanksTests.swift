import Testing

@testable import NovelCore

/// The one blank rule: space, TAB, CR and U+3000 at a line's edges, a line feed too across lines, and the
/// scalar form agreeing with the byte form.
@Suite struct BlanksTests {
    static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let range = Blanks.trimmed(buffer, 0..<buffer.count)
            return String(decoding: buffer[range], as: UTF8.self)
        }
    }

    @Test(arguments: [
        ("　　第一章　开始　", "第一章　开始"),  // the indent of Chinese paragraphs, and a blank inside kept
        (" \t 第二回\r", "第二回"),
        ("\r\t　", ""),
        ("CHAPTER I.  ", "CHAPTER I."),
        ("正文", "正文"),
        ("", ""),
    ])
    func aLineLosesItsBlanksAtBothEdgesOnly(line: String, expected: String) {
        #expect(Self.trimmed(line) == expected)
    }

    @Test func anIdeographicSpaceCutShortIsNotBlank() {
        // E3 80 without its last byte (a range ending mid-character) is text, from either side.
        let bytes: [UInt8] = [0x20, 0xE3, 0x80]
        bytes.withUnsafeBufferPointer { buffer in
            #expect(Blanks.textStart(buffer, from: 0, to: 3) == 1)
            #expect(Blanks.textEnd(buffer, from: 0, to: 3) == 3)
            #expect(Blanks.textEnd(buffer, from: 2, to: 3) == 3)
        }
        // U+3001 (、) shares the first two bytes with U+3000 and is text.
        #expect(Self.trimmed("、 ") == "、")
    }

    @Test func aLineFeedIsBlankOnlyAcrossLines() {
        let bytes = Array("\n　\n \t\nText\n\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(Blanks.textStart(buffer, from: 0, to: buffer.count) == 0)
            #expect(Blanks.textStart(buffer, from: 0, to: buffer.count, acrossLines: true) == 8)
            #expect(Blanks.textEnd(buffer, from: 0, to: buffer.count, acrossLines: true) == 12)
            #expect(Blanks.hasText(buffer, 0..<buffer.count))
            #expect(!Blanks.hasText(buffer, 0..<8))
        }
    }

    @Test func theScalarRuleIsTheByteRule() {
        // Every scalar that is one or three bytes of the blank set, and their neighbours, judged both ways.
        let scalars: [UInt32] = Array(0...0x7F) + [0xA0, 0x2000, 0x2028, 0x3000, 0x3001, 0xFEFF, 0xFF0C]
        for value in scalars {
            let scalar = Unicode.Scalar(value)!
            let bytes = Array(String(scalar).utf8)
            let byteRule = bytes.withUnsafeBufferPointer { Blanks.length($0, at: 0, end: $0.count) == $0.count }
            #expect(Blanks.isBlankScalar(scalar) == byteRule, "U+\(String(value, radix: 16))")
        }
        #expect(" \t\r\u{3000}".unicodeScalars.allSatisfy(Blanks.isBlankScalar))
        #expect(!"\n\u{A0}x".unicodeScalars.contains(where: Blanks.isBlankScalar))
    }

    @Test func aGapBetweenWordsIsASpaceOrATabOnly() {
        #expect(Blanks.isSpaceOrTab(0x20) && Blanks.isSpaceOrTab(0x09))
        #expect(!Blanks.isSpaceOrTab(0x0D) && !Blanks.isSpaceOrTab(0x0A) && !Blanks.isSpaceOrTab(0xE3))
    }
}
