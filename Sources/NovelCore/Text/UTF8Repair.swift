/// Bytes read as UTF-8 where some are not: each byte that starts no well-formed sequence becomes `?`, one
/// byte for one, so that every offset into the bytes stays where it was. A browser shows U+FFFD there, which
/// would take three bytes; a parser left to meet such a byte switches the rest of the document to Latin-1.
enum UTF8Repair {
    static let replacement = UInt8(ascii: "?")

    /// `bytes` with each byte that starts no well-formed sequence replaced, or nil when there is none (then
    /// nothing is copied).
    static func repaired(_ bytes: [UInt8]) -> [UInt8]? {
        var copy: [UInt8]?
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count,
                let bad = UTF8Validator.firstInvalidOffset(UnsafeBufferPointer(rebasing: buffer[index...]))
            {
                if copy == nil { copy = bytes }
                copy?[index + bad] = replacement
                index += bad + 1
            }
        }
        return copy
    }

    /// Whether `bytes` are the start of a well-formed sequence cut short by their end (a lead byte and fewer
    /// continuation bytes than it asks for), which more bytes could complete.
    static func isCutSequence(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let lead = bytes.first, (0xC2...0xF4).contains(lead) else { return false }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return bytes.count < length && bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
    }
}
