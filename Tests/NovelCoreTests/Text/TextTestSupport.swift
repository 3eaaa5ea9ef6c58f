import Foundation

/// A small seeded generator (SplitMix64) so that random tests repeat exactly for a given seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension Collection where Element == UInt8 {
    /// The bytes as a string, for readable expectations (the bytes must be valid UTF-8).
    var utf8String: String { String(decoding: self, as: UTF8.self) }
}

/// Random text drawn from the ranges novels and their edge cases use, as a Swift string.
func randomText(length: Int, using generator: inout SeededGenerator) -> String {
    let pools: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x4E00...0x9FFF, 0x3000...0x303F, 0xFF00...0xFFEF, 0x0300...0x036F, 0x1100...0x11FF,
        0xAC00...0xD7A3, 0x1F300...0x1F6FF, 0x1F1E6...0x1F1FF, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF,
        0x200B...0x200F, 0x2000...0x206F, 0x00A0...0x024F, 0x0E00...0x0E7F, 0x0900...0x097F,
        0x20000...0x2A6DF, 0xE000...0xE0FF, 0x0600...0x06FF, 0x2600...0x27BF, 0x20E3...0x20E3,
    ]
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
        if Int.random(in: 0..<12, using: &generator) == 0 { scalars.append("\n"); continue }
        let pool = pools.randomElement(using: &generator)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &generator)) { scalars.append(scalar) }
    }
    return String(scalars)
}
