import CICU

/// What ICU decodes every two-byte sequence of a double-byte charset (GB18030, Big5-HKSCS) to, as UTF-8,
/// so that `StreamingDecoder` can decode the common case — ASCII and two-byte characters — by looking
/// them up instead of going through ICU's converter and its UTF-16 pivot (about 6 ns a byte).
///
/// ICU stays the one source of the mapping: the table is built at first use by asking ICU to decode
/// every lead byte 0x81–0xFE with every trail byte 0x40–0xFE once. A sequence goes into the table only
/// when ICU decodes it cleanly to one character of at most three UTF-8 bytes; every other sequence (an
/// unmappable or illegal one, a four-byte GB18030 sequence, a Big5-HKSCS pair that maps to two
/// characters or beyond the BMP) is left to ICU itself by the decoder.
///
/// Immutable once built (hence `@unchecked Sendable`: it owns its memory and never frees it while shared).
final class DoubleByteTable: @unchecked Sendable {
    /// Indexed by `lead << 8 | trail` (65,536 entries): the UTF-8 bytes in the low three bytes (first byte
    /// lowest) and their count in the top byte; 0 for a pair ICU must decode.
    let entries: UnsafePointer<UInt32>

    /// Whether decoding `count` bytes pays for building the table (once a process): below this size ICU
    /// alone decodes them sooner (docs/benchmarks.md, *Costs behind the code's shape*). A first screen's 128 KB is decoded by ICU alone.
    static func pays(for count: Int) -> Bool { count >= 512 * 1024 }

    /// The table for a decoder name `StreamingDecoder` gets, or nil for a charset it is not made for.
    static func forEncoding(_ encoding: String) -> DoubleByteTable? {
        switch encoding {
        case "GB18030": gb18030
        case "Big5-HKSCS": big5HKSCS
        default: nil
        }
    }

    private static let gb18030 = DoubleByteTable(encoding: "GB18030")
    private static let big5HKSCS = DoubleByteTable(encoding: "Big5-HKSCS")

    /// The lead and trail bytes asked about.
    static let leads: ClosedRange<UInt8> = 0x81...0xFE
    static let trails: ClosedRange<UInt8> = 0x40...0xFE

    /// Builds the table from ICU; nil when ICU does not decode ASCII as itself in `encoding` (the
    /// decoder copies ASCII bytes) or fails.
    init?(encoding: String) {
        // Each pair is followed by a newline, so that a pair ICU rejects cannot pull the next one out of
        // step: after "lead trail \n" the converter is back at its start whatever it made of the pair.
        var source: [UInt8] = Array(0..<0x80)
        let pairsStart = source.count
        for lead in Self.leads {
            for trail in Self.trails { source += [lead, trail, 0x0A] }
        }
        guard let decoded = Self.utf16WithOffsets(source, encoding: encoding) else { return nil }
        // ASCII first: one code unit each, equal to the byte.
        for byte in 0..<pairsStart where decoded.offsets[byte] != Int32(byte) || decoded.units[byte] != UInt16(byte) {
            return nil
        }
        var entries = [UInt32](repeating: 0, count: 1 << 16)
        // Offsets never go down, so each source offset's code units are one run, walked in order.
        var cursor = pairsStart
        func units(at offset: Int) -> ArraySlice<UInt16> {
            while cursor < decoded.units.count, decoded.offsets[cursor] < offset { cursor += 1 }
            let start = cursor
            while cursor < decoded.units.count, decoded.offsets[cursor] == offset { cursor += 1 }
            return decoded.units[start..<cursor]
        }
        var pairOffset = pairsStart
        for lead in Self.leads {
            for trail in Self.trails {
                defer { pairOffset += 3 }
                // Clean: one code unit from the pair, none from its trail alone, the newline itself.
                let character = units(at: pairOffset)
                let fromTrail = units(at: pairOffset + 1)
                let newline = units(at: pairOffset + 2)
                guard character.count == 1, let unit = character.first, fromTrail.isEmpty, newline.elementsEqual([0x0A])
                else { continue }
                // U+FFFD is what ICU writes for a sequence it rejects; surrogates never stand alone;
                // below U+00A0 are the characters `TextNormaliser` may change (the decoder tells it
                // that table characters need no look).
                guard unit >= 0xA0, unit != 0xFFFD, !(0xD800...0xDFFF).contains(unit) else { continue }
                entries[Int(lead) << 8 | Int(trail)] = Self.entry(utf8Of: UInt32(unit))
            }
        }
        let storage = UnsafeMutablePointer<UInt32>.allocate(capacity: entries.count)
        storage.initialize(from: entries, count: entries.count)
        self.entries = UnsafePointer(storage)
    }

    deinit { entries.deallocate() }

    /// Whether ICU's character for `lead, trail` is in the table (for tests and counts).
    func contains(lead: UInt8, trail: UInt8) -> Bool { entries[Int(lead) << 8 | Int(trail)] != 0 }

    /// The UTF-8 of a scalar from U+00A0 to U+FFFF packed as an entry.
    static func entry(utf8Of scalar: UInt32) -> UInt32 {
        if scalar < 0x800 { return (0xC0 | scalar >> 6) | (0x80 | scalar & 0x3F) << 8 | 2 << 24 }
        return (0xE0 | scalar >> 12) | (0x80 | (scalar >> 6) & 0x3F) << 8 | (0x80 | scalar & 0x3F) << 16 | 3 << 24
    }

    /// ICU's UTF-16 for `source`, with the source offset of each code unit.
    private static func utf16WithOffsets(_ source: [UInt8], encoding: String) -> (units: [UInt16], offsets: [Int32])? {
        // No sequence of these decodes to more than two code units a byte.
        let capacity = 2 * source.count
        var units = [UInt16](repeating: 0, count: capacity)
        var offsets = [Int32](repeating: 0, count: capacity)
        var error: Int32 = 0
        let written = nicu_decode_utf16_with_offsets(
            encoding, source, Int32(source.count), &units, &offsets, Int32(capacity), &error)
        guard error <= 0 else { return nil }
        return (Array(units[..<Int(written)]), Array(offsets[..<Int(written)]))
    }
}
