import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The UTF-8 check that finds the first byte to change in the same pass (`UTF8Validator
/// .firstInvalidAndFirstChange`), and that pass cut into pieces the cores share (`UTF8Validator.SharedCheck`,
/// `BookLoader.checkedSideBySide`): each gives what the check and the normaliser's own search give one
/// after the other, on text of our own and on every book of the corpus.
struct UTF8SharedCheckTests {
    /// The first byte `TextNormaliser` changes, found by its own search.
    static func firstChange(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var from = 0
        while let found = TextNormaliser.firstSpecial(bytes, from: from) {
            if TextNormaliser.changes(bytes, at: found) { return found }
            from = found + 1
        }
        return nil
    }

    /// The one pass against the two: the same first invalid byte, and on valid text the same first change.
    /// The check itself against the standard library's: valid where it is, and where it is not, valid up
    /// to the first invalid byte the check names.
    static func expectOnePassAgrees(_ bytes: [UInt8], _ name: String) {
        bytes.withUnsafeBufferPointer { buffer in
            let found = UTF8Validator.firstInvalidAndFirstChange(buffer)
            let invalid = UTF8Validator.firstInvalidOffset(buffer)
            #expect(found.firstInvalid == invalid, "\(name): first invalid byte")
            if String(validating: buffer, as: UTF8.self) != nil {
                #expect(invalid == nil, "\(name): valid UTF-8")
            } else if let invalid {
                #expect(String(validating: buffer[..<invalid], as: UTF8.self) != nil, "\(name): valid before it")
            } else {
                Issue.record("\(name): not UTF-8, but no invalid byte was found")
            }
            if invalid == nil { #expect(found.firstChange == firstChange(buffer), "\(name): first change") }
        }
    }

    /// The check and the normalised text as the two passes give them one after the other.
    static func serial(_ buffer: UnsafeBufferPointer<UInt8>) -> (valid: Bool, normalised: [UInt8]?) {
        UTF8Validator.isValid(buffer) ? (true, TextNormaliser.normalised(buffer)) : (false, nil)
    }

    /// The pieces side by side against the two passes, for pieces of several sizes (odd ones, to cut
    /// characters and CR LF pairs anywhere).
    static func expectPiecesAgree(_ bytes: [UInt8], _ name: String) {
        bytes.withUnsafeBufferPointer { buffer in
            let expected = serial(buffer)
            for pieceBytes in [1, 7, 4_093, 65_536, UTF8Validator.SharedCheck.pieceBytes] {
                if pieceBytes < 64, buffer.count > 20_000 { continue }  // a piece a byte: short texts only
                let found = BookLoader.checkedSideBySide(buffer, progress: .none, pieceBytes: pieceBytes)
                #expect(found.valid == expected.valid, "\(name), pieces of \(pieceBytes): valid")
                #expect(found.normalised == expected.normalised, "\(name), pieces of \(pieceBytes): text")
            }
        }
    }

    /// Fragments of real text and of everything a check or a normaliser must tell apart: ASCII words
    /// and line ends of every kind, controls and DEL, a middle dot (0xC2 that changes nothing) and C1
    /// controls (0xC2 that does), CJK and its punctuation, the edges E0 and ED allow, four-byte
    /// characters, and bytes that are not UTF-8 (a lone continuation, a cut sequence, overlong forms, a
    /// surrogate, past U+10FFFF, 0xFF).
    static let fragments: [[UInt8]] =
        [

            "The lamp", " ", "said", "\n", "\r\n", "\r", "\t", "\u{0}", "\u{7}", "\u{1B}[31m", "\u{7F}", "·",
            "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}", "é", "灯", "，", "。", "　　", "“", "”", "—", "\u{800}",
            "\u{FFF}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "😀", "\u{10FFFF}", "第一章",
        ].map { Array($0.utf8) } + broken

    /// The fragments that are not UTF-8, last in `fragments`.
    static let broken: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE4, 0xB8], [0xE0, 0x80, 0x80],
        [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xC2, 0x41],
    ]

    /// Texts of fragments drawn at random, valid and not: most drawn from the valid ones alone, so that
    /// a change late in a long valid text is met too.
    @Test(arguments: 0..<40)
    func theOnePassFindsWhatTheTwoFind(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(500 + seed))
        let validCount = Self.fragments.count - Self.broken.count
        let (character, space) = (Array("灯".utf8), Array(" ".utf8))
        for _ in 0..<50 {
            let valid = Bool.random(using: &generator) || Bool.random(using: &generator)
            let length = Int.random(in: 0..<400, using: &generator)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                // Plain text mostly (CJK and ASCII words), other fragments now and then.
                let pick = Int.random(in: 0..<(valid ? validCount : Self.fragments.count), using: &generator)
                bytes += Int.random(in: 0..<4, using: &generator) == 0 ? Self.fragments[pick] : character
                if Bool.random(using: &generator) { bytes += space }
            }
            Self.expectOnePassAgrees(bytes, "seed \(seed)")
            Self.expectPiecesAgree(bytes, "seed \(seed)")
        }
    }

    /// Each fragment at every place of a word and of the four-character step of CJK text, in ASCII text
    /// and in CJK text.
    @Test func eachFragmentAnywhereInAStep() {
        for background in [Array("plain words here ".utf8), Array("灯下读书人".utf8)] {
            var plain: [UInt8] = []
            while plain.count < 64 { plain += background }
            for fragment in Self.fragments {
                for place in 0..<40 {
                    var bytes = plain
                    bytes.insert(contentsOf: fragment, at: place)
                    Self.expectOnePassAgrees(bytes, "\(fragment) at \(place)")
                    Self.expectPiecesAgree(bytes, "\(fragment) at \(place)")
                }
            }
        }
    }

    /// Every book of the corpus, as its file's bytes (GBK, Big5 and UTF-16 books are refused by both, a
    /// CR LF book changed by both) and as its text, as UTF-8 with LF and with CR LF line ends.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func everyCorpusBookGivesWhatTheTwoPassesGive() throws {
        var checked = 0
        for folder in ["real", "wild", "gutenberg", "variants", "synthetic"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder)).sorted()
            for name in names where name.hasSuffix(".txt") {
                let path = Corpus.path(folder + "/" + name)
                let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
                Self.expectOnePassAgrees(bytes, name)
                Self.expectPiecesAgree(bytes, name)
                guard let text = try? BookLoader.load(path: path) else { continue }
                let lines = Array(text.utf8)
                Self.expectOnePassAgrees(lines, name + " as its text")
                Self.expectPiecesAgree(lines, name + " as its text")
                var crlf: [UInt8] = []
                crlf.reserveCapacity(lines.count + lines.count / 16)
                for byte in lines {
                    if byte == 0x0A { crlf.append(0x0D) }
                    crlf.append(byte)
                }
                Self.expectPiecesAgree(crlf, name + " as its text with CR LF")
                checked += 1
            }
        }
        #expect(checked >= 40, "the corpus's books were read")
    }
}
