/// Makes decoded UTF-8 uniform and safe for a terminal: LF line endings (CRLF and lone CR become LF),
/// and a visible stand-in for every character that could drive the terminal. C0 controls other than
/// LF and TAB become their Control Pictures (NUL → ␀, ESC → ␛), DEL becomes ␡, and C1 controls
/// (U+0080–U+009F, which include the 8-bit CSI U+009B) become U+FFFD, as they have no pictures.
public enum TextNormaliser {
    /// The normalised text; returns `bytes` itself when nothing needs to change.
    public static func normalise(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { normalised($0) } ?? bytes
    }

    /// The normalised text, or nil when `input` is already normal (then the caller keeps `input` as the
    /// text without a copy, which is what lets a UTF-8 book stay a memory map of its file).
    public static func normalised(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let first = firstSpecial(input, from: 0) else { return nil }
        return normalised(input, from: first)
    }

    /// `normalised` for a whole book, reporting to `progress` while it looks for the first byte to
    /// change (on a book that needs no change, the whole of its work).
    public static func normalised(_ input: UnsafeBufferPointer<UInt8>, progress: LoadStep) -> [UInt8]? {
        normalised(input, progress: progress, stop: nil)
    }

    /// `normalised(_:progress:)`, which when `stop` is raised (the text turned out not to be UTF-8 while
    /// this ran beside the check) ends early, within a megabyte, with an answer the caller drops.
    /// With `releasingMapped` (`input` is a mapped file's bytes, see `MappedFile.release`), the pages
    /// already copied are let go as the pass goes, so that a CR LF book costs one copy of its text, not
    /// the copy and the whole file's pages besides (a 2 GB book peaked at 4.2 GB).
    static func normalised(
        _ input: UnsafeBufferPointer<UInt8>, progress: LoadStep, stop: StopFlag?, releasingMapped: Bool = false
    ) -> [UInt8]? {
        var first: Int?
        progress.forEachPiece(count: input.count) { piece in
            first = firstSpecial(UnsafeBufferPointer(rebasing: input[piece]), from: 0).map { piece.lowerBound + $0 }
            return first == nil && stop?.isRaised != true
        }
        guard let first else { return nil }
        defer { progress.finish() }
        return normalised(input, from: first, stop: stop, releasingMapped: releasingMapped)
    }

    /// The normalised text of `input`, whose first byte that may need a change is at `first`, or nil when
    /// nothing changes (or `stop` was raised). Written straight into the new array's memory: a CR LF book
    /// has a replacement on every line, and appending each line and its line feed to an array would cost
    /// more than the rest of the pass (docs/benchmarks.md, *Costs behind the code's shape*). A control picture is the only growth (one byte becomes three), so room for one in
    /// eight bytes holds any book; a text past that (mostly controls) is written again with room for all.
    static func normalised(
        _ input: UnsafeBufferPointer<UInt8>, from first: Int, stop: StopFlag? = nil, releasingMapped: Bool = false
    ) -> [UInt8]? {
        for room in [input.count + input.count / 8 + 64, 3 * input.count + 64] {
            var outcome = Outcome.incomplete
            let output = [UInt8](unsafeUninitializedCapacity: room) { buffer, written in
                outcome = write(
                    input, from: first, into: buffer, written: &written, stop: stop, releasingMapped: releasingMapped)
            }
            switch outcome {
            case .complete: return output
            case .unchanged, .stopped: return nil
            case .incomplete: continue
            }
        }
        return nil  // not reached: three bytes for each is room for any text
    }

    /// How much copied input is let go at once.
    static let releaseBytes = 4 << 20

    /// How a `write` ended.
    private enum Outcome {
        case complete, unchanged, stopped
        /// The output ran out of room.
        case incomplete
    }

    /// Writes the normalised text of `input` (from its first byte that may change, `first`) into `output`;
    /// `written` is how many bytes it holds when it returns.
    private static func write(
        _ input: UnsafeBufferPointer<UInt8>, from first: Int, into output: UnsafeMutableBufferPointer<UInt8>,
        written: inout Int, stop: StopFlag?, releasingMapped: Bool
    ) -> Outcome {
        guard let source = input.baseAddress, let target = output.baseAddress else { return .unchanged }
        var changed = false
        var spanStart = 0
        var index = first
        var nextStopCheck = first + SideBySide.stopCheckBytes
        /// Copies the unchanged bytes before `end` and then `replacement`, if there is room.
        func flush(to end: Int, then replacement: Replacement) -> Bool {
            let span = end - spanStart
            guard written + span + replacement.count <= output.count else { return false }
            (target + written).initialize(from: source + spanStart, count: span)
            written += span
            if replacement.count > 0 {
                target[written] = replacement.bytes.0
                if replacement.count > 1 {
                    target[written + 1] = replacement.bytes.1
                    target[written + 2] = replacement.bytes.2
                }
                written += replacement.count
            }
            return true
        }
        /// The input before this has been copied and (when mapped) let go.
        var released = 0
        while true {
            if let stop, index >= nextStopCheck {
                if stop.isRaised { return .stopped }
                nextStopCheck = index + SideBySide.stopCheckBytes
            }
            let byte = input[index]
            var replacement = Replacement.none
            var skip = 1
            switch byte {
            case _ where byte < 0x80 && !changes(asciiByte: byte): break
            case 0x0D:
                replacement = Replacement(0x0A)
                if index + 1 < input.count, input[index + 1] == 0x0A { skip = 2 }
            case 0x00..<0x20: replacement = controlPicture(UInt32(byte))
            case 0x7F: replacement = controlPicture(0x21)
            case 0xC2 where index + 1 < input.count && isC1Control(following: input[index + 1]):
                replacement = Replacement(0xEF, 0xBF, 0xBD)
                skip = 2
            default: break
            }
            if replacement.count > 0 {
                guard flush(to: index, then: replacement) else { return .incomplete }
                changed = true
                spanStart = index + skip
                if releasingMapped, spanStart - released >= releaseBytes {
                    MappedFile.release(UnsafeBufferPointer(rebasing: input[released..<spanStart]))
                    released = spanStart
                }
            }
            guard let next = firstSpecial(input, from: index + skip) else { break }
            index = next
        }
        guard changed else { return .unchanged }
        return flush(to: input.count, then: .none) ? .complete : .incomplete
    }

