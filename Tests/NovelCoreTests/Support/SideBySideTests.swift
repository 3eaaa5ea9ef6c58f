import Foundation
import NovelTestSupport
import Synchronization
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

    @Test func manyShortJobsAreEachRunOnce() {
        // Short jobs make the threads ask for the next number at nearly the same moments.
        let count = 20_000
        let runs = Runs(count)
        let results = SideBySide.results(count) { number in
            runs.count(number)
            return number
        }
        #expect(results == Array(0..<count))
        #expect(runs.counts == Array(repeating: 1, count: count))
    }

    @Test func aStopFlagRaisedOnOneThreadIsSeenByTheOthers() {
        let flag = StopFlag()
        let seen = allAtOnce(6) { thread -> Bool in
            if thread == 0 {
                flag.raise()
                return true
            }
            // Looks until it sees the flag (a bounded number of times: a flag never seen fails, not hangs).
            var looks = 0
            while !flag.isRaised, looks < 100_000_000 { looks += 1 }
            return flag.isRaised
        }
        #expect(seen == Array(repeating: true, count: 6))
    }
}

/// How many times each job ran.
private final class Runs: Sendable {
    private let tally: Mutex<[Int]>

    init(_ jobs: Int) { tally = Mutex(Array(repeating: 0, count: jobs)) }

    func count(_ job: Int) { tally.withLock { $0[job] += 1 } }
    var counts: [Int] { tally.withLock { $0 } }
}
