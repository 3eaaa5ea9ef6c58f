import CICU

/// Terminal cells taken by grapheme clusters (UAX #29 boundaries from ICU).
public struct DisplayWidth: Sendable {
    public var ambiguous: AmbiguousWidth

    public init(ambiguous: AmbiguousWidth = .narrow) {
        self.ambiguous = ambiguous
    }

    /// Calls `body` with the byte range and width of every grapheme cluster of `text`, in order.
    /// `text` must be valid UTF-8.
    public func forEachCluster(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, Int) -> Void) {
        guard !text.isEmpty, let base = text.baseAddress else { return }
        var error: Int32 = 0
        guard let iterator = nicu_break_open_utf8(Int32(NICU_BREAK_CHARACTER), nil, base, Int64(text.count), &error)
        else { preconditionFailure("ICU character break iterator: \(String(cString: nicu_error_name(error)))") }
        defer { nicu_break_close(iterator) }
        var start = Int(nicu_break_first(iterator))
        while true {
            let end = Int(nicu_break_next(iterator))
            if end < 0 { break }
            body(start..<end, clusterWidth(text, start..<end))
            start = end
        }
    }

    /// The width of a whole string in cells.
    public func width(of string: String) -> Int {
        var utf8 = Array(string.utf8)
        var total = 0
        utf8.withUnsafeMutableBufferPointer { buffer in
            forEachCluster(in: UnsafeBufferPointer(buffer)) { _, width in total += width }
        }
        return total
    }

    /// The width of one grapheme cluster, decided by its first scalar and its emoji modifiers.
    public func clusterWidth(_ text: UnsafeBufferPointer<UInt8>, _ cluster: Range<Int>) -> Int {
        let (first, afterFirst) = decodeScalar(text, at: cluster.lowerBound)
        let firstCode = Int32(bitPattern: first)
        if afterFirst < cluster.upperBound {
            var index = afterFirst
            var regionalIndicators = nicu_has_property(firstCode, Int32(NICU_PROP_REGIONAL_INDICATOR))
            let pictographic = nicu_has_property(firstCode, Int32(NICU_PROP_EXTENDED_PICTOGRAPHIC)) != 0
            let emoji = nicu_has_property(firstCode, Int32(NICU_PROP_EMOJI)) != 0
            while index < cluster.upperBound {
                let (scalar, next) = decodeScalar(text, at: index)
                switch scalar {
                case 0xFE0F where emoji: return 2  // VS16 asks for emoji presentation
                case 0x20E3 where emoji: return 2  // keycap
                case 0x200D where pictographic: return 2  // ZWJ sequence
                case 0x1F3FB...0x1F3FF where emoji: return 2  // skin tone
                default:
                    regionalIndicators += nicu_has_property(Int32(bitPattern: scalar), Int32(NICU_PROP_REGIONAL_INDICATOR))
                }
                index = next
            }
            if regionalIndicators >= 2 { return 2 }
        }
        return scalarWidth(first)
    }

    /// The width of a scalar standing alone at the start of a cluster.
    public func scalarWidth(_ scalar: UInt32) -> Int {
        let code = Int32(bitPattern: scalar)
        if scalar < 0x20 || (0x7F..<0xA0).contains(scalar) { return 0 }
        if nicu_has_property(code, Int32(NICU_PROP_EMOJI_PRESENTATION)) != 0 { return 2 }
        switch nicu_general_category(code) {
        case 6, 7, 16: return 0  // non-spacing mark, enclosing mark, format
        default: break
        }
        if nicu_has_property(code, Int32(NICU_PROP_DEFAULT_IGNORABLE)) != 0 { return 0 }
        switch nicu_east_asian_width(code) {
        case Int32(NICU_EAW_WIDE), Int32(NICU_EAW_FULLWIDTH): return 2
        case Int32(NICU_EAW_AMBIGUOUS): return ambiguous.rawValue
        default: return 1
        }
    }
}