    /// The bytes a changed byte becomes: one (LF for CR) or three (a UTF-8 character); none for a byte
    /// left as it is.
    struct Replacement {
        var bytes: (UInt8, UInt8, UInt8)
        var count: Int

        static let none = Replacement(bytes: (0, 0, 0), count: 0)

        init(bytes: (UInt8, UInt8, UInt8), count: Int) {
            self.bytes = bytes
            self.count = count
        }

        init(_ byte: UInt8) { self.init(bytes: (byte, 0, 0), count: 1) }

        init(_ first: UInt8, _ second: UInt8, _ third: UInt8) { self.init(bytes: (first, second, third), count: 3) }
    }

    /// The first byte at or after `start` that may need a change (`mayChange`), sixteen bytes a step. Each
    /// word is first asked a cheaper question that line feeds and tabs also answer (a control, DEL or
    /// 0xC2), and only a word that answers it is asked the exact one: a book with nothing to change is one
    /// pass without a stop, and most words of a text cost the cheap test alone (docs/benchmarks.md).
    static func firstSpecial(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = input.baseAddress else { return nil }
        var index = start
        @inline(__always) func word(at offset: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }
        while index + 16 <= input.count {
            let first = word(at: index)
            let second = word(at: index + 8)
            if SpecialBytes.candidates(first) | SpecialBytes.candidates(second) != 0 {
                let special = SpecialBytes.exact(first)
                if special != 0 { return index + special.trailingZeroBitCount / 8 }
                let next = SpecialBytes.exact(second)
                if next != 0 { return index + 8 + next.trailingZeroBitCount / 8 }
            }
            index += 16
        }
        while index + 8 <= input.count {
            let special = SpecialBytes.exact(word(at: index))
            if special != 0 { return index + special.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < input.count {
            if mayChange(input[index]) { return index }
            index += 1
        }
        return nil
    }

    /// `mayChange` for the eight bytes of a word at once, as the top bit of each byte (exact: no carry or
    /// borrow runs from one byte into the next).
    enum SpecialBytes {
        static let ones: UInt64 = 0x0101_0101_0101_0101
        static let highs = ones &* 0x80
        static let lows = ones &* 0x7F

        /// The bytes that are zero.
        @inline(__always) static func zeros(_ word: UInt64) -> UInt64 { ~(((word & lows) &+ lows) | word) & highs }

        /// The bytes that may change and the line feeds and tabs: the ASCII bytes below 0x20 and DEL (an
        /// ASCII byte plus one, within seven bits, is below 0x21 exactly for these), and 0xC2.
        @inline(__always) static func candidates(_ word: UInt64) -> UInt64 {
            let next = ((word & lows) &+ ones) & lows
            return (~((next &+ (ones &* 0x5F)) | word) & highs) | zeros(word ^ (ones &* 0xC2))
        }

        /// The bytes that may change.
        @inline(__always) static func exact(_ word: UInt64) -> UInt64 {
            candidates(word) & ~(zeros(word ^ (ones &* 0x0A)) | zeros(word ^ (ones &* 0x09)))
        }
    }

    /// Whether `byte` may be changed: a changed ASCII byte, or 0xC2 (which leads the C1 controls).
    @inline(__always)
    static func mayChange(_ byte: UInt8) -> Bool { changes(asciiByte: byte) || byte == 0xC2 }

    /// Whether the ASCII `byte` is changed (CR, a C0 control but LF and TAB, DEL); a decoder that knows
    /// its output holds no other ASCII, no C1 control and no CR can spare the text this pass.
    @inline(__always)
    static func changes(asciiByte byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
    }

    /// Whether the byte at `index` of `input`, one that `mayChange`, is changed by `write`: a changed
    /// ASCII byte, or a 0xC2 that leads a C1 control.
    @inline(__always)
    static func changes(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = input[index]
        return byte < 0x80
            ? changes(asciiByte: byte) : index + 1 < input.count && isC1Control(following: input[index + 1])
    }

    /// Whether the byte after a 0xC2 lead makes a C1 control (U+0080–U+009F).
    @inline(__always)
    static func isC1Control(following byte: UInt8) -> Bool { (0x80...0x9F).contains(byte) }

    /// U+2400 + code: the Control Pictures block (␀ for NUL, ␛ for ESC, ␡ for DEL as 0x21).
    static func controlPicture(_ code: UInt32) -> Replacement {
        let scalar = 0x2400 + code
        return Replacement(0xE2, UInt8(0x80 | ((scalar >> 6) & 0x3F)), UInt8(0x80 | (scalar & 0x3F)))
    }
}
