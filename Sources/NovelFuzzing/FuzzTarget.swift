import Foundation

/// One libFuzzer target: what it does with an input, and how a seed file (a book from `books/` or the
/// corpus) becomes an input for it. A target must never trap on any input; its checks trap on purpose
/// (`FuzzCheck`) when an invariant of the core breaks, so that the fuzzer reports it.
public struct FuzzTarget: Sendable {
    public let name: String
    /// One line for `scripts/fuzz --list`.
    public let summary: String
    /// The libFuzzer dictionary files (in `Sources/NovelFuzzing/Dictionaries`) that suit its inputs.
    public let dictionaries: [String]
    public let run: @Sendable ([UInt8]) -> Void
    /// Turns the bytes of a seed file into seed inputs (an empty list skips the file).
    public let seeds: @Sendable ([UInt8]) -> [[UInt8]]

    public init(
        name: String, summary: String, dictionaries: [String] = [], run: @escaping @Sendable ([UInt8]) -> Void,
        seeds: @escaping @Sendable ([UInt8]) -> [[UInt8]] = { [Array($0.prefix(FuzzTarget.seedLength))] }
    ) {
        self.name = name
        self.summary = summary
        self.dictionaries = dictionaries
        self.run = { bytes in Self.turns.withLock { run(bytes) } }
        self.seeds = { bytes in Self.turns.withLock { seeds(bytes) } }
    }

    /// Targets take turns: those that read files share one home (`FuzzHome`), whose folders one input
    /// clears while another's are written, and the tests run targets side by side (libFuzzer runs one).
    private static let turns = NSLock()

    /// Seeds longer than this are cut: libFuzzer mutates small inputs many times faster than whole books.
    public static let seedLength = 16 * 1024
}

/// Every target. Adding a target is one line here (and its file).
public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        DecodingFuzzTarget.target,
        SplitterFuzzTarget.target,
        LayoutFuzzTarget.target,
        StateFuzzTarget.target,
        SettingsFuzzTarget.target,
        BookStateFuzzTarget.target,
        LibraryCacheFuzzTarget.target,
        ChapterIndexCacheFuzzTarget.target,
        KeyFuzzTarget.target,
        TransformFuzzTarget.target,
        ConversionFuzzTarget.target,
        ConversionTablesFuzzTarget.target,
        RulesFuzzTarget.target,
        EpubFuzzTarget.target,
        SyncMergeFuzzTarget.target,
        WebDAVListingFuzzTarget.target,
        LegadoProgressFuzzTarget.target,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
