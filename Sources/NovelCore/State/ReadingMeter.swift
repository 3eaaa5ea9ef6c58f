/// Measures this reader's speed from page turns over time, on the host's clock: the time between two
/// forward turns counts as reading the page left behind, unless it was a pause (longer than
/// `idleLimit`) or a flick (faster than anyone reads). A jump restarts the measure (`restart`); the
/// first move after it only starts the clock.
public struct ReadingMeter: Sendable {
    /// A page looked at longer than this was not all reading: the reader left.
    public static let idleLimit = 120.0
    /// Faster than this is flicking through, not reading (about 3,000 characters a minute).
    public static let fastestCharactersPerSecond = 50.0

    /// What was measured in this session.
    public private(set) var measured = ReadingTime()
    /// The page on screen and when it came.
    private var shown: (offset: Int, since: Double)?

    public init() {}

    /// After a jump: the next move starts the measure again, so what the jump skipped never counts.
    public mutating func restart() {
        shown = nil
    }

    /// The screen moved on to `offset` by reading (a page turn, a scrolled line, auto page turn).
    /// `characters` counts the characters of a byte range (the page left behind).
    public mutating func turned(to offset: Int, now: Double, characters: (Range<Int>) -> Int) {
        defer { shown = (offset, now) }
        guard let shown, offset > shown.offset else { return }  // a start, or a step back: nothing read
        let seconds = now - shown.since
        guard seconds > 0, seconds <= Self.idleLimit else { return }
        let read = characters(shown.offset..<offset)
        guard Double(read) <= seconds * Self.fastestCharactersPerSecond else { return }
        measured.characters += read
        measured.seconds += seconds
    }
}
