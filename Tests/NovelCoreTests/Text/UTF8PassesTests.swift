import Testing

@testable import NovelCore

/// The UTF-8 check and the normalising pass, side by side on a long text: the answer of the two run one
/// after the other, whatever the text.
struct UTF8PassesTests {
    static let long = SideBySide.besideWorkBytes + 1_000

    /// The two passes one after the other.
    static func serial(_ bytes: [UInt8]) -> (valid: Bool, normalised: [UInt8]?) {
        bytes.withUnsafeBufferPointer { buffer in
            UTF8Validator.isValid(buffer) ? (true, TextNormaliser.normalised(buffer)) : (false, nil)
        }
    }

    static func sideBySide(_ bytes: [UInt8]) -> (valid: Bool, normalised: [UInt8]?) {
        bytes.withUnsafeBufferPointer { BookLoader.validatedAndNormalised($0, progress: .none) }
    }

    static func expectSame(_ bytes: [UInt8], valid: Bool, changed: Bool) {
        let (expected, found) = (serial(bytes), sideBySide(bytes))
        #expect(found.valid == expected.valid && found.valid == valid)
        #expect(found.normalised == expected.normalised)
        #expect((found.normalised != nil) == changed)
    }

    static func text(_ line: String) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < long { bytes += Array(line.utf8) }
        return bytes
    }

    @Test func aLongTextGivesWhatThePassesGiveOneAfterTheOther() {
        Self.expectSame(Self.text("A line of text, «with» 灯 and an é.\r\n"), valid: true, changed: true)
        Self.expectSame(Self.text("A line of text with nothing to change.\n"), valid: true, changed: false)
        Self.expectSame(Self.text("A bell \u{07} and a C1 control \u{9B}.\n"), valid: true, changed: true)
    }

    @Test func aLongTextThatIsNotUTF8IsRefusedWhereverItsBadByteIs() {
        let good = Self.text("Good text for a while.\r\n")
        for place in [0, 10, 70_000, good.count / 2, good.count - 1] {
            var bytes = good
            bytes[place] = 0xFF
            Self.expectSame(bytes, valid: false, changed: false)
        }
        // A sequence cut by the end of the first sample is not a reason to doubt the rest.
        var cut = Self.text("Plain.\n")
        let sample = BookLoader.utf8SampleBytes
        cut.replaceSubrange((sample - 2)..<(sample + 1), with: Array("灯".utf8))
        Self.expectSame(cut, valid: true, changed: false)
        // GBK (灯 is B5 C6): refused by its first bytes.
        var gbk: [UInt8] = []
        while gbk.count < Self.long { gbk += [0xB5, 0xC6, 0x0D, 0x0A] }
        Self.expectSame(gbk, valid: false, changed: false)
    }
}

extension UTF8PassesTests {
    @Test func theNormalisingPassStopsWhenTold() {
        let bytes = Self.text("A line to change.\r\n")
        let stopped = StopFlag()
        stopped.raise()
        let answer = bytes.withUnsafeBufferPointer { TextNormaliser.normalised($0, progress: .none, stop: stopped) }
        // Stopped at its first check, a megabyte in: not the whole text.
        #expect((answer?.count ?? 0) < bytes.count - 100_000)
        let whole = bytes.withUnsafeBufferPointer { TextNormaliser.normalised($0, progress: .none, stop: StopFlag()) }
        #expect(whole == bytes.withUnsafeBufferPointer { TextNormaliser.normalised($0) })
    }
}

extension UTF8PassesTests {
    /// An ASCII text of several of the shared search's pieces with `changes` written over it at their
    /// offsets (negative: from the end).
    static func pieces(_ changes: [(offset: Int, bytes: [UInt8])]) -> [UInt8] {
        let line = Array("A plain line of text with nothing to change.\n".utf8)
        var bytes: [UInt8] = []
        while bytes.count < 5 * UTF8Validator.SharedCheck.pieceBytes + 300 { bytes += line }
        for change in changes {
            let offset = change.offset >= 0 ? change.offset : bytes.count + change.offset
            bytes.replaceSubrange(offset..<(offset + change.bytes.count), with: change.bytes)
        }
        return bytes
    }

    @Test func aByteToChangeInAnyPieceGivesWhatThePassesGiveOneAfterTheOther() {
        let piece = UTF8Validator.SharedCheck.pieceBytes
        let (carriageReturn, bell, middleDot, c1Control) = (
            [UInt8(0x0D)], [UInt8(0x07)], [UInt8(0xC2), 0xB7], [UInt8(0xC2), 0x85]
        )
        for offset in [0, 17, piece - 1, piece, 3 * piece + 5, -1] {
            Self.expectSame(Self.pieces([(offset, carriageReturn)]), valid: true, changed: true)
            Self.expectSame(Self.pieces([(offset, bell)]), valid: true, changed: true)
        }
        // A middle dot leads with 0xC2 as a C1 control does, but is left as it is.
        Self.expectSame(Self.pieces([(10, middleDot), (2 * piece + 3, middleDot)]), valid: true, changed: false)
        Self.expectSame(Self.pieces([(10, middleDot), (3 * piece + 9, carriageReturn)]), valid: true, changed: true)
        Self.expectSame(Self.pieces([(piece - 1, c1Control), (4 * piece, middleDot)]), valid: true, changed: true)
        Self.expectSame(Self.pieces([(2 * piece - 2, middleDot), (-2, c1Control)]), valid: true, changed: true)
        // Changes in several pieces, the first of them late.
        Self.expectSame(
            Self.pieces([(4 * piece + 1, bell), (2 * piece + 8, carriageReturn), (3 * piece, c1Control)]), valid: true,
            changed: true)
    }
}
