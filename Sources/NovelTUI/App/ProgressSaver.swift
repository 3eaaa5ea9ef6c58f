/// When the reading position goes to disk while the reader runs, so that a kill (a closed lid, an OOM
/// kill, a dropped SSH session) loses only the last few seconds: `quiet` after the last move, and no later
/// than `longest` after the first move not yet saved while moves keep coming. A pure policy on an
/// injected clock: the loop tells it of moves and saves, and asks when the next save is due; the loop
/// writes only when its wait for input times out, so that a page turn never waits on the disk. Quit and
/// signals write whatever is pending at once.
public struct ProgressSaver {
    public struct Delays: Equatable, Sendable {
        /// How long the position must stay put before it is written.
        public var quiet: Double
        /// The longest a move waits to be written while moves keep coming.
        public var longest: Double

        public init(quiet: Double, longest: Double) {
            self.quiet = quiet
            self.longest = longest
        }

        /// One second of stillness, at most four of steady reading: a kill loses at most four seconds.
        public static let standard = Delays(quiet: 1, longest: 4)
        /// Written at the first idle moment (tests).
        public static let immediate = Delays(quiet: 0, longest: 0)
    }

    let delays: Delays
    /// The offset last written (nil: none yet, so any position is worth writing).
    private(set) var savedOffset: Int?
    /// When the first move not yet written happened (nil: nothing pending).
    private var firstUnsaved: Double?
    /// Where the pending move went, and when it went there.
    private var pendingOffset: Int?
    private var lastMove: Double = 0
    /// After a failed write, the next attempt waits this long, so that a full disk is not hammered.
    private var notBefore: Double = -.infinity

    init(delays: Delays = .standard, savedOffset: Int? = nil) {
        self.delays = delays
        self.savedOffset = savedOffset
    }

    /// Whether a position is waiting to be written.
    var isPending: Bool { firstUnsaved != nil }

    /// The reader is at `offset` after an event at `now`. Coming back to the written place cancels the
    /// pending write; staying where the pending move went keeps its times.
    mutating func moved(to offset: Int, now: Double) {
        if offset == savedOffset {
            firstUnsaved = nil
            pendingOffset = nil
            return
        }
        if firstUnsaved == nil { firstUnsaved = now }
        if offset != pendingOffset { lastMove = now }
        pendingOffset = offset
    }

    /// When the pending position is to be written (nil: nothing pending).
    var deadline: Double? {
        guard let firstUnsaved else { return nil }
        return max(min(lastMove + delays.quiet, firstUnsaved + delays.longest), notBefore)
    }

    func isDue(now: Double) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    /// `offset` is on disk.
    mutating func saved(_ offset: Int) {
        savedOffset = offset
        firstUnsaved = nil
        pendingOffset = nil
        notBefore = -.infinity
    }

    /// The write at `now` failed: it stays pending, tried again no sooner than `longest` later.
    mutating func failed(now: Double) {
        notBefore = now + max(delays.longest, delays.quiet)
    }
}
