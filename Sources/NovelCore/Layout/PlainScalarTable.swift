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
    /// ambiguous). Written once when built (about a millisecond, from ICU's Line_Break property),
    /// read-only afterwards.
    let entries: UnsafeMutablePointer<UInt16>

    static let shared = PlainScalarTable()

    private init() {
        let entries = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x10000)
        for scalar in 0..<0x10000 {
            entries[scalar] = UInt16(BreakClass.unicodeClass(UInt32(scalar)).rawValue) << 8
        }
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

    @inline(__always)
    static func isPlain(_ entry: UInt16) -> Bool { entry & 0x80 != 0 }

    @inline(__always)
    static func breakClass(_ entry: UInt16) -> BreakClass { unsafeBitCast(UInt8(truncatingIfNeeded: entry >> 8), to: BreakClass.self) }
}
