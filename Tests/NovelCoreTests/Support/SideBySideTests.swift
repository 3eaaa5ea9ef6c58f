import Foundation
import Testing

@testable import NovelCore

/// Jobs run side by side come back in the order of their numbers, each run once.
struct SideBySideTests {
    @Test func resultsComeBackInOrderWhicheverThreadMadeThem() {
        for count in [0, 1, 2, 3, 17, 200] {
            let results = SideBySide.results(count) { number -> (Int, String) in
                // Uneven work, so that the threads finish their jobs out of order.
                var sum = 0
                for step in 0..<((number % 5) * 2_000) { sum &+= step }
                return (number, "job \(number) \(sum >= 0)")
            }
            #expect(results.map(\.0) == Array(0..<count))
            #expect(results.map(\.1) == (0..<count).map { "job \($0) true" })
        }
    }

    @Test func aJobCanReadWhatTheCallerShares() {
        let bytes = Array(0..<UInt8(100))
        let sums = bytes.withUnsafeBufferPointer { buffer in
            SideBySide.results(10) { number in buffer[(number * 10)..<(number * 10 + 10)].reduce(0) { $0 + Int($1) } }
        }
        #expect(sums.reduce(0, +) == (0..<100).reduce(0, +))
        #expect(sums.first == 45)
    }

    @Test func aStopFlagOnceRaisedStaysRaised() {
        let flag = StopFlag()
        #expect(!flag.isRaised)
        _ = SideBySide.results(4) { number in
            if number == 0 { flag.raise() }
        }
        #expect(flag.isRaised)
    }
}
