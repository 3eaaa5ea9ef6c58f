import CICU

/// Layout facts about every BMP scalar, two bytes each, so the layouter's scan classifies and
/// measures the common characters of a novel with one load and no branches: the `BreakClass` of every
/// BMP scalar, and whether it is "plain" with its width.
///
/// Plain: printable ASCII, the CJK Unified Ideographs block, CJK punctuation U+3000–U+3029, full-width
/// forms U+FF01–U+FF60, and the ambiguous-width — ‘ ’ “ ” … . All have Grapheme_Cluster_Break Other,
/// so two plain scalars in a row are always two clusters, and their widths do not depend on context.
/// Everything else goes through the width engine's table and ICU. The property tests compare every
/// cluster and width with `DisplayWidth.forEachCluster`.
struct PlainScalarTable: @unchecked Sendable {
    /// Bits 8–13: `BreakClass` raw value. Bit 7: plain. Bits 0–1: width code (1 narrow, 2 wide, 3
    /// ambiguous). Written once when built (from the runs of Line_Break), read-only afterwards.
    let entries: UnsafeMutablePointer<UInt16>

    static let shared = PlainScalarTable()

    private init() {
        let entries = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x10000)
        Self.fillBreakClasses(entries)
        for (scalar, kind) in BreakClass.tailored where scalar < 0x10000 {
            entries[Int(scalar)] = UInt16(kind.rawValue) << 8
        }
        func mark(_ scalars: ClosedRange<Int>, code: UInt16) {
            for scalar in scalars { entries[scalar] |= 0x80 | code }
        }
        mark(0x20...0x7E, code: 1)
        mark(0x4E00...0x9FFF, code: 2)
        mark(0x3000...0x3029, code: 2)
        mark(0xFF01...0xFF60, code: 2)
        for ambiguous in [0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026] {
            mark(ambiguous...ambiguous, code: 3)
        }
        self.entries = entries
    }

    /// A run of BMP scalars from `start` up to the next run's start, all of Unicode break class `kind`
    /// (before the reader's tailorings).
    struct BreakRun: Equatable {
        var start: UInt32
        var kind: BreakClass
    }

    /// Bumped whenever `BreakClass.unicodeClass` or `BreakClass`'s raw values change meaning, so that
    /// generated runs made by older code are not used.
    static let breakRunsFormat: Int32 = 1

    /// Writes every BMP scalar's Unicode break class into bits 8–13, run by run: from the generated copy
    /// in CICU (scalar_runs.c) when it was made from the Unicode version this ICU implements, else from
    /// ICU now. Asking ICU would delay the reader's first screen; the copy costs next to nothing.
    private static func fillBreakClasses(_ entries: UnsafeMutablePointer<UInt16>) {
        let runs = generatedBreakRuns() ?? liveBreakRuns()
        for (index, run) in runs.enumerated() {
            let upper = index + 1 < runs.count ? Int(runs[index + 1].start) : 0x10000
            for scalar in Int(run.start)..<min(upper, 0x10000) { entries[scalar] = UInt16(run.kind.rawValue) << 8 }
        }
    }

    static func generatedBreakRuns() -> [BreakRun]? {
        let version = String(cString: nicu_scalar_runs_unicode_version())
        guard nicu_break_runs_format() == breakRunsFormat, version == ScalarProperties.unicodeVersion,
            let packed = nicu_break_runs()
        else { return nil }
        var runs: [BreakRun] = []
        for value in UnsafeBufferPointer(start: packed, count: Int(nicu_break_runs_count())) {
            guard let kind = BreakClass(rawValue: UInt8(value & 0xFF)) else { return nil }
            runs.append(BreakRun(start: value >> 8, kind: kind))
        }
        return runs.first?.start == 0 ? runs : nil
    }

    /// The runs built from ICU's ranges of Line_Break (a few thousand look-ups instead of 65,536), OP
    /// split by East_Asian_Width scalar by scalar.
    static func liveBreakRuns() -> [BreakRun] {
        var runs: [BreakRun] = []
        func append(_ scalar: Int, _ kind: BreakClass) {
            if runs.last?.kind != kind { runs.append(BreakRun(start: UInt32(scalar), kind: kind)) }
        }
        var error: Int32 = 0
        var starts = [Int32](repeating: 0, count: 8192)
        var values = [Int32](repeating: 0, count: 8192)
        let count = Int(nicu_line_break_ranges(0x10000, &starts, &values, Int32(starts.count), &error))
        guard error <= 0, count > 0, count <= starts.count, starts[0] == 0 else {
            for scalar in 0..<0x10000 { append(scalar, BreakClass.unicodeClass(UInt32(scalar))) }
            return runs
        }
        for range in 0..<count {
            let lower = Int(starts[range])
            let upper = range + 1 < count ? Int(starts[range + 1]) : 0x10000
            guard lower < upper, upper <= 0x10000 else { continue }
            let uniform = BreakClass.unicodeClass(lineBreak: values[range], scalar: UInt32(lower))
            guard uniform == .open || uniform == .openWide else {
                append(lower, uniform)
                continue
            }
            for scalar in lower..<upper {
                append(scalar, BreakClass.unicodeClass(lineBreak: values[range], scalar: UInt32(scalar)))
            }
        }
        return runs
    }

    @inline(__always)
    static func breakClass(_ entry: UInt16) -> BreakClass {
        unsafeBitCast(UInt8(truncatingIfNeeded: entry >> 8), to: BreakClass.self)
    }
}
