import Testing

@testable import NovelCore

/// The digest that keys cached conversions: the same bytes give the same digest, and any change to
/// one byte, the length or the order gives another.
@Suite struct ByteDigestTests {
    static let sample = Array("第一章 开始\n他放松了心情，U盘坏了。\nEnd of line 37.".utf8)

    @Test func theSameBytesGiveTheSameDigest() {
        #expect(ByteDigest.of(Self.sample) == ByteDigest.of(Array(Self.sample)))
        #expect(ByteDigest.of(Self.sample).count == Self.sample.count)
    }

    @Test func everyByteChangedGivesAnotherDigest() {
        let original = ByteDigest.of(Self.sample)
        var seen: Set<ByteDigest> = [original]
        for index in Self.sample.indices {
            var changed = Self.sample
            changed[index] ^= 0x01
            let digest = ByteDigest.of(changed)
            #expect(digest != original, "byte \(index)")
            seen.insert(digest)
        }
        #expect(seen.count == Self.sample.count + 1)
    }

    @Test func lengthAndOrderCount() {
        // Trailing zero bytes (the tail word's padding) and swapped words are other inputs.
        #expect(ByteDigest.of([1, 2, 3]) != ByteDigest.of([1, 2, 3, 0]))
        #expect(ByteDigest.of([]) != ByteDigest.of([0]))
        let words = Array("ABCDEFGHabcdefgh".utf8)
        #expect(ByteDigest.of(words) != ByteDigest.of(Array(words[8...] + words[..<8])))
    }
}
