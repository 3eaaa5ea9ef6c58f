import Testing

@testable import NovelCore

/// The position map: copied bytes map one to one, replaced bytes to their whole original range,
/// hidden bytes to nothing, and the way back finds where an original offset is shown.
@Suite struct PositionMapTests {
    /// Original "ab\"cd\nXY\nef": `ab` copied, `"` shown as “ (three bytes), `cd` copied, the line end
    /// joined without a space, `XY\n` hidden, `ef` copied.
    func sample() -> PositionMap {
        var map = PositionMap()
        map.appendCopy(0..<2)
        map.appendReplacement(2..<3, length: 3)
        map.appendCopy(3..<5)
        // 5..<6 (the line end) and 6..<9 (a hidden line) are not shown.
        map.appendCopy(9..<11)
        return map
    }

    @Test func copiedBytesMapOneToOne() {
        let map = sample()
        #expect(map.displayLength == 2 + 3 + 2 + 2)
        #expect(map.originalRange(0..<1) == 0..<1)
        #expect(map.originalRange(1..<2) == 1..<2)
        #expect(map.originalRange(5..<6) == 3..<4)
        #expect(map.originalRange(7..<8) == 9..<10)
        #expect(map.originalRange(8..<9) == 10..<11)
    }

    @Test func replacedBytesMapToTheirWholeOriginal() {
        let map = sample()
        #expect(map.originalRange(2..<5) == 2..<3)
        #expect(map.originalStart(3) == 2)
        #expect(map.originalEnd(4) == 3)
    }

    @Test func hiddenBytesFallBetweenClusters() {
        let map = sample()
        // `d` ends at 5; `e` starts at 9: the joined line end and the hidden line are in the gap.
        #expect(map.originalEnd(7) == 5)
        #expect(map.originalStart(7) == 9)
    }

    @Test func originalOffsetsFindWhereTheyAreShown() {
        let map = sample()
        #expect(map.displayOffset(ofOriginal: 0) == 0)
        #expect(map.displayOffset(ofOriginal: 2) == 2)
        #expect(map.displayOffset(ofOriginal: 4) == 6)
        // Hidden bytes: the next thing shown.
        #expect(map.displayOffset(ofOriginal: 5) == 7)
        #expect(map.displayOffset(ofOriginal: 7) == 7)
        #expect(map.displayOffset(ofOriginal: 10) == 8)
        #expect(map.displayOffset(ofOriginal: 11) == map.displayLength)
    }

    @Test func adjacentCopiesMerge() {
        var map = PositionMap()
        map.appendCopy(0..<3)
        map.appendCopy(3..<6)
        #expect(map.pieces.count == 1)
        #expect(map.originalRange(4..<5) == 4..<5)
    }

    /// Any sequence of pieces: mapping is monotonic and every display byte maps inside the text.
    @Test func mappingIsMonotonic() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var map = PositionMap()
            var original = 0
            for _ in 0..<20 {
                let length = Int.random(in: 0...4, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: map.appendCopy(original..<(original + length))
                case 1:
                    map.appendReplacement(
                        original..<(original + length), length: Int.random(in: 1...3, using: &generator))
                default: break  // hidden
                }
                original += length
            }
            var previousEnd = 0
            for offset in 0..<map.displayLength {
                let range = map.originalRange(offset..<(offset + 1))
                #expect(range.lowerBound >= previousEnd || range == map.originalRange((offset - 1)..<offset))
                #expect(range.upperBound <= original)
                previousEnd = range.upperBound
            }
        }
    }
}
