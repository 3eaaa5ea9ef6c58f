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
    let lead = bytes[index]
    let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    if index + length > count { return (0xFFFD, count) }
    return decodeScalar(bytes, at: index)
}
