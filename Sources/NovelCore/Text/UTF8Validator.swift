/// Strict UTF-8 validation (Unicode Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
/// Runs at memory speed on ASCII and well above 1 GB/s on CJK text, so the whole file can be checked.
public enum UTF8Validator {
    /// True when every byte of `bytes` belongs to a well-formed UTF-8 sequence.
    public static func isValid(_ bytes: some BorrowableBytes) -> Bool {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) == nil }
    }

    /// True when every byte of `bytes` belongs to a well-formed UTF-8 sequence.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// `isValid` for a whole book, reporting to `progress` as it goes. Pieces end past the continuation
    /// bytes that follow their nominal end, so no well-formed sequence is cut in two.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, progress: LoadStep) -> Bool {
        var valid = true
        progress.forEachPiece(count: bytes.count, boundary: { characterBoundary(bytes, atOrAfter: $0) }) { piece in
            valid = firstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[piece])) == nil
            return valid
        }
        return valid
    }

    /// Where a piece of `bytes` that ends near `end` may end: past the continuation bytes at `end` (three
    /// at most, the most a well-formed character has after its lead), so that no well-formed sequence is
    /// cut in two and each piece can be checked alone.
    static func characterBoundary(_ bytes: UnsafeBufferPointer<UInt8>, atOrAfter end: Int) -> Int {
        var cut = end
        while cut < bytes.count, cut < end + 3, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
        return cut
    }

    /// The offset of the first byte that does not start a well-formed sequence, or nil when all are valid.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        scan(bytes, lookingForChange: false).firstInvalid
    }

    /// The check of `bytes` and, in the same pass, the first byte `TextNormaliser` changes in them (a
    /// control, DEL, a CR, a C1 control), so that a book needs one pass over its bytes for both: nil where
    /// the bytes are valid and hold no such byte. The change is looked for in the bytes before the first
    /// invalid one only, and in the ASCII runs and two-byte sequences alone: a byte to change is ASCII or
    /// 0xC2, which never appear inside CJK text's three-byte runs.
    static func firstInvalidAndFirstChange(_ bytes: UnsafeBufferPointer<UInt8>) -> (
        firstInvalid: Int?, firstChange: Int?
    ) {
        scan(bytes, lookingForChange: true)
    }

    /// The one loop of the check; `lookingForChange` is a constant at each call, so the check alone pays
    /// nothing for the other question.
    @inline(__always)
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, lookingForChange: Bool) -> (
        firstInvalid: Int?, firstChange: Int?
    ) {
        guard let base = bytes.baseAddress else { return (nil, nil) }
        let count = bytes.count
        var change: Int?
        var looking = lookingForChange
        var index = 0
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                if looking, TextNormaliser.changes(asciiByte: lead) {
                    change = index
                    looking = false
                }
                index += 1
                // Eight ASCII bytes per step.
                while index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    if looking, TextNormaliser.SpecialBytes.candidates(word) != 0 {
                        let special = TextNormaliser.SpecialBytes.exact(word)
                        if special != 0 {
                            change = index + special.trailingZeroBitCount / 8
                            looking = false
                        }
                    }
                    index += 8
                }
                continue
            }
            // Three-byte sequences (all of CJK) first: one 4-byte load checks both continuation bytes.
            if lead & 0xF0 == 0xE0 {
                guard index + 2 < count else { return (index, change) }
                let second = base[index + 1]
                let third = base[index + 2]
                guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return (index, change) }
                // E0 needs A0..BF (no overlong), ED needs 80..9F (no surrogate).
                if lead == 0xE0 && second < 0xA0 { return (index, change) }
                if lead == 0xED && second > 0x9F { return (index, change) }
                index += 3
                // Chinese text is runs of them: eight at a time, then four, while all are plain.
                while index + 24 <= count, eightPlainThreeByteSequences(base + index) { index &+= 24 }
                while index + 12 <= count, fourPlainThreeByteSequences(base + index) { index += 12 }
                continue
            }
            if lead & 0xE0 == 0xC0 {
                guard lead >= 0xC2, index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return (index, change) }
                if looking, lead == 0xC2, TextNormaliser.isC1Control(following: base[index + 1]) {
                    change = index
                    looking = false
                }
                index += 2
                continue
            }
            guard lead >= 0xF0, lead <= 0xF4, index + 3 < count else { return (index, change) }
            let second = base[index + 1]
            guard second & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80, base[index + 3] & 0xC0 == 0x80 else {
                return (index, change)
            }
            // F0 needs 90..BF (no overlong), F4 needs 80..8F (nothing above U+10FFFF).
            if lead == 0xF0 && second < 0x90 { return (index, change) }
            if lead == 0xF4 && second > 0x8F { return (index, change) }
            index += 4
        }
        return (nil, change)
    }

    /// Whether the twenty-four bytes at `start` are eight plain three-byte sequences (as for
    /// `fourPlainThreeByteSequences`): three loads, and no test of a single byte.
    @inline(__always)
    static func eightPlainThreeByteSequences(_ start: UnsafePointer<UInt8>) -> Bool {
        // Little-endian: leads at bytes 0, 3, 6 of the first word, 1, 4, 7 of the second, 2 and 5 of the
        // third; continuation bytes between them.
        let first = notPlain(load(start), mask: 0xC0F0_C0C0_F0C0_C0F0, pattern: 0x80E0_8080_E080_80E0)
        let second = notPlain(load(start + 8), mask: 0xF0C0_C0F0_C0C0_F0C0, pattern: 0xE080_80E0_8080_E080)
        let third = notPlain(load(start + 16), mask: 0xC0C0_F0C0_C0F0_C0C0, pattern: 0x8080_E080_80E0_8080)
        return first | second | third == 0
    }

    /// The little-endian word of the eight bytes at `start`.
    @inline(__always)
    private static func load(_ start: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
    }

    /// Zero when the bits `mask` picks of `word` are `pattern` (leads and continuation bytes where they
    /// should be) and no byte is E0 or ED: only a lead can be either, and those two limit their second
    /// byte. A byte is looked for as a zero byte of the word's exclusive or with it (exact: the test
    /// says whether there is one, not which).
    @inline(__always)
    private static func notPlain(_ word: UInt64, mask: UInt64, pattern: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let withE0 = word ^ (ones &* 0xE0)
        let withED = word ^ (ones &* 0xED)
        let limiting = ((withE0 &- ones) & ~withE0 | (withED &- ones) & ~withED) & (ones &* 0x80)
        return ((word & mask) ^ pattern) | limiting
    }

    /// Whether the twelve bytes at `start` are four three-byte sequences that need no check beyond their
    /// bytes' high bits: leads E1–EC or EE–EF (E0 and ED limit their second byte), each followed by two
    /// continuation bytes. Two loads and a few masks instead of a dozen byte tests; a sequence that is not
    /// plain (or ASCII, or another length) fails it and goes through the byte-by-byte checks.
    @inline(__always)
    static func fourPlainThreeByteSequences(_ start: UnsafePointer<UInt8>) -> Bool {
        // Little-endian bytes 0–7 and 8–11: leads at 0, 3, 6 and 9, continuations between them.
        let low = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
        let high = UInt32(littleEndian: UnsafeRawPointer(start + 8).loadUnaligned(as: UInt32.self))
        guard low & 0xC0F0_C0C0_F0C0_C0F0 == 0x80E0_8080_E080_80E0, high & 0xC0C0_F0C0 == 0x8080_E080 else {
            return false
        }
        // The leads' low four bits: 0 (E0) and 13 (ED) are the two that are not plain.
        let leads: UInt32 =
            1 << UInt32(truncatingIfNeeded: low & 0x0F) | 1 << UInt32(truncatingIfNeeded: low >> 24 & 0x0F)
            | 1 << UInt32(truncatingIfNeeded: low >> 48 & 0x0F) | 1 << (high >> 8 & 0x0F)
        return leads & (1 << 0x0 | 1 << 0xD) == 0
    }

    /// Counts well-formed multi-byte sequences and ill-formed stretches (each maximal ill-formed
    /// subpart once), to tell UTF-8 with a few bad bytes from text in another encoding.
    static func survey(_ bytes: UnsafeBufferPointer<UInt8>) -> (multibyte: Int, invalid: Int) {
        var multibyte = 0
        var invalid = 0
        var index = 0
        while index < bytes.count {
            let rest = UnsafeBufferPointer(rebasing: bytes[index...])
            guard let bad = firstInvalidOffset(rest) else {
                multibyte += rest.reduce(0) { $0 + ($1 & 0xC0 == 0xC0 ? 1 : 0) }
                break
            }
            multibyte += rest[..<bad].reduce(0) { $0 + ($1 & 0xC0 == 0xC0 ? 1 : 0) }
            invalid += 1
            index += bad + maximalSubpartLength(rest, at: bad)
        }
        return (multibyte, invalid)
    }

    /// The length of the maximal ill-formed subpart at `index` (at least 1): the lead byte and the
    /// continuation bytes that could still have completed it.
    static func maximalSubpartLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        let needed: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; low = 0xA0
        case 0xED: needed = 2; high = 0x9F
        case 0xE1...0xEF: needed = 2
        case 0xF0: needed = 3; low = 0x90
        case 0xF4: needed = 3; high = 0x8F
        case 0xF1...0xF3: needed = 3
        default: return 1
        }
        var length = 1
        while length <= needed, index + length < bytes.count {
            let byte = bytes[index + length]
            let inRange = length == 1 ? (low...high).contains(byte) : byte & 0xC0 == 0x80
            if !inRange { break }
            length += 1
        }
        return length
    }
}
