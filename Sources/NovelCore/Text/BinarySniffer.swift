/// Tells binary files from text: NUL bytes, or many control bytes that no text encoding uses,
/// in samples from the start, middle and end. One stray NUL in a long text is tolerated.
enum BinarySniffer {
    /// Per byte value: 1 for NUL, 2 for a control byte no text uses (not TAB, LF, VT, FF, CR or ESC).
    private static let kinds: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0: 1
        case 0x01...0x08, 0x0E...0x1A, 0x1C...0x1F: 2
        default: 0
        }
    }

    /// Why `bytes` looks binary, or nil when it may be text.
    static func reason(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var sampled = 0
        var nuls = 0
        var controls = 0
        for range in SampleRanges.of(count: bytes.count) {
            sampled += range.count
            // Counted through a table, without a branch per byte: this runs before the first screen.
            for byte in bytes[range] {
                let kind = kinds[Int(byte)]
                nuls &+= Int(kind & 1)
                controls &+= Int(kind >> 1)
            }
        }
        if nuls > max(1, sampled / 1000) {
            return "\(nuls) NUL bytes in \(sampled) bytes examined; use --encoding to open it anyway"
        }
        if controls > max(8, sampled / 50) {
            return "\(controls) control bytes in \(sampled) bytes examined; use --encoding to open it anyway"
        }
        return nil
    }
}

/// Where to look in a large file: the start, the middle and the end (`length` bytes each), or all of a
/// small one.
enum SampleRanges {
    static func of(count: Int, length: Int = 1 << 16) -> [Range<Int>] {
        if count <= 3 * length { return [0..<count] }
        let middle = count / 2 - length / 2
        return [0..<length, middle..<(middle + length), (count - length)..<count]
    }
}
