import Testing

@testable import NovelCore

/// Line ends found by `memchr` are where a walk byte by byte finds them, from any start to any limit.
@Suite struct LineBoundsTests {
    @Test func linesEndAndStartWhereAWalkByteByByteFindsThem() {
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<200 {
            // Mostly text with a line feed now and then, runs of them, and lines longer than a vector.
            let count = Int.random(in: 0...300, using: &generator)
            let bytes = (0..<count).map { _ -> UInt8 in
                Int.random(in: 0..<12, using: &generator) == 0 ? 0x0A : UInt8.random(in: 0x20...0xFF, using: &generator)
            }
            bytes.withUnsafeBufferPointer { buffer in
                for _ in 0..<10 {
                    let start = Int.random(in: 0...count, using: &generator)
                    let limit = Int.random(in: 0...count, using: &generator)
                    var walk = start
                    while walk < limit, buffer[walk] != 0x0A { walk += 1 }
                    #expect(LineBounds.end(buffer, from: start, limit: limit) == walk)
                    #expect(LineBounds.nextStart(buffer, after: start, limit: limit) == (walk < limit ? walk + 1 : nil))
                    var back = start
                    while back > 0, buffer[back - 1] != 0x0A { back -= 1 }
                    #expect(LineBounds.start(buffer, of: start) == back)
                    var forward = start
                    while forward > 0, forward < count, buffer[forward - 1] != 0x0A { forward += 1 }
                    #expect(LineBounds.start(buffer, atOrAfter: start) == forward)
                }
                #expect(LineBounds.end(buffer, from: 0) == (buffer.firstIndex(of: 0x0A) ?? count))
            }
        }
    }

    @Test func anEmptyTextHasOneEmptyLine() {
        [UInt8]().withUnsafeBufferPointer { buffer in
            #expect(LineBounds.end(buffer, from: 0) == 0)
            #expect(LineBounds.nextStart(buffer, after: 0, limit: 0) == nil)
            #expect(LineBounds.start(buffer, of: 0) == 0)
        }
    }
}
