/// A 128-bit digest of a run of bytes with its length: what a cache entry is keyed by, so that an entry
/// is used only for the very bytes it was made from. Not cryptographic (a cache of one's own files
/// needs no defence against forged collisions); two independent 64-bit lanes, eight bytes a step, so that
/// keying a chapter costs little beside converting it.
public struct ByteDigest: Hashable, Sendable {
    public var count: Int
    public var high: UInt64
    public var low: UInt64

    public static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> ByteDigest {
        var high: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var low: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        @inline(__always) func rotated(_ value: UInt64, _ bits: UInt64) -> UInt64 {
            value << bits | value >> (64 - bits)
        }
        @inline(__always) func mix(_ word: UInt64) {
            high = rotated(high ^ (word &* 0x87C3_7B91_1142_53D5), 31) &* 0x4CF5_AD43_2745_937F &+ 0x52DC_E729
            low = rotated(low ^ (word &* 0xFF51_AFD7_ED55_8CCD), 27) &* 0xC4CE_B9FE_1A85_EC53 &+ 0x3849_5AB5
        }
        guard let base = bytes.baseAddress else { return ByteDigest(count: 0, high: finish(high), low: finish(low)) }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        if index < bytes.count {
            var tail: UInt64 = 0
            for (shift, byte) in bytes[index...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
            mix(tail ^ 0x8000_0000_0000_0000)
        }
        return ByteDigest(count: bytes.count, high: finish(high), low: finish(low ^ high))
    }

    public static func of(_ bytes: [UInt8]) -> ByteDigest {
        bytes.withUnsafeBufferPointer { of($0) }
    }

    /// MurmurHash3's final mix: every input bit reaches every output bit.
    private static func finish(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
