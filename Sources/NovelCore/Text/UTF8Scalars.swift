/// Bytes of the UTF-8 sequence that starts with `lead` (of valid UTF-8: a continuation byte is not a lead).
@inline(__always)
func utf8SequenceLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

/// Decodes the scalar starting at `index` of valid UTF-8 (BookText guarantees validity).
/// Returns the scalar value and the index just past it.
@inline(__always)
func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, next: Int) {
    decodeScalar(bytes.baseAddress!, at: index)
}

/// Like `decodeScalar(_:at:)` on a raw pointer, without bounds checks.
@inline(__always)
func decodeScalar(_ bytes: UnsafePointer<UInt8>, at index: Int) -> (value: UInt32, next: Int) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, index + 1) }
    if lead < 0xE0 {
        return (((lead & 0x1F) << 6) | UInt32(bytes[index + 1] & 0x3F), index + 2)
    }
    if lead < 0xF0 {
        return (
            ((lead & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F),
            index + 3
        )
    }
    let value =
        ((lead & 0x07) << 18) | (UInt32(bytes[index + 1] & 0x3F) << 12)
        | (UInt32(bytes[index + 2] & 0x3F) << 6) | UInt32(bytes[index + 3] & 0x3F)
    return (value, index + 4)
}

/// Like `decodeScalar(_:at:)`, but never reads at or past `count`: a sequence cut short by the end of
/// the buffer (a caller slicing mid-character) decodes as U+FFFD covering the remaining bytes.
@inline(__always)
func decodeScalar(_ bytes: UnsafePointer<UInt8>, at index: Int, count: Int) -> (value: UInt32, next: Int) {
    if count - index >= 4 { return decodeScalar(bytes, at: index) }
    let length = utf8SequenceLength(bytes[index])
    if index + length > count { return (0xFFFD, count) }
    return decodeScalar(bytes, at: index)
}

/// The scalar of the well-formed UTF-8 sequence at `index` of any bytes, ending by `end` (shortest form,
/// no surrogates, nothing past U+10FFFF), and its length in bytes; nil for a byte that does not start one.
@inline(__always)
func decodeWellFormedScalar(_ bytes: UnsafePointer<UInt8>, at index: Int, end: Int) -> (value: UInt32, length: Int)? {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, 1) }
    let (length, smallest): (Int, UInt32) =
        switch lead {
        case 0xC2...0xDF: (2, 0x80)
        case 0xE0...0xEF: (3, 0x800)
        case 0xF0...0xF4: (4, 0x1_0000)
        default: (0, 0)
        }
    guard length > 0, end - index >= length else { return nil }
    var value = lead & (0x7F >> UInt32(length))
    for offset in 1..<length {
        let byte = UInt32(bytes[index + offset])
        guard byte & 0xC0 == 0x80 else { return nil }
        value = value << 6 | byte & 0x3F
    }
    guard value >= smallest, value <= 0x10_FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
    return (value, length)
}

/// Unicode scalars in `range` of valid UTF-8, eight bytes at a time: every byte that does not continue a
/// sequence (top bits 10) starts one.
func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var continuations = 0
    var index = range.lowerBound
    while index + 8 <= range.upperBound {
        let words = min((range.upperBound - index) / 8, maximumWordsPerContinuationCount)
        continuations += continuationBytes(base, from: index, words: words)
        index += words * 8
    }
    while index < range.upperBound {
        if bytes[index] & 0xC0 == 0x80 { continuations += 1 }
        index += 1
    }
    return range.count - continuations
}

/// `continuationBytes(_:from:words:)` counts in one byte per lane, so at most this many words at a time.
let maximumWordsPerContinuationCount = 255

/// The bytes that continue a UTF-8 sequence (top bits 10) in `words` eight-byte words from `start`, at most
/// `maximumWordsPerContinuationCount`: each byte's flag is added into its own lane of one register and the
/// lanes are summed once at the end (cheaper than a population count per word where the CPU has none).
@inline(__always)
func continuationBytes(_ base: UnsafePointer<UInt8>, from start: Int, words: Int) -> Int {
    var lanes: UInt64 = 0
    var index = start
    for _ in 0..<words {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        lanes &+= (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
        index += 8
    }
    // Eight lanes of at most 255 each: add pairs into 16-bit lanes first, then sum those.
    let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
    return Int((pairs &* 0x0001_0001_0001_0001) >> 48)
}
