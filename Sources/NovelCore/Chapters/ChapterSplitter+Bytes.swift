import Foundation

/// Byte helpers the scan and the checks share: ranges of the book's bytes as text, compared, cut, counted.
extension ChapterSplitter {
    /// The bytes at `range` as a String.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether two ranges of the text hold the same bytes.
    static func sameBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count, let base = bytes.baseAddress else { return first.count == second.count }
        return first.lowerBound == second.lowerBound
            || memcmp(base + first.lowerBound, base + second.lowerBound, first.count) == 0
    }

    /// The byte offset of the scalar at index `scalars` in `range`, or nil past its end (the end itself is
    /// an offset).
    static func scalarOffset(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ scalars: Int) -> Int? {
        var index = range.lowerBound
        var seen = 0
        while seen < scalars {
            guard index < range.upperBound else { return nil }
            index += 1
            while index < range.upperBound, bytes[index] & 0xC0 == 0x80 { index += 1 }
            seen += 1
        }
        return index
    }

    /// The end of the first `maximum` bytes of `start..<end`, moved back to a character boundary.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, maximum: Int) -> Int {
        var cut = min(end, start + maximum)
        while cut > start, cut < end, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    /// Cells a line takes, counting everything from U+1100 up as wide (close enough to judge a heading).
    static func cells(_ scalars: [Unicode.Scalar]) -> Int {
        var width = 0
        for scalar in scalars { width += scalar.value >= 0x1100 ? 2 : 1 }
        return width
    }
}
