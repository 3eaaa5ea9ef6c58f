/// Tells binary files from text: NUL bytes, or many control bytes that no text encoding uses,
/// in samples from the start, middle and end. One stray NUL in a long text is tolerated.
enum BinarySniffer {
    /// Why `bytes` looks binary, or nil when it may be text.
    static func reason(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var sampled = 0
        var nuls = 0
        var controls = 0
        for range in SampleRanges.of(count: bytes.count) {
            sampled += range.count
            for byte in bytes[range] {
                switch byte {
                case 0: nuls += 1
                case 0x01...0x08, 0x0E...0x1A, 0x1C...0x1F: controls += 1
                default: break
                }
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
