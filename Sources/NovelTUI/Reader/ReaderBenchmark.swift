import NovelCore

/// Hooks for the benchmark suite: from a key to the finished screen model, through the same
/// `handle` and `screen()` the terminal uses.
public enum ReaderBenchmark {
    /// One page turn (`PgDn`) and the screen it produces.
    public static func pageTurn(_ reader: inout Reader, now: Double = 0) -> Screen {
        _ = reader.handle(.key(.pageDown), now: now)
        return reader.screen()
    }

    /// Opens the TOC, selects `entry` and presses Enter: a jump into a chapter that may not be laid out yet.
    public static func tocJump(_ reader: inout Reader, to entry: Int, now: Double = 0) -> Screen {
        _ = reader.handle(.key(.tab), now: now)
        reader.selectInTOC(entry)
        _ = reader.handle(.key(.enter), now: now)
        return reader.screen()
    }

    /// The TOC entry on screen, to check where a benchmark's jumps landed.
    public static func currentEntry(_ reader: Reader) -> Int { reader.currentEntry }
}
