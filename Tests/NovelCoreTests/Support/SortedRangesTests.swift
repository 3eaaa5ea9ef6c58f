import Testing

@testable import NovelCore

/// The binary searches agree with a plain scan over many ranges and queries: gaps, touching ranges,
/// queries that fall in a gap, before the first and after the last range, and empty queries.
@Suite struct SortedRangesTests {
    /// Ranges in text order with gaps of 0 to 3 bytes and lengths of 1 to 4, made from a fixed seed.
    static func ranges(seed: UInt64, count: Int) -> [Range<Int>] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var ranges: [Range<Int>] = []
        var start = next(3)
        for _ in 0..<count {
            let length = 1 + next(4)
            ranges.append(start..<start + length)
            start += length + next(4)
        }
        return ranges
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func agreesWithAScan(seed: UInt64) {
        let ranges = Self.ranges(seed: seed, count: 40)
        let end = ranges.last!.upperBound + 3
        for lower in 0...end {
            for upper in lower...min(lower + 9, end) {
                let query = lower..<upper
                let scanned = ranges.indices.filter { ranges[$0].overlaps(query) }
                let found = SortedRanges.overlapping(query, in: ranges, range: { $0 })
                #expect(Array(found) == scanned, "\(query) in \(ranges)")
                #expect(SortedRanges.firstOverlapping(query, in: ranges, range: { $0 }) == scanned.first)
            }
            let ending = ranges.firstIndex { $0.upperBound > lower } ?? ranges.count
            #expect(SortedRanges.firstEnding(after: lower, in: ranges, range: { $0 }) == ending)
        }
    }

    @Test func aSliceAnswersInPositionsFromItsStart() {
        let ranges = [0..<2, 4..<6, 8..<10, 12..<14]
        let slice = ranges[1...]
        #expect(SortedRanges.overlapping(5..<9, in: slice, range: { $0 }) == 0..<2)
        #expect(SortedRanges.firstOverlapping(12..<13, in: slice, range: { $0 }) == 2)
        #expect(SortedRanges.firstOverlapping(6..<8, in: slice, range: { $0 }) == nil)
    }
}
