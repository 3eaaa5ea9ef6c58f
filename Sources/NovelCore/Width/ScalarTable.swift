import CICU

/// Everything the fast width path needs about a scalar, one byte per code point in a two-stage table
/// built once from ICU's properties: the width kind (bits 0–1), ICU's Grapheme_Cluster_Break value
/// (bits 2–6) and Extended_Pictographic (bit 7). The one shared instance lives as long as the process
/// and is read-only after it is built, hence `@unchecked Sendable`.
struct ScalarTable: @unchecked Sendable {
    /// Block number of each 256-code-point block.
    let stage1: UnsafeMutablePointer<UInt16>
    /// The distinct blocks, 256 entries each.
    let stage2: UnsafeMutablePointer<UInt8>
    /// For each pair of Grapheme_Cluster_Break values (first << 5 | second): 1 when UAX #29 might keep the
    /// two scalars in one cluster, 0 when there is always a boundary between them.
    let mayJoin: UnsafeMutablePointer<UInt8>

    static let shared = ScalarTable()

    // ICU's UGraphemeClusterBreak values.
    static let other: UInt8 = 0, control: UInt8 = 1, cr: UInt8 = 2, extend: UInt8 = 3, l: UInt8 = 4, lf: UInt8 = 5
    static let lv: UInt8 = 6, lvt: UInt8 = 7, t: UInt8 = 8, v: UInt8 = 9, spacingMark: UInt8 = 10, prepend: UInt8 = 11
    static let regionalIndicator: UInt8 = 12, zwj: UInt8 = 17

    private init() {
        let runs = Self.runs()
        stage1 = .allocate(capacity: 0x1100)
        // Most blocks hold one run (unassigned planes, CJK ideographs): those share one block per value.
        // A block where properties change gets a block of its own.
        var uniformBlock = [UInt16?](repeating: nil, count: 256)
        var blocks: [UInt8] = []
        var run = 0
        for blockIndex in 0..<0x1100 {
            let blockStart = UInt32(blockIndex << 8)
            let blockEnd = blockStart + 256
            while run + 1 < runs.count, runs[run + 1].start <= blockStart { run += 1 }
            let number = UInt16(blocks.count >> 8)
            if run + 1 == runs.count || runs[run + 1].start >= blockEnd {
                let value = runs[run].entry
                if let shared = uniformBlock[Int(value)] {
                    stage1[blockIndex] = shared
                    continue
                }
                uniformBlock[Int(value)] = number
                blocks.append(contentsOf: repeatElement(value, count: 256))
            } else {
                // Run by run, not code point by code point: this is built before a book's first screen.
                var current = run
                var code = blockStart
                while code < blockEnd {
                    while current + 1 < runs.count, runs[current + 1].start <= code { current += 1 }
                    let next = current + 1 < runs.count ? min(runs[current + 1].start, blockEnd) : blockEnd
                    blocks.append(contentsOf: repeatElement(runs[current].entry, count: Int(next - code)))
                    code = next
                }
            }
            stage1[blockIndex] = number
        }
        stage2 = .allocate(capacity: blocks.count)
        stage2.initialize(from: blocks, count: blocks.count)
        mayJoin = .allocate(capacity: 32 * 32)
        for first in 0..<32 {
            for second in 0..<32 {
                mayJoin[first << 5 | second] = Self.mayJoin(UInt8(first), UInt8(second)) ? 1 : 0
            }
        }
    }

    /// A run of code points from `start` up to the next run's start, all with the same `entry`.
    struct Run: Equatable {
        var start: UInt32
        var entry: UInt8
    }

    /// Bumped whenever `entry(for:)` changes meaning, so that generated runs made by older code are not used.
    static let runsFormat: Int32 = 1

    /// The runs for this process: the generated copy in CICU (scalar_runs.c) when it was made from the
    /// Unicode version this ICU implements, else built from ICU now. Asking ICU for where its properties
    /// change would be the largest part of starting the reader; the copy costs next to nothing
    /// (docs/benchmarks.md, *Costs behind the code's shape*).
    static func runs() -> [Run] {
        generatedRuns() ?? liveRuns()
    }

    static func generatedRuns() -> [Run]? {
        let version = String(cString: nicu_scalar_runs_unicode_version())
        guard nicu_scalar_runs_format() == runsFormat, version == ScalarProperties.unicodeVersion,
            let packed = nicu_scalar_runs()
        else { return nil }
        return (0..<Int(nicu_scalar_runs_count())).map { Run(start: packed[$0] >> 8, entry: UInt8(packed[$0] & 0xFF)) }
    }

    /// The runs built from ICU's properties: each stretch where no property we use changes is looked
    /// up once (about 5,000 runs instead of 1.1 million code points).
    static func liveRuns() -> [Run] {
        var error: Int32 = 0
        var starts = [Int32](repeating: 0, count: 1 << 16)
        var count = Int(nicu_width_property_starts(&starts, Int32(starts.count), &error))
        if error <= 0, count > starts.count {
            starts = [Int32](repeating: 0, count: count)
            count = Int(nicu_width_property_starts(&starts, Int32(count), &error))
        }
        guard error <= 0, count > 0, starts.first == 0 else {
            return (0..<0x110000).map { Run(start: UInt32($0), entry: entry(for: UInt32($0))) }  // slowly
        }
        var runs: [Run] = []
        for start in starts.prefix(count) {
            let entry = entry(for: UInt32(start))
            if runs.last?.entry != entry { runs.append(Run(start: UInt32(start), entry: entry)) }
        }
        return runs
    }

    static func entry(for scalar: UInt32) -> UInt8 {
        let code = Int32(bitPattern: scalar)
        let kind = WidthKind.of(scalar).rawValue
        let breakClass = UInt8(truncatingIfNeeded: nicu_grapheme_cluster_break(code)) & 0x1F
        let pictographic: UInt8 = nicu_has_property(code, Int32(NICU_PROP_EXTENDED_PICTOGRAPHIC)) != 0 ? 0x80 : 0
        return kind | breakClass << 2 | pictographic
    }

    /// UAX #29 (Unicode 15.0) rules GB3–GB13 for a pair, answering "not certainly a boundary".
    /// Context-dependent rules (GB11 emoji ZWJ sequences, GB12/13 regional-indicator pairs) and any
    /// value this code does not know answer true, so ICU decides those clusters.
    static func mayJoin(_ first: UInt8, _ second: UInt8) -> Bool {
        if first == cr && second == lf { return true }  // GB3
        if [control, cr, lf].contains(first) || [control, cr, lf].contains(second) { return false }  // GB4, GB5
        if first == l && [l, v, lv, lvt].contains(second) { return true }  // GB6
        if [lv, v].contains(first) && [v, t].contains(second) { return true }  // GB7
        if [lvt, t].contains(first) && second == t { return true }  // GB8
        if [extend, zwj, spacingMark].contains(second) { return true }  // GB9, GB9a
        if first == prepend { return true }  // GB9b
        if first == zwj { return true }  // GB11 needs context
        if first == regionalIndicator && second == regionalIndicator { return true }  // GB12, GB13
        if first > zwj || second > zwj || (13...16).contains(first) || (13...16).contains(second) { return true }
        return false  // GB999
    }

    @inline(__always)
    func entry(_ scalar: UInt32) -> UInt8 {
        stage2[Int(stage1[Int(min(scalar, 0x10FFFF) >> 8)]) << 8 | Int(scalar & 0xFF)]
    }
}
