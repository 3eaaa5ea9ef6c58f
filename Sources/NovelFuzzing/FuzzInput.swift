/// Reads small choices (widths, settings, record kinds) off the front of a fuzz input, then hands over
/// the rest; a short input reads as zeros, so every input means something.
struct FuzzInput {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var rest: [UInt8] { Array(bytes[min(offset, bytes.count)...]) }
    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// A value in `range`, from one byte.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(byte()) % (range.upperBound - range.lowerBound + 1)
    }

    mutating func uint32() -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, _ in value << 8 | UInt32(byte()) }
    }
}
