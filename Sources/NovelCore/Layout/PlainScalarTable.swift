/// Layout facts about "plain" BMP scalars, one byte each, so the layouter's scan classifies and
/// measures the common characters of a novel with one load and no branches.
///
/// Plain: printable ASCII, the CJK Unified Ideographs block, CJK punctuation U+3000–U+3029, full-width
/// forms U+FF01–U+FF60, and the ambiguous-width — ‘ ’ “ ” … . All have Grapheme_Cluster_Break Other,
/// so two plain scalars in a row are always two clusters, and their widths do not depend on context.
/// Everything else (entry 0) goes through the width engine's table and ICU. The property tests compare
/// every cluster and width with `DisplayWidth.forEachCluster`.
struct PlainScalarTable: @unchecked Sendable {
    /// Bit 7: plain. Bits 2–5: `BreakClass` raw value. Bits 0–1: width code (1 narrow, 2 wide, 3 ambiguous).
    /// Written once when built, read-only afterwards.
    let entries: UnsafeMutablePointer<UInt8>

    static let shared = PlainScalarTable()

    private init() {
        let entries = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
        entries.initialize(repeating: 0, count: 0x10000)
        func mark(_ scalars: ClosedRange<UInt32>, code: UInt8) {
            for scalar in scalars {
                let width = code == 3 ? 1 : Int(code)
                entries[Int(scalar)] = 0x80 | BreakClass.of(scalar, width: width).rawValue << 2 | code
            }
        }
        mark(0x20...0x7E, code: 1)
        mark(0x4E00...0x9FFF, code: 2)
        mark(0x3000...0x3029, code: 2)
        mark(0xFF01...0xFF60, code: 2)
        for ambiguous: UInt32 in [0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026] {
            mark(ambiguous...ambiguous, code: 3)
        }
        self.entries = entries
    }

    @inline(__always)
    static func breakClass(_ entry: UInt8) -> BreakClass { unsafeBitCast(entry >> 2 & 0x0F, to: BreakClass.self) }
}
