import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The table road of `StreamingDecoder` (GB18030, Big5-HKSCS) against ICU's converter alone
/// (`lookingUp: false`, what every byte went through before): the same UTF-8, the same count of
/// replaced sequences, for every two-byte sequence, four-byte sequences, byte soup cut anywhere, and
/// the corpus's books.
struct DoubleByteTableTests {
    static let encodings = ["GB18030", "Big5-HKSCS"]
    static let chunkSizes = [1, 2, 3, 5, 7, 4093, 1 << 20]

    /// Decodes `bytes` both ways in chunks of each size, plain and normalising, and expects the same.
    func expectICUsResult(
        _ bytes: [UInt8], encoding: String, chunkSizes: [Int] = chunkSizes, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let reference = try StreamingDecoder.decode(bytes, encoding: encoding, chunkSize: bytes.count, lookingUp: false)
        let normalisedReference = TextNormaliser.normalise(reference.utf8)
        for chunkSize in chunkSizes {
            let looked = try StreamingDecoder.decode(bytes, encoding: encoding, chunkSize: chunkSize)
            // Compared first, so that a failure names the first difference instead of printing the bytes.
            let same = looked.utf8 == reference.utf8
            #expect(
                same,
                "\(what), \(encoding), chunks of \(chunkSize): first difference at byte \(firstDifference(looked.utf8, reference.utf8))",
                sourceLocation: sourceLocation)
            #expect(
                looked.invalidSequences == reference.invalidSequences, "\(what), \(encoding), chunks of \(chunkSize)",
                sourceLocation: sourceLocation)
            let normalised = try bytes.withUnsafeBufferPointer {
                try StreamingDecoder.decode($0, encoding: encoding, chunkSize: chunkSize, normalising: true).utf8
            }
            let sameNormalised = normalised == normalisedReference
            #expect(
                sameNormalised,
                "\(what), \(encoding), normalising, chunks of \(chunkSize): first difference at byte \(firstDifference(normalised, normalisedReference))",
                sourceLocation: sourceLocation)
        }
    }

    func firstDifference(_ left: [UInt8], _ right: [UInt8]) -> Int {
        (0..<min(left.count, right.count)).first { left[$0] != right[$0] } ?? min(left.count, right.count)
    }

    @Test(arguments: encodings)
    func theTableHoldsTheTwoByteCharacters(encoding: String) throws {
        let table = try #require(DoubleByteTable.forEncoding(encoding))
        var held = 0
        for lead in DoubleByteTable.leads {
            for trail in DoubleByteTable.trails where table.contains(lead: lead, trail: trail) { held += 1 }
        }
        // GBK has 21,886 characters and GB18030 maps the rest of its two-byte codes to the PUA;
        // Big5 has 13,060 and HKSCS adds its own.
        #expect(held > (encoding == "GB18030" ? 23_000 : 13_000), "\(held) pairs")
        let first = encoding == "GB18030" ? (0xB5, 0xDA) : (0xB2, 0xC4)  // 第
        #expect(table.contains(lead: UInt8(first.0), trail: UInt8(first.1)))
        #expect(DoubleByteTable.forEncoding("Shift_JIS") == nil)
    }

    /// Every lead byte with every byte after it: run together (so a pair ICU rejects shifts what
    /// follows) and each pair alone on a line.
    @Test(arguments: encodings)
    func everyTwoByteSequenceDecodesAsICUDecodesIt(encoding: String) throws {
        var together: [UInt8] = []
        var lines: [UInt8] = []
        for lead in UInt8(0x80)...0xFF {
            for trail in UInt8(0)...0xFF {
                together += [lead, trail]
                lines += [lead, trail, 0x0A]
            }
        }
        try expectICUsResult(together, encoding: encoding, chunkSizes: [1, 3, 4093, 1 << 20], "pairs run together")
        try expectICUsResult(lines, encoding: encoding, chunkSizes: [1, 3, 4093, 1 << 20], "pairs on lines")
    }

    /// GB18030's four-byte sequences: every one in the BMP's range and those around it, a sample of
    /// the supplementary planes' range, each followed by a two-byte character; and cut short.
    @Test func fourByteSequencesDecodeAsICUDecodesThem() throws {
        var bmp: [UInt8] = []
        for first in UInt8(0x81)...0x85 {
            for second in UInt8(0x30)...0x39 {
                for third in UInt8(0x81)...0xFE {
                    for fourth in UInt8(0x30)...0x39 { bmp += [first, second, third, fourth] }
                }
                bmp += [0xB5, 0xDA]
            }
        }
        try expectICUsResult(bmp, encoding: "GB18030", chunkSizes: [1, 3, 4093, 1 << 20], "BMP four-byte")
        var supplementary: [UInt8] = []
        for first in [UInt8(0x8F), 0x90, 0x95, 0xE3, 0xE4, 0xFE] {
            for second in UInt8(0x2F)...0x3A {
                for third in stride(from: 0x80, through: 0xFF, by: 5).map(UInt8.init) {
                    for fourth in UInt8(0x30)...0x39 { supplementary += [first, second, third, fourth, 0xD2, 0xBB] }
                }
            }
        }
        try expectICUsResult(supplementary, encoding: "GB18030", chunkSizes: [1, 3, 4093, 1 << 20], "supplementary")
        let cutShort: [[UInt8]] = [
            [0x81], [0x81, 0x30], [0x81, 0x30, 0x81], [0x81, 0x30, 0x81, 0x41], [0x90, 0x30, 0x20],
        ]
        for piece in cutShort {
            try expectICUsResult([0xB5, 0xDA] + piece, encoding: "GB18030", "cut short at the end \(piece)")
            try expectICUsResult([0xB5, 0xDA] + piece + [0x41, 0xB5, 0xDA], encoding: "GB18030", "cut short \(piece)")
        }
    }

    /// Byte soup: ASCII with line ends and controls, valid and arbitrary pairs, four-byte sequences,
    /// lone and stray bytes, cut into chunks of every small size.
    @Test(arguments: encodings, 0..<12)
    func byteSoupDecodesAsICUDecodesIt(encoding: String, seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(19_000 + seed))
        var bytes: [UInt8] = []
        func any(_ range: ClosedRange<UInt8>) -> UInt8 { UInt8.random(in: range, using: &generator) }
        // Mostly valid text at some seeds, mostly damage at others.
        let damage = seed % 3 == 0 ? 2 : 30
        for _ in 0..<3000 {
            let kind = Int.random(in: 0..<100, using: &generator)
            switch kind {
            case 0..<10: bytes.append(any(0x20...0x7E))
            case 10..<14: bytes += [[0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x1B], [0x7F], [0x00]][kind - 10]
            case 14..<(100 - damage): bytes += [any(0xB0...0xF7), any(0xA1...0xFE)]
            default:
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: bytes += [any(0x81...0xFE), any(0x40...0xFE)]
                case 1: bytes += [any(0x81...0x84), any(0x30...0x39), any(0x81...0xFE), any(0x30...0x39)]
                case 2: bytes += [any(0x90...0xE3), any(0x30...0x39), any(0x81...0xFE), any(0x30...0x39)]
                case 3: bytes.append(any(0x80...0xFF))
                case 4: bytes += [any(0x81...0xFE), any(0x00...0x3F)]
                default: bytes += [any(0x81...0xFE), any(0x30...0x39), any(0x00...0xFF)]
                }
            }
        }
        try expectICUsResult(bytes, encoding: encoding, "soup \(seed)")
    }

    /// What the decoder calls plain needs no normalising and ends at a character's end, whatever
    /// the chunks.
    @Test(arguments: [1, 2, 3, 64, 4093])
    func plainPiecesNeedNoNormalising(chunkSize: Int) throws {
        let clean = String(repeating: "第一章　开端\n　　他说：“走吧。”·°±\tA\n", count: 300)
        let text = clean + "\r\n　　\u{85}\u{1B}[31m红字\r末行\r" + clean + "\r"

        let bytes = Array(try #require(text.data(using: .init(rawValue: 0x8000_0632))))  // GB18030
        let decoder = try StreamingDecoder(encoding: "GB18030")
        var plainPieces = 0
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            try bytes.withUnsafeBufferPointer { buffer in
                try decoder.decode(UnsafeBufferPointer(rebasing: buffer[start..<end]), isLast: end == bytes.count) {
                    piece, plain in
                    guard plain else { return }
                    plainPieces += 1
                    #expect(TextNormaliser.normalised(piece) == nil, "\(Array(piece))")
                    #expect(UTF8Validator.isValid(piece), "\(Array(piece))")
                }
            }
            start = end
        }
        #expect(plainPieces > 0)
    }

    /// The ASCII bytes the normaliser changes are the ones it says it changes.
    @Test func theNormalisersASCIIRuleIsWhatItDoes() {
        for byte in UInt8(0)..<0x80 {
            #expect((TextNormaliser.normalise([byte]) != [byte]) == TextNormaliser.changes(asciiByte: byte), "\(byte)")
        }
    }

    static let corpusBooks = [
        ("real/xiyouji.gb18030-lf.txt", "GB18030"), ("real/sanguoyanyi.gb18030-lf.txt", "GB18030"),
        ("variants/ahq.gb18030-crlf.txt", "GB18030"), ("variants/hongloumeng.gb18030-crlf.txt", "GB18030"),
        ("synthetic/gb18030-4byte.txt", "GB18030"), ("real/rulinwaishi.big5hkscs-crlf.txt", "Big5-HKSCS"),
        ("real/ernvyingxiongzhuan.big5hkscs-crlf.txt", "Big5-HKSCS"), ("variants/ahq.trad-big5-crlf.txt", "Big5-HKSCS"),
        ("wild/dingqingren.big5-crlf.txt", "Big5-HKSCS"),
    ]

    /// The corpus's GB18030 and Big5 books: the same text as ICU alone, and the same chapters.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: corpusBooks)
    func corpusBooksDecodeAsICUDecodesThem(book: String, encoding: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Corpus.path(book))))
        try expectICUsResult(bytes, encoding: encoding, chunkSizes: [4093, 1 << 20], book)
        let text = try BookLoader.decode(bytes, path: book)
        #expect(text.encoding == encoding)
        let reference = try StreamingDecoder.decode(bytes, encoding: encoding, lookingUp: false)
        var referenceBytes = TextNormaliser.normalise(reference.utf8)
        if referenceBytes.starts(with: ByteOrderMark.utf8.bytes) { referenceBytes.removeFirst(3) }
        let same = text.utf8 == referenceBytes
        #expect(same, "\(book)")
        #expect(text.invalidSequences == reference.invalidSequences, "\(book)")
        let referenceText = BookText(
            utf8: referenceBytes, encoding: encoding, encodingSource: text.encodingSource,
            invalidSequences: reference.invalidSequences, sourceByteCount: bytes.count)
        let chapters = ChapterSplitter().split(text).entries.map { [$0.title, "\($0.range)"] }
        let referenceChapters = ChapterSplitter().split(referenceText).entries.map { [$0.title, "\($0.range)"] }
        #expect(chapters == referenceChapters, "\(book)")
        #expect(chapters.count > 1, "\(book)")
    }
}
