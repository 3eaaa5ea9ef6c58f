import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Opening files: refusals, byte-order marks, UTF-16 without a mark, line endings and controls.
@Suite struct TextLoadingTests {
    @Test func refusesAMissingFileByName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/absent.txt"
        #expect(throws: BookError.notFound(path: path)) { try BookLoader.load(path: path) }
        #expect(BookError.notFound(path: path).description.contains("absent.txt"))
    }

    @Test func refusesADirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: BookError.isDirectory(path: directory.path)) { try BookLoader.load(path: directory.path) }
    }

    @Test func refusesAnEmptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("empty.txt", [])
        #expect(throws: BookError.empty(path: path)) { try BookLoader.load(path: path) }
    }

    @Test func refusesBinaryBytes() throws {
        var generator = SeededGenerator(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        do {
            _ = try BookLoader.decode(bytes, path: "random.bin")
            Issue.record("random bytes were accepted as text")
        } catch {
            guard case .binary(let path, let reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == "random.bin")
            #expect(reason.contains("NUL"))
        }
    }

    @Test func refusesManyControlBytesWithoutNULs() {
        var bytes = Array("第一章 some text\n".utf8)
        for index in 0..<400 { bytes.append(UInt8(1 + index % 8)) }
        #expect {
            try BookLoader.decode(bytes, path: "controls.txt")
        } throws: { error in
            if case BookError.binary(_, let reason) = error { return reason.contains("control bytes") }
            return false
        }
    }

    @Test func acceptsOneStrayNULAndShowsIt() throws {
        let text = try BookLoader.decode(Array("前\u{0}后\n".utf8), path: "nul.txt")
        #expect(text.utf8.utf8String == "前\u{2400}后\n")
    }

    @Test func unknownEncodingNamesTheCommonOnes() {
        #expect(throws: BookError.unknownEncoding(name: "klingon")) {
            try BookLoader.decode(Array("abc".utf8), path: "a.txt", encoding: "klingon")
        }
        let message = BookError.unknownEncoding(name: "klingon").description
        for name in ["gb18030", "big5", "utf-16le", "utf-8"] { #expect(message.contains(name)) }
    }

    /// Each mark is dropped and names the decoder; the text after it is the same.
    @Test(arguments: ByteOrderMark.allCases)
    func byteOrderMarks(mark: ByteOrderMark) throws {
        let original = "第一章　雨夜\r\n“好！”😀\n"
        let body: [UInt8]
        switch mark {
        case .utf8: body = Array(original.utf8)
        case .utf16LittleEndian: body = original.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case .utf16BigEndian: body = original.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .utf32LittleEndian:
            body = original.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) }
            }
        case .utf32BigEndian:
            body = original.unicodeScalars.flatMap { scalar in
                (0..<4).reversed().map { UInt8((scalar.value >> (8 * $0)) & 0xFF) }
            }
        }
        let text = try BookLoader.decode(mark.bytes + body, path: "bom.txt")
        #expect(text.utf8.utf8String == "第一章　雨夜\n“好！”😀\n")
        #expect(text.encodingSource == .byteOrderMark)
        #expect(text.encoding == mark.encoding)
        #expect(text.invalidSequences == 0)
    }

    /// Without a mark, UTF-16 is recognised by its line ends and spaces, in either byte order, even when
    /// `一` (U+4E00, a NUL low byte) is more frequent than ASCII.
    @Test(arguments: [false, true])
    func utf16WithoutMark(bigEndian: Bool) throws {
        let original = String(repeating: "一一一一一二三一一一天下一统。\n", count: 40)
        let bytes = original.utf16.flatMap {
            bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        }
        let text = try BookLoader.decode(bytes, path: "u16.txt")
        #expect(text.encoding == (bigEndian ? "UTF-16BE" : "UTF-16LE"))
        #expect(text.utf8.utf8String == original)
        guard case .detected(let confidence) = text.encodingSource else { Issue.record("not detected"); return }
        #expect(confidence == 100)
    }

    /// UTF-8 with a NUL right after a line feed (`0A 00`, one UTF-16LE line end) stays UTF-8.
    @Test func strayNULAfterALineFeedIsNotUTF16() throws {
        let bytes = Array("A第一章\n".utf8) + [0] + Array(String(repeating: "天下大势，分久必合，合久必分。", count: 20).utf8)
        #expect(bytes[10] == 0x0A && bytes[11] == 0)
        let text = try BookLoader.decode(bytes, path: "nul.txt")
        #expect(text.encoding == "UTF-8")
        #expect(text.utf8.utf8String.hasPrefix("A第一章\n\u{2400}天下"))
    }

    @Test func lineEndingsBecomeLineFeeds() throws {
        let text = try BookLoader.decode(Array("a\r\nb\rc\r\r\nd\ne".utf8), path: "eol.txt")
        #expect(text.utf8.utf8String == "a\nb\nc\n\nd\ne")
        #expect(text.lines == 6)
    }

    /// Every C0 control but LF and TAB becomes its Control Picture, DEL becomes ␡, and every C1 control
    /// (C2 80 … C2 9F in UTF-8, including the 8-bit CSI U+009B) becomes U+FFFD.
    @Test func controlsBecomeVisible() {
        for code in UInt8(0)..<0x20 where code != 0x0A && code != 0x09 && code != 0x0D {
            let expected = String(Unicode.Scalar(0x2400 + UInt32(code))!)
            #expect(TextNormaliser.normalise([0x61, code, 0x62]).utf8String == "a\(expected)b")
        }
        #expect(TextNormaliser.normalise([0x61, 0x7F]).utf8String == "a\u{2421}")
        #expect(TextNormaliser.normalise([0x09, 0x0A]) == [0x09, 0x0A])
        for second in UInt8(0x80)...0x9F {
            #expect(TextNormaliser.normalise([0x61, 0xC2, second, 0x62]).utf8String == "a\u{FFFD}b")
        }
        // Neighbours of C1 stay: NBSP (C2 A0), middle dot (C2 B7), and U+0100 (C4 80).
        for kept in ["\u{A0}", "·", "Ā", "“”…—"] {
            #expect(TextNormaliser.normalise(Array(kept.utf8)) == Array(kept.utf8))
        }
    }

    @Test func escapeSequencesCannotReachTheTerminal() throws {
        let bytes = Array("红\u{1B}[2J楼\u{9B}31m梦".utf8)
        let text = try BookLoader.decode(bytes, path: "esc.txt")
        #expect(text.utf8.utf8String == "红\u{241B}[2J楼\u{FFFD}31m梦")
        #expect(!text.utf8.contains(0x1B))
    }

    /// The word-at-a-time normaliser agrees with a byte-by-byte reference on random text with controls.
    @Test(arguments: 0..<20)
    func normaliserMatchesReference(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        var text = randomText(length: 300, using: &generator)
        for _ in 0..<20 {
            let control = [0x00, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0x09].randomElement(using: &generator)!
            let position = text.unicodeScalars.index(
                text.unicodeScalars.startIndex, offsetBy: Int.random(in: 0..<200, using: &generator))
            text.unicodeScalars.insert(Unicode.Scalar(UInt32(control))!, at: position)
        }
        var expected = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0D:
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { continue } else { expected.append("\n") }
            case 0x09, 0x0A: expected.append(scalar)
            case 0..<0x20: expected.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: expected.append("\u{2421}")
            case 0x80...0x9F: expected.append("\u{FFFD}")
            default: expected.append(scalar)
            }
        }
        #expect(TextNormaliser.normalise(Array(text.utf8)).utf8String == String(expected))
    }

    /// The search for the first byte that may change tests sixteen bytes, then eight, at once: it finds
    /// exactly the byte a byte-by-byte search finds, for every byte value at every place of a step, beside
    /// neighbours that would make an inexact test borrow (NUL, LF, TAB, 0x01) or stop (0xC2).
    @Test func theFirstByteThatMayChangeIsFoundExactly() {
        for neighbour: UInt8 in [0x41, 0x00, 0x0A, 0x09, 0x01, 0x0B, 0xC2, 0xFF, 0x80, 0x7F, 0x1F, 0x20] {
            for value in UInt8.min...UInt8.max {
                for place in 0..<27 {
                    var bytes = [UInt8](repeating: neighbour, count: 27)
                    bytes[place] = value
                    let expected = bytes.firstIndex(where: TextNormaliser.mayChange)
                    let found = bytes.withUnsafeBufferPointer { TextNormaliser.firstSpecial($0, from: 0) }
                    #expect(found == expected, "\(value) at \(place) among \(neighbour)")
                    if found != expected { return }
                }
            }
        }
    }

    /// `characters` counts Unicode scalars and `lines` counts lines the way the corpus ground truth does.
    @Test(arguments: 0..<10)
    func countsAgreeWithSwift(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(100 + seed))
        let string = randomText(length: Int.random(in: 0..<500, using: &generator), using: &generator)
        let text = BookText(
            utf8: Array(string.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        #expect(text.characters == string.unicodeScalars.count)
        let pieces = string.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(text.lines == (string.isEmpty ? 0 : pieces.count - (string.hasSuffix("\n") ? 1 : 0)))
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusLineCountsMatchTheManifest() throws {
        let expected = [
            "synthetic/mixed-eol.txt": 8, "synthetic/whitespace-only.txt": 4, "synthetic/bom-only.txt": 0,
            "synthetic/single-line-2mib.txt": 1, "synthetic/unicode-line-separators.txt": 3,
            "real/hongloumeng.utf8-crlf.txt": 5591, "real/xiyouji.gb18030-lf.txt": 4020,
            "synthetic/nul-in-text.utf8.txt": 5,
        ]
        for (file, lines) in expected {
            #expect(try BookLoader.load(path: Corpus.path(file)).lines == lines, "\(file)")
        }
        #expect(try BookLoader.load(path: Corpus.path("synthetic/single-line-2mib.txt")).characters == 699_074)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusRefusals() {
        let binary = Corpus.path("synthetic/binary-with-txt-extension.txt")
        #expect {
            try BookLoader.load(path: binary)
        } throws: { error in
            if case BookError.binary(let path, let reason) = error {
                return path == binary && reason.contains("4078 NUL")
            }
            return false
        }
        let empty = Corpus.path("synthetic/empty.txt")
        #expect(throws: BookError.empty(path: empty)) { try BookLoader.load(path: empty) }
    }
}
