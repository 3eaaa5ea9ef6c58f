/// Reads a cache record (little-endian 64-bit integers and length-prefixed strings, written by
/// `BinaryRecordWriter`) with bounds checks: a truncated or damaged file reads as nil, never a trap.
struct BinaryRecordReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
    }

    mutating func integer() -> Int? {
        guard let raw = take(8) else { return nil }
        return Int(Int64(littleEndian: raw.loadUnaligned(as: Int64.self)))
    }

    mutating func string() -> String? {
        rawString().flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// A string's bytes, not yet made into a String.
    mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard let length = integer(), let raw = take(length) else { return nil }
        return raw.bindMemory(to: UInt8.self)
    }
}

/// Writes what `BinaryRecordReader` reads.
struct BinaryRecordWriter {
    private(set) var bytes: [UInt8] = []

    mutating func integer(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) { raw(Array(value.utf8)) }

    /// Length-prefixed bytes.
    mutating func raw(_ value: some Collection<UInt8>) {
        integer(value.count)
        bytes.append(contentsOf: value)
    }
}
