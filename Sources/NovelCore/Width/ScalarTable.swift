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
        let entries = Self.entries()
        stage1 = .allocate(capacity: 0x1100)
        var blocks: [ArraySlice<UInt8>: UInt16] = [:]
        var distinct: [ArraySlice<UInt8>] = []
        for blockIndex in 0..<0x1100 {
            let block = entries[(blockIndex << 8)..<((blockIndex + 1) << 8)]
            if let known = blocks[block] {
                stage1[blockIndex] = known
            } else {
                let number = UInt16(distinct.count)
                blocks[block] = number
                distinct.append(block)
                stage1[blockIndex] = number
            }
        }
        stage2 = .allocate(capacity: distinct.count * 256)
        for (number, block) in distinct.enumerated() {
            for (offset, entry) in block.enumerated() { stage2[number << 8 | offset] = entry }
        }
        mayJoin = .allocate(capacity: 32 * 32)
        for first in 0..<32 {
            for second in 0..<32 {
                mayJoin[first << 5 | second] = Self.mayJoin(UInt8(first), UInt8(second)) ? 1 : 0
            }
        }
    }

    /// The entry of every code point. ICU reports where its properties change, so each run of code
    /// points with identical properties is looked up once (about 20,000 runs instead of 1.1 million).
    static func entries() -> [UInt8] {
        var error: Int32 = 0
        let count = Int(nicu_width_property_starts(nil, 0, &error))
        var starts = [Int32](repeating: 0, count: count)
        _ = nicu_width_property_starts(&starts, Int32(count), &error)
        var entries = [UInt8](repeating: 0, count: 0x110000)
        guard error <= 0, count > 0 else {
            for code in 0..<0x110000 { entries[code] = entry(for: UInt32(code)) }  // one by one, slowly
            return entries
        }
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? Int(starts[index + 1]) : 0x110000
            let value = entry(for: UInt32(start))
            for code in Int(start)..<end { entries[code] = value }
        }
        return entries
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
