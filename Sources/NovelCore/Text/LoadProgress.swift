import Synchronization

/// How far the opening of a whole book has got, from 0 to 1: the loading thread moves it on as its
/// passes go over the text (bytes decoded, checked, fingerprinted, scanned for headings), and whoever
/// shows the wait (the reader's status bar, a command's line on stderr) reads `fraction` on a tick of
/// its own. Only ever moves forward.
public final class LoadProgress: Sendable {
    // Written by one thread, read by another (a few hundred times per book).
    private let done = Mutex(0.0)

    public init() {}

    /// The share of the work done, 0...1.
    public var fraction: Double { done.withLock { $0 } }

    /// The whole of the work, to be divided among its passes (`LoadStep.parts`).
    public var whole: LoadStep { LoadStep(progress: self, start: 0, share: 1) }

    fileprivate func advance(to value: Double) {
        done.withLock { $0 = max($0, min(1, value)) }
    }
}

/// One pass's part of a `LoadProgress`: the pass reports how many of its bytes it has gone over, and
/// the part turns that into the whole's fraction. `none` reports nowhere, for work nobody watches.
public struct LoadStep: Sendable {
    let progress: LoadProgress?
    let start: Double
    let share: Double

    /// A step that reports nowhere.
    public static let none = LoadStep(progress: nil, start: 0, share: 0)

    /// How often a pass over a long text reports: a few hundred times for a gigabyte, and a lock
    /// taken that seldom costs nothing measurable against the pass itself.
    public static let reportBytes = 1 << 22

    /// The step cut into consecutive parts in proportion to `weights` (one per pass, in the order they run).
    public func parts(_ weights: [Double]) -> [LoadStep] {
        let total = weights.reduce(0, +)
        guard total > 0 else { return weights.map { _ in self } }
        var start = self.start
        return weights.map { weight in
            let part = LoadStep(progress: progress, start: start, share: share * weight / total)
            start += part.share
            return part
        }
    }

    /// The pass has gone over `done` of its `count` bytes.
    public func reached(_ done: Int, of count: Int) {
        guard let progress, count > 0 else { return }
        progress.advance(to: start + share * Double(min(done, count)) / Double(count))
    }

    /// The pass is over (or was not needed: a chapter index from the cache).
    public func finish() {
        progress?.advance(to: start + share)
    }

    /// Runs `body` over consecutive pieces of `0..<count` of about `reportBytes` each, in order, and
    /// reports after each; `boundary` moves a piece's end forward to where a piece may end (past the
    /// rest of a character, say). `body` returns false to stop early.
    public func forEachPiece(count: Int, boundary: (Int) -> Int = { $0 }, _ body: (Range<Int>) -> Bool) {
        var start = 0
        while start < count {
            let end = min(count, max(start + Self.reportBytes, boundary(start + Self.reportBytes)))
            guard body(start..<end) else { return }
            start = end
            reached(start, of: count)
        }
    }
}
