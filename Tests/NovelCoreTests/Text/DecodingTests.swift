import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Decoding every encoding variant in the corpus, chunk boundaries, and arbitrary bytes.
@Suite struct DecodingTests {
    struct Variant: CustomTestStringConvertible, Sendable {
        var file: String
        var original: String
        var encoding: String
        var source: String
        var testDescription: String { file }
    }

    /// Each variant and the UTF-8 (or other) file it was made from, with the encoding we must find.
    static let variants: [Variant] = [
        Variant(
            file: "variants/hongloumeng.gb18030-crlf.txt", original: "real/hongloumeng.utf8-crlf.txt",
            encoding: "GB18030", source: "detected"),
        Variant(
            file: "variants/ernvyingxiongzhuan.utf8-crlf.txt", original: "real/ernvyingxiongzhuan.big5hkscs-crlf.txt",
            encoding: "UTF-8", source: "valid UTF-8"),
        Variant(
            file: "variants/ernvyingxiongzhuan.utf16le-bom-crlf.txt",
            original: "real/ernvyingxiongzhuan.big5hkscs-crlf.txt", encoding: "UTF-16LE", source: "BOM"),
        Variant(
            file: "variants/sanguoyanyi.utf8-bom-lf.txt", original: "real/sanguoyanyi.gb18030-lf.txt",
            encoding: "UTF-8", source: "BOM"),
        Variant(
            file: "variants/xiyouji.utf8-crlf.txt", original: "real/xiyouji.gb18030-lf.txt", encoding: "UTF-8",
            source: "valid UTF-8"),
        Variant(
            file: "variants/ahq.utf8-bom-crlf.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt", encoding: "UTF-8",
            source: "BOM"),
        Variant(
            file: "variants/ahq.utf8-lf.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt", encoding: "UTF-8",
            source: "valid UTF-8"),
        Variant(
            file: "variants/ahq.utf8-cr.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt", encoding: "UTF-8",
            source: "valid UTF-8"),
        Variant(
            file: "variants/ahq.utf16le-bom-crlf.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt",
            encoding: "UTF-16LE", source: "BOM"),
        Variant(
            file: "variants/ahq.utf16be-bom-crlf.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt",
            encoding: "UTF-16BE", source: "BOM"),
        Variant(
            file: "variants/ahq.utf16le-nobom-crlf.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt",
            encoding: "UTF-16LE", source: "detected"),
        Variant(
            file: "variants/ahq.gb18030-crlf.txt", original: "real/ahq-zhengzhuan.utf8-crlf.txt", encoding: "GB18030",
            source: "detected"),
    ]

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: variants)
    func variantDecodesToTheOriginalText(variant: Variant) throws {
        let decoded = try BookLoader.load(path: Corpus.path(variant.file))
        let original = try BookLoader.load(path: Corpus.path(variant.original))
        #expect(decoded.encoding == variant.encoding)
        #expect(decoded.encodingSource.description.hasPrefix(variant.source))
        #expect(decoded.invalidSequences == 0)
        #expect(original.invalidSequences == 0)
        #expect(decoded.utf8 == original.utf8)
    }

    /// The real books in legacy encodings decode without a single error, with the decoder the MANIFEST names.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)),
        arguments: [
            ("real/xiyouji.gb18030-lf.txt", "GB18030"), ("real/sanguoyanyi.gb18030-lf.txt", "GB18030"),
            ("real/rulinwaishi.big5hkscs-crlf.txt", "Big5-HKSCS"),
            ("real/ernvyingxiongzhuan.big5hkscs-crlf.txt", "Big5-HKSCS"),
            ("real/laocanyouji.big5hkscs-crlf.txt", "Big5-HKSCS"), ("real/niehaihua.big5hkscs-crlf.txt", "Big5-HKSCS"),
            ("variants/hongloumeng.trad-big5-crlf.txt", "Big5-HKSCS"),
            ("variants/ahq.trad-big5-crlf.txt", "Big5-HKSCS"),
            ("synthetic/gb18030-4byte.txt", "GB18030"),
            // Real Gutenberg books: curly quotes and Spanish names (pg996), one Laocoön (pg46).
            ("gutenberg/pg996.txt", "windows-1252"), ("gutenberg/pg46.txt", "windows-1252"),
        ])
    func legacyEncodingsAreDetected(file: String, encoding: String) throws {
        let text = try BookLoader.load(path: Corpus.path(file))
        #expect(text.encoding == encoding)
        #expect(text.invalidSequences == 0)
        guard case .detected(let confidence) = text.encodingSource else { Issue.record("not detected"); return }
        #expect(confidence > 50)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func traditionalVariantsKeepTheirHeadings() throws {
        let ahq = try BookLoader.load(path: Corpus.path("variants/ahq.trad-big5-crlf.txt")).utf8.utf8String
        #expect(ahq.contains("\n第九章大團圓"))
        let hongloumeng = try BookLoader.load(path: Corpus.path("variants/hongloumeng.trad-big5-crlf.txt")).utf8
            .utf8String
        #expect(hongloumeng.contains("第一回  甄士隱夢幻識通靈　賈雨村風塵懷閨秀"))
        let gb4 = try BookLoader.load(path: Corpus.path("synthetic/gb18030-4byte.txt")).utf8.utf8String
        for expected in ["𠮷", "𡘙", "😀", "👍", "¥"] { #expect(gb4.contains(expected)) }
    }

    /// Damaged UTF-8 is still read as UTF-8, with one U+FFFD per maximal ill-formed subpart (14 in this file).
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func damagedUTF8() throws {
        let text = try BookLoader.load(path: Corpus.path("synthetic/invalid-utf8.txt"))
        #expect(text.encoding == "UTF-8")
        #expect(text.invalidSequences == 14)
        #expect(text.utf8.utf8String.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == 14)
        #expect(text.utf8.utf8String.hasPrefix("第一章　坏字节"))
    }

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    /// Japanese in Shift_JIS and French in windows-1252 are recognised and decoded.
    @Test(arguments: [
        (
            "8ce1947982cd944c82c582a082e9814296bc914f82cd82dc82be96b382a2814282c782b182c590b682ea82bd82a982c682f182c68ca9939682aa82c282a982ca814289bd82c582e0949688c382a282b682df82b682df82b582bd8f8a82c5836a8383815b836a8383815b8b8382a282c482a282bd8e9682be82af82cd8b4c89af82b582c482a282e981420a",
            "Shift_JIS", "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n"
        ),
        (
            "4c6520636166e920e974616974206372e86d652c206c61206661e7616465206e61ef7665203b20ab204ff920ea7465732d766f7573203f20bb2064656d616e64612d742d656c6c652097207472e87320e96ce967616e74652c20e02063f474e9206465206c9268f474656c2e0a",
            "windows-1252",
            "Le café était crème, la façade naïve ; « Où êtes-vous ? » demanda-t-elle — très élégante, à côté de l’hôtel.\n"
        ),
    ])
    func otherLegacyEncodings(hexLine: String, encoding: String, line: String) throws {
        let text = try BookLoader.decode(Array(repeating: Self.hex(hexLine), count: 3).flatMap { $0 }, path: "x.txt")
        #expect(text.encoding == encoding)
        #expect(text.utf8.utf8String == String(repeating: line, count: 3))
        #expect(text.invalidSequences == 0)
    }

    /// A long English preface does not decide: the samples from the middle and the end find GB18030.
    @Test func detectionLooksPastTheStart() throws {
        let preface = Array(
            String(repeating: "This edition was typed in by volunteers in the spring.\n", count: 2000).utf8)
        // 第一回　灵根育孕源流出 in GBK.
        let line: [UInt8] = [
            0xB5, 0xDA, 0xD2, 0xBB, 0xBB, 0xD8, 0xA1, 0xA1, 0xC1, 0xE9, 0xB8, 0xF9, 0xD3, 0xFD, 0xD4, 0xD0, 0xD4, 0xB4,
            0xC1, 0xF7, 0xB3, 0xF6, 0x0A,
        ]
        let body = Array([[UInt8]](repeating: line, count: 8000).joined())
        #expect(preface.count > 100_000)
        let text = try BookLoader.decode(preface + body, path: "preface.txt")
        #expect(text.encoding == "GB18030")
        #expect(text.invalidSequences == 0)
        #expect(text.utf8.utf8String.hasSuffix("第一回　灵根育孕源流出\n"))
    }

    @Test func forcedNamesUseTheSupersets() throws {
        let gbk: [UInt8] = [0xB5, 0xDA, 0xD2, 0xBB, 0xD5, 0xC2]  // 第一章
        for name in ["gbk", "GB2312", "cp936", "gb18030"] {
            let text = try BookLoader.decode(gbk, path: "g.txt", encoding: name)
            #expect(text.encoding == "GB18030", "\(name)")
            #expect(text.utf8.utf8String == "第一章")
            #expect(text.encodingSource == .forced)
        }
        let big5: [UInt8] = [0xB2, 0xC4, 0xA4, 0x40, 0xB3, 0xB9]  // 第一章
        for name in ["big5", "Big5-HKSCS", "cp950"] {
            let text = try BookLoader.decode(big5, path: "b.txt", encoding: name)
            #expect(text.encoding == "Big5-HKSCS", "\(name)")
            #expect(text.utf8.utf8String == "第一章")
        }
    }

    /// Decoding in chunks as small as one byte gives exactly the whole-buffer result, for every
    /// multi-byte encoding and with ill-formed sequences straddling the boundaries.
    @Test(arguments: ["GB18030", "Big5-HKSCS", "UTF-16LE", "UTF-16BE", "UTF-8", "Shift_JIS", "UTF-32LE"])
    func chunkBoundariesLoseNothing(encoding: String) throws {
        var generator = SeededGenerator(seed: 42)
        let sample = randomText(length: 400, using: &generator) + "第一回　灵根育孕源流出𠮷😀"
        // Encode through ICU the other way is not wrapped, so build the bytes: UTF-8/16/32 by hand, the
        // legacy sets from valid sequences of their own.
        var bytes: [UInt8]
        switch encoding {
        case "UTF-8": bytes = Array(sample.utf8)
        case "UTF-16LE": bytes = sample.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case "UTF-16BE": bytes = sample.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case "UTF-32LE":
            bytes = sample.unicodeScalars.flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
        default: bytes = (0..<3000).map { _ in UInt8.random(in: 0x20...0xFE, using: &generator) }
        }
        // Sprinkle damage.
        for _ in 0..<10 {
            bytes.insert(
                UInt8.random(in: 0x80...0xFF, using: &generator), at: Int.random(in: 0..<bytes.count, using: &generator)
            )
        }
        let whole = try StreamingDecoder.decode(bytes, encoding: encoding, chunkSize: bytes.count)
        for chunkSize in [1, 2, 3, 5, 7, 64, 4097] {
            let chunked = try StreamingDecoder.decode(bytes, encoding: encoding, chunkSize: chunkSize)
            #expect(chunked.utf8 == whole.utf8, "chunk size \(chunkSize)")
            #expect(chunked.invalidSequences == whole.invalidSequences, "chunk size \(chunkSize)")
        }
        if encoding == "UTF-8" || encoding.hasPrefix("UTF-16") {
            #expect(whole.invalidSequences > 0)
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusBookInOddChunks() throws {
        let path = Corpus.path("real/laocanyouji.big5hkscs-crlf.txt")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let whole = try StreamingDecoder.decode(bytes, encoding: "Big5-HKSCS", chunkSize: bytes.count)
        let chunked = try StreamingDecoder.decode(bytes, encoding: "Big5-HKSCS", chunkSize: 4093)
        #expect(whole.invalidSequences == 0)
        #expect(chunked.utf8 == whole.utf8)
    }

    /// The fast validator agrees with Swift's own strict validation on near-UTF-8 byte soup.
    @Test(arguments: 0..<30)
    func validatorAgreesWithSwift(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(1000 + seed))
        var bytes = Array(randomText(length: 200, using: &generator).utf8)
        let damage = Int.random(in: 0..<3, using: &generator)
        for _ in 0..<damage {
            let position = Int.random(in: 0...bytes.count, using: &generator)
            let bad: [[UInt8]] = [
                [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF],
                [0xE4, 0xB8], [0xF0, 0x9F, 0x98],
            ]
            bytes.insert(contentsOf: bad.randomElement(using: &generator)!, at: position)
        }
        let swift = String(validating: bytes, as: UTF8.self) != nil
        #expect(UTF8Validator.isValid(bytes) == swift)
        // Truncations cut sequences at every possible point.
        let cut = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
        #expect(UTF8Validator.isValid(cut) == (String(validating: cut, as: UTF8.self) != nil))
    }

    @Test func validatorEdges() {
        let valid: [[UInt8]] = [
            [], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        let invalid: [[UInt8]] = [
            [0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE4, 0xB8], [0xFE],
        ]
        for bytes in valid { #expect(UTF8Validator.isValid(Array(repeating: 0x41, count: 9) + bytes), "\(bytes)") }
        for bytes in invalid { #expect(!UTF8Validator.isValid(Array(repeating: 0x41, count: 9) + bytes), "\(bytes)") }
    }

    /// Runs of Chinese characters are checked four at a time: an edge or damaged sequence at every place
    /// in and around such a window, and a run cut anywhere, is judged as Swift judges it.
    @Test func validatorOnRunsOfThreeByteSequences() {
        let run = Array("灯火照见青石路上行人".utf8)
        func judgedAsSwift(_ bytes: [UInt8]) -> Bool {
            UTF8Validator.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil)
        }
        let edges: [[UInt8]] = [
            [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xE1, 0x80, 0x80],
            [0xEC, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xE4, 0xB8], [0xE4, 0xC0, 0x80],
            [0xE4, 0xB8, 0x41], [0xC2, 0x80], [0x41], [0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF0, 0x9F, 0x98], [0xFF],
        ]
        var mismatches: [[UInt8]] = []
        for characters in 1...6 {
            for edge in edges {
                let bytes = Array(run.prefix(3 * characters)) + edge + run
                if !judgedAsSwift(bytes) { mismatches.append(bytes) }
            }
        }
        let values: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xE4, 0xED, 0xEF, 0xF0, 0xFF,
        ]
        for position in run.indices {
            for value in values {
                var bytes = run
                bytes[position] = value
                if !judgedAsSwift(bytes) { mismatches.append(bytes) }
            }
        }
        for length in 0...run.count where !judgedAsSwift(Array(run.prefix(length))) {
            mismatches.append(Array(run.prefix(length)))
        }
        #expect(UTF8Validator.isValid(run))
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Every one- and two-byte file: detection and the main decoders never crash, and whatever they
    /// return is valid UTF-8 with no terminal controls.
    @Test func everyShortByteSequence() {
        var accepted = 0
        for value in 0..<(256 + 65536) {
            let bytes: [UInt8] =
                value < 256 ? [UInt8(value)] : [UInt8((value - 256) >> 8), UInt8((value - 256) & 0xFF)]
            for forced in [nil, "GB18030", "Big5-HKSCS", "UTF-16LE"] {
                guard let text = try? BookLoader.decode(bytes, path: "short.txt", encoding: forced) else { continue }
                accepted += 1
                if !UTF8Validator.isValid(text.utf8)
                    || text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 })
                {
                    Issue.record("bad output for \(bytes) as \(forced ?? "detected")")
                }
            }
        }
        #expect(accepted > 4 * 65536 - 1000)
    }

    /// The validator agrees with Swift on every sequence around the edges of Table 3-7.
    @Test func validatorOnEveryEdgeSequence() {
        let tails: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var checked = 0
        var mismatches: [[UInt8]] = []
        for lead in UInt8(0xC0)...0xFF {
            for second in UInt8(0)...0xFF {
                for third in tails {
                    for fourth in tails.prefix(lead >= 0xF0 ? tails.count : 1) {
                        let bytes: [UInt8] = [0x41, lead, second, third, fourth]
                        if UTF8Validator.isValid(bytes) != (String(validating: bytes, as: UTF8.self) != nil) {
                            mismatches.append(bytes)
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 100_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    /// Arbitrary bytes never crash the loader: it returns valid, terminal-safe UTF-8 or a BookError.
    @Test(arguments: 0..<40)
    func randomBytesNeverCrash(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let length = Int.random(in: 1..<3000, using: &generator)
        let style = seed % 4
        let bytes: [UInt8] = (0..<length).map { _ in
            switch style {
            case 0: UInt8.random(in: 0...255, using: &generator)
            case 1: UInt8.random(in: 0x80...0xFF, using: &generator)  // legacy multi-byte soup, no NULs
            case 2: [0x00, 0x0A, 0x4E, 0x5B, 0xD8, 0xDC, 0x20].randomElement(using: &generator)!  // UTF-16-ish
            default: UInt8.random(in: 0x09...0xFF, using: &generator)
            }
        }
        for forced in [nil, "UTF-16LE", "GB18030", "Big5-HKSCS", "UTF-8", "Shift_JIS", "UTF-32BE", "windows-1252"] {
            do {
                let text = try BookLoader.decode(bytes, path: "fuzz.txt", encoding: forced)
                #expect(UTF8Validator.isValid(text.utf8))
                #expect(!text.utf8.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x09 || $0 == 0x7F })
                #expect(!text.utf8.contains(0x0D))
            } catch {
                guard forced == nil, case .binary = error else {
                    Issue.record("unexpected error \(error) for \(forced ?? "detection")")
                    continue
                }
            }
        }
    }
}
