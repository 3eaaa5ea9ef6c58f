import Foundation

/// Recognises UTF-16 without a byte-order mark by its line ends and spaces: `0A 00`, `0D 00` and `20 00`
/// code units in little-endian text (`00 0A`… in big-endian), which no other encoding produces at even
/// offsets. It must run before the binary check, because UTF-16 is full of NUL bytes.
enum UTF16Sniffer {
    struct Guess: Equatable {
        var encoding: String
        /// Percent of code units that are ordinary characters (not NUL, controls or broken surrogates).
        var confidence: Int
    }

    static let sampleLength = 1 << 18

    static func guess(_ bytes: UnsafeBufferPointer<UInt8>) -> Guess? {
        let length = min(bytes.count, sampleLength) & ~1
        guard length >= 4 else { return nil }
        let sample = UnsafeBufferPointer(rebasing: bytes[..<length])
        guard let base = sample.baseAddress, memchr(base, 0, length) != nil else { return nil }  // no NUL: not UTF-16
        let little = survey(sample, bigEndian: false)
        let big = survey(sample, bigEndian: true)
        let (winner, loser, encoding) =
            little.separators >= big.separators
            ? (little, big, "UTF-16LE") : (big, little, "UTF-16BE")
        let units = length / 2
        // Text has line ends or spaces every few hundred characters at least; one stray `0A 00` in UTF-8
        // text with a NUL in it must not make it UTF-16.
        guard winner.separators >= 2, winner.separators * 1000 >= units, winner.separators >= 4 * loser.separators + 1
        else { return nil }
        let bad = winner.nuls + winner.controls + winner.brokenSurrogates
        guard bad * 100 <= units else { return nil }
        return Guess(encoding: encoding, confidence: 100 - (bad * 100 + units - 1) / units)
    }

    private struct Survey {
        var separators = 0
        var nuls = 0
        var controls = 0
        var brokenSurrogates = 0
    }

    private static func survey(_ sample: UnsafeBufferPointer<UInt8>, bigEndian: Bool) -> Survey {
        var result = Survey()
        var pendingHigh = false
        var index = 0
        while index + 1 < sample.count {
            let first = UInt16(sample[index])
            let second = UInt16(sample[index + 1])
            let unit = bigEndian ? first << 8 | second : second << 8 | first
            index += 2
            switch unit {
            case 0x0A, 0x0D, 0x20: result.separators += 1
            case 0: result.nuls += 1
            case 0x09, 0x0C: break
            case 0x01..<0x20: result.controls += 1
            case 0xD800...0xDBFF:
                if pendingHigh { result.brokenSurrogates += 1 }
                pendingHigh = true
                continue
            case 0xDC00...0xDFFF:
                if !pendingHigh { result.brokenSurrogates += 1 }
            default: break
            }
            if pendingHigh && !(0xDC00...0xDFFF).contains(unit) { result.brokenSurrogates += 1 }
            pendingHigh = false
        }
        return result
    }
}
