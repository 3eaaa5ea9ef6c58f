import NovelTestSupport
import Testing

@testable import NovelCore

/// The pool of ICU break iterators is shared by every thread that measures text: an iterator is lent
/// to one thread at a time, so clusters measured on many threads at once are the ones measured alone.
struct BreakIteratorPoolTests {
    /// Lines whose clusters ICU must find (ZWJ sequences, flags, combining marks, Hangul jamo), each
    /// different, so that an iterator lent to two threads at once would cut one thread's text at the
    /// other's boundaries.
    static let lines: [String] = (0..<24).map { number in
        let pieces = ["👩‍👩‍👧", "🇨🇳🇯🇵", "e\u{301}\u{302}", "\u{1100}\u{1161}\u{11A8}", "👍🏽", "字", "a"]
        return (0..<(20 + number)).map { pieces[($0 * 7 + number) % pieces.count] }.joined()
    }

    static func clusters(_ line: String) -> [Range<Int>] {
        var line = line
        return line.withUTF8 { bytes in
            var found: [Range<Int>] = []
            DisplayWidth().forEachCluster(in: bytes) { range, _ in found.append(range) }
            return found
        }
    }

    @Test func clustersMeasuredOnManyThreadsAtOnceAreTheClustersMeasuredAlone() {
        let alone = Self.lines.map(Self.clusters)
        #expect(alone.allSatisfy { $0.count >= 20 }, "the lines are measured cluster by cluster")
        let mismatches = allAtOnce(8) { thread in
            (0..<300).compactMap { round -> String? in
                let index = (thread * 5 + round) % Self.lines.count
                return Self.clusters(Self.lines[index]) == alone[index]
                    ? nil : "thread \(thread), round \(round), line \(index)"
            }
        }
        #expect(mismatches.count == 8)
        #expect(mismatches.flatMap { $0 } == [String]())
    }
}
