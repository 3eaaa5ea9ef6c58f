/// How a grapheme cluster behaves at a line break, from its first scalar: a small, fixed set of
/// classes distilled from UAX #14 and the basic kinsoku rules of W3C *Requirements for Chinese Text
/// Layout* (clreq). See docs/layout.md for the full table.
enum BreakClass: UInt8, CaseIterable {
    /// Han, kana, Hangul, emoji, most symbols: a break is allowed before and after.
    case ideograph
    /// Latin, Greek, Cyrillic letters and digits: no break inside a run of them (a word or a number).
    case word
    /// Spaces (ASCII, tab, U+3000, ZWSP): a break is allowed after them; at the end of a line they hang
    /// and are never drawn.
    case space
    /// Wide closing punctuation, pause and stop marks (`，。、；：？！）》」』】`): never start a line.
    case closing
    /// Narrow closing marks (`, . ; : ! ? ) ] } % ” ’ ·`): never start a line, and stick to a letter
    /// that follows them (`3.14`, `Don’t`).
    case closingNarrow
    /// Wide opening brackets (`（《「『【〔〖`): never end a line.
    case opening
    /// Narrow opening marks (`( [ { “ ‘`): never end a line, and stick to a letter before them.
    case openingNarrow
    /// `…` and `‥`: never start a line, and a run of them is never split.
    case ellipsis
    /// `—`, `―`, `⸺`, `─`: a run of them is never split.
    case dash
    /// `-`, `‐`, `–`: a break is allowed after, not before.
    case hyphen
    /// ASCII quotes, no-break space, joiners and other zero-width marks: no break on either side.
    case glue

    /// Whether W3C clreq forbids a line to start with this class.
    var mayNotStartLine: Bool { self == .closing || self == .closingNarrow || self == .ellipsis }
    /// Whether W3C clreq forbids a line to end with this class.
    var mayNotEndLine: Bool { self == .opening || self == .openingNarrow }
    /// Whether two neighbours of these classes must stay on one line (`——`, `……`).
    var isInseparable: Bool { self == .ellipsis || self == .dash }
    /// Whether the class is one of the characters kinsoku rules constrain.
    var isProhibited: Bool { mayNotStartLine || mayNotEndLine || isInseparable }

    /// The class of the cluster that starts with `scalar`.
    @inline(__always)
    static func of(_ scalar: UInt32) -> BreakClass {
        if scalar < 0x80 { return ascii[Int(scalar)] }
        if scalar >= 0x4E00 && scalar <= 0x9FFF { return .ideograph }
        return nonASCII(scalar)
    }

    private static let ascii: [BreakClass] = (0..<128).map { code in
        switch UInt8(code) {
        case UInt8(ascii: " "), UInt8(ascii: "\t"): .space
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            .word
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
            UInt8(ascii: "?"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "%"):
            .closingNarrow
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): .openingNarrow
        case UInt8(ascii: "-"): .hyphen
        case UInt8(ascii: "\""), UInt8(ascii: "'"): .glue
        case 0..<0x20, 0x7F: .glue
        default: .word  // / @ # $ & * + = < > _ ~ ` ^ | \ stay inside words and URLs
        }
    }

    private static func nonASCII(_ scalar: UInt32) -> BreakClass {
        switch scalar {
        // Closing punctuation, pause and stop marks (clreq: not at line start).
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0xFF09, 0xFF3D, 0xFF5D,
            0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
            0xFF60, 0xFF61, 0xFF63, 0xFF64, 0xFF05, 0x3005, 0x309D, 0x309E, 0x30FD, 0x30FE,
            0xFE50...0xFE57, 0xFE5A, 0xFE5C, 0xFE5E, 0xFE10...0xFE16, 0xFE18:
            return .closing
        case 0x201D, 0x2019, 0x00B7, 0x30FB, 0xFF65, 0x2027, 0x2030, 0x2103, 0x00B0, 0x2032, 0x2033, 0x00BB,
            0x203A:
            return .closingNarrow
        // Opening brackets and quotes (clreq: not at line end).
        case 0xFF08, 0xFF3B, 0xFF5B, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
            0x301D, 0xFF5F, 0xFF62, 0xFE59, 0xFE5B, 0xFE5D, 0xFE17:
            return .opening
        case 0x201C, 0x2018, 0x00AB, 0x2039:
            return .openingNarrow
        case 0x2026, 0x2025, 0x22EF, 0xFE19:
            return .ellipsis
        case 0x2014, 0x2015, 0x2E3A, 0x2E3B, 0x2500, 0x2501:
            return .dash
        case 0x2010, 0x2013, 0x00AD:
            return .hyphen
        case 0x3000, 0x200B, 0x2002...0x2006, 0x2008...0x200A, 0x205F:
            return .space
        case 0x00A0, 0x2007, 0x202F, 0x2060, 0xFEFF, 0x200C, 0x200D, 0x0300...0x036F:
            return .glue
        case 0x0080..<0x2000:
            return .word  // letters of alphabetic scripts
        default:
            return .ideograph
        }
    }
}

/// Which line breaks the rules allow between two neighbouring classes, as two lookup tables.
enum BreakRules {
    /// Kinsoku only: a break that keeps closing marks off line starts, opening marks off line ends and
    /// `——`/`……` whole. Used when a line has no word-level break (an over-long word).
    static func kinsokuAllows(_ before: BreakClass, _ after: BreakClass) -> Bool {
        if after == .space { return false }  // spaces hang at the end of the line they follow
        if after.mayNotStartLine || before.mayNotEndLine { return false }
        if before.isInseparable && after.isInseparable { return false }
        return true
    }

    /// Kinsoku plus word rules: no break inside a word or number, around glue, or before a hyphen.
    static func wordAllows(_ before: BreakClass, _ after: BreakClass) -> Bool {
        guard kinsokuAllows(before, after) else { return false }
        if before == .space { return true }
        if before == .glue || after == .glue || after == .hyphen { return false }
        let wordLike: (BreakClass) -> Bool = { $0 == .word || $0 == .hyphen }
        if before == .word && (after == .word || after == .openingNarrow) { return false }
        if before == .hyphen && after == .hyphen { return false }
        if before == .closingNarrow && (wordLike(after) || after == .openingNarrow) { return false }
        return true
    }

    /// Bit 0: `wordAllows`, bit 1: `kinsokuAllows`, indexed by `before << 4 | after`.
    static let table: [UInt8] = (0..<256).map { index in
        guard let before = BreakClass(rawValue: UInt8(index >> 4)),
            let after = BreakClass(rawValue: UInt8(index & 15))
        else { return 0 }
        return (wordAllows(before, after) ? 1 : 0) | (kinsokuAllows(before, after) ? 2 : 0)
    }
}
