import CICU
import Foundation

/// Terminal cells taken by grapheme clusters (UAX #29 boundaries, ICU's Unicode version).
///
/// Two paths give identical results: `forEachCluster` decodes UTF-8 itself, looks each scalar up in a
/// table built once from ICU's properties, and asks ICU's break iterator only where two neighbouring
/// scalars might share a cluster; `forEachClusterICU` runs ICU's iterator over everything and is kept
/// as the reference for tests and benchmarks. See docs/width.md for the rules.
public struct DisplayWidth: Sendable {
    public var ambiguous: AmbiguousWidth

    public init(ambiguous: AmbiguousWidth = .narrow) {
        self.ambiguous = ambiguous
    }

    /// Calls `body` with the byte range and width of every grapheme cluster of `text`, in order.
    /// `text` should be valid UTF-8 (`BookText.utf8` always is); a slice cut mid-character is still
    /// covered exactly and never read past its end.
    public func forEachCluster(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) -> Void) {
        scan(text) { start, end, width in body(start..<end, width) }
    }

    /// The same clusters and widths as `forEachCluster`, found by ICU's break iterator alone.
    public func forEachClusterICU(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) -> Void) {
        guard !text.isEmpty, let base = text.baseAddress else { return }
        var error: Int32 = 0
        guard let iterator = nicu_break_open_utf8(Int32(NICU_BREAK_CHARACTER), nil, base, Int64(text.count), &error)
        else { preconditionFailure("ICU character break iterator: \(String(cString: nicu_error_name(error)))") }
        defer { nicu_break_close(iterator) }
        var start = Int(nicu_break_first(iterator))
        while true {
            let end = Int(nicu_break_next(iterator))
            if end < 0 { break }
            body(start..<end, clusterWidth(text, start..<end, firstWidth: scalarWidthICU))
            start = end
        }
    }

    /// The sum of the widths of all clusters of `text` (valid UTF-8).
    public func totalWidth(of text: UnsafeBufferPointer<UInt8>) -> Int {
        var total = 0
        scan(text) { _, _, width in total += width }
        return total
    }

    /// The width of the widest line of `text` (valid UTF-8), as GNU `wc -L` measures it: lines end at LF
    /// and a TAB advances to the next multiple of 8.
    public func maxLineWidth(of text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = text.baseAddress, !text.isEmpty else { return 0 }
        // Without tabs and CRs (a book's text has no CR), a line's width is the sum of its clusters' widths:
        // each line goes through `totalWidth`'s loop, which tracks no columns. LF always ends a cluster.
        if memchr(base, 0x09, text.count) == nil, memchr(base, 0x0D, text.count) == nil {
            var widest = 0
            var lineStart = 0
            while lineStart < text.count {
                let lineEnd = LineBounds.end(text, from: lineStart)
                widest = max(widest, totalWidth(of: UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd])))
                lineStart = lineEnd + 1
            }
            return widest
        }
        var lines = LineWidths()
        scan(text) { start, _, width in lines.add(text[start], width) }
        return lines.widest
    }

    /// `maxLineWidth(of:)` through the ICU-only path (the benchmarks' baseline).
    public func maxLineWidthICU(of text: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = LineWidths()
        forEachClusterICU(in: text) { range, width in lines.add(text[range.lowerBound], width) }
        return lines.widest
    }

    /// Tracks the current column and the widest line as clusters go by.
    private struct LineWidths {
        private var column = 0
        private var widestEnded = 0

        var widest: Int { max(widestEnded, column) }

        @inline(__always)
        mutating func add(_ firstByte: UInt8, _ width: Int) {
            switch firstByte {
            case 0x0A:
                widestEnded = max(widestEnded, column)
                column = 0
            case 0x09: column = (column / 8 + 1) * 8
            default: column += width
            }
        }
    }

    /// The width of a whole string in cells.
    public func width(of string: String) -> Int {
        var utf8 = Array(string.utf8)
        return utf8.withUnsafeMutableBufferPointer { totalWidth(of: UnsafeBufferPointer($0)) }
    }

    /// The width of one grapheme cluster of `text`: emoji sequences (VS16, keycap, ZWJ, skin tone,
    /// regional-indicator pair) take 2; otherwise the cluster takes the width of its first scalar, and
    /// combining marks, joiners and selectors after it add nothing.
    public func clusterWidth(_ text: UnsafeBufferPointer<UInt8>, _ cluster: Range<Int>) -> Int {
        clusterWidth(text, cluster, firstWidth: scalarWidth)
    }

    /// The width of a scalar standing alone at the start of a cluster (from the table).
    @inline(__always)
    public func scalarWidth(_ scalar: UInt32) -> Int {
        resolve(WidthKind(rawValue: ScalarTable.shared.entry(scalar) & 3)!)
    }

    /// The width of a scalar standing alone, straight from ICU's properties.
    public func scalarWidthICU(_ scalar: UInt32) -> Int {
        resolve(WidthKind.of(scalar))
    }

    @inline(__always)
    func resolve(_ kind: WidthKind) -> Int {
        kind == .ambiguous ? ambiguous.rawValue : Int(kind.rawValue)
    }

    func clusterWidth(_ text: UnsafeBufferPointer<UInt8>, _ cluster: Range<Int>, firstWidth: (UInt32) -> Int) -> Int {
        let base = text.baseAddress!
        let (first, afterFirst) = decodeScalar(base, at: cluster.lowerBound, count: cluster.upperBound)
        let firstCode = Int32(bitPattern: first)
        if afterFirst < cluster.upperBound {
            var index = afterFirst
            var regionalIndicators = nicu_has_property(firstCode, Int32(NICU_PROP_REGIONAL_INDICATOR))
            let pictographic = nicu_has_property(firstCode, Int32(NICU_PROP_EXTENDED_PICTOGRAPHIC)) != 0
            let emoji = nicu_has_property(firstCode, Int32(NICU_PROP_EMOJI)) != 0
            while index < cluster.upperBound {
                let (scalar, next) = decodeScalar(base, at: index, count: cluster.upperBound)
                switch scalar {
                case 0xFE0F where emoji: return 2  // VS16 asks for emoji presentation
                case 0x20E3 where emoji: return 2  // keycap
                case 0x200D where pictographic: return 2  // ZWJ sequence
                case 0x1F3FB...0x1F3FF where emoji: return 2  // skin tone
                default:
                    regionalIndicators += nicu_has_property(
                        Int32(bitPattern: scalar), Int32(NICU_PROP_REGIONAL_INDICATOR))
                }
                index = next
            }
            if regionalIndicators >= 2 { return 2 }
        }
        return firstWidth(first)
    }

    /// The fast path: calls `body(start, end, width)` for every cluster.
    @inline(__always)
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Int) -> Void) {
        guard let base = text.baseAddress, !text.isEmpty else { return }
        let table = ScalarTable.shared
        let count = text.count
        // Widths of the four kinds packed into one word: zero, one, two, ambiguous.
        let widths = UInt32(0x0002_0100) | UInt32(ambiguous.rawValue) << 24
        var iterator: OpaquePointer? = nil
        defer { if let iterator { BreakIteratorPool.shared.recycle(iterator) } }

        var start = 0
        var (scalar, next) = decodeScalar(base, at: 0, count: count)
        var entry = table.entry(scalar)
        while true {
            if next >= count {
                body(start, count, Int(widths >> (UInt32(entry & 3) << 3) & 0xFF))
                return
            }
            let (following, afterFollowing) = decodeScalar(base, at: next, count: count)
            let followingEntry = table.entry(following)
            if table.mayJoin[Int(entry >> 2 & 0x1F) << 5 | Int(followingEntry >> 2 & 0x1F)] == 0 {
                body(start, next, Int(widths >> (UInt32(entry & 3) << 3) & 0xFF))
                start = next
                scalar = following
                next = afterFollowing
                entry = followingEntry
                continue
            }
            // Two scalars that may share a cluster: ICU finds where it ends.
            if iterator == nil { iterator = BreakIteratorPool.shared.take(text) }
            var end = Int(nicu_break_following(iterator, Int32(start)))
            if end <= start || end > count { end = count }
            body(start, end, clusterWidth(text, start..<end, firstWidth: scalarWidth))
            if end >= count { return }
            start = end
            (scalar, next) = decodeScalar(base, at: start, count: count)
            entry = table.entry(scalar)
        }
    }
}
