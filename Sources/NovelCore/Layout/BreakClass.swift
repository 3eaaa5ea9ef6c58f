/// How a grapheme cluster takes part in line breaking: the basic level of W3C's *Requirements for
/// Chinese Text Layout* (clreq) for punctuation, and word breaking for Latin text.
/// Classified from the cluster's first scalar; see docs/layout.md for the full rules.
enum BreakClass: UInt8, Sendable {
    /// Han, kana, Hangul, full-width letters, emoji: a line may break before and after it.
    case ideograph
    /// Latin letters, digits and other narrow symbols: a run of them (a word) is not broken.
    case word
    /// ASCII space, TAB, U+3000: a line breaks after a run of them; they are dropped at line ends.
    case space
    /// Closing brackets and quotes, pause and stop marks (，。、）」” …): never start a line.
    case close
    /// ASCII `, . ; : ? ! ) ] }`: never start a line, and stay with a word that follows (3.14, e.g).
    case closeNarrow
    /// Opening brackets and quotes (（《「『【“‘ …): never end a line.
    case open
    /// ASCII `( [ {`: never end a line, and stay with the word before them.
    case openNarrow
    /// — and ―: two in a row (——) are never split.
    case dash
    /// … and ⋯: never start a line; two in a row (……) are never split.
    case ellipsis
    /// ASCII digits: part of a word, except that a line may not break between a hyphen and a digit (-5).
    case digit
    /// ASCII `-` and U+2010: part of a word, but a line may break after one before a letter (well-|known).
    case hyphen

    /// The class of a cluster whose first scalar is `scalar` and whose width is `width` cells.
    @inline(__always)
    static func of(_ scalar: UInt32, width: Int) -> BreakClass {
        if scalar >= 0x4E00 && scalar <= 0x9FFF { return .ideograph }
        if scalar < 0x80 { return ascii(scalar) }
        return nonASCII(scalar, width: width)
    }

    /// Punctuation and other non-ASCII scalars outside the common Han block.
    @inline(never)
    static func nonASCII(_ scalar: UInt32, width: Int) -> BreakClass {
        switch scalar {
        case 0x3000: return .space
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0xFF09, 0x3009, 0x300B, 0x300D,
            0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0xFF3D, 0xFF5D, 0x201D, 0x2019,
            0x2025, 0x00B7, 0x30FB, 0xFF61, 0xFF64, 0xFF65, 0xFE50...0xFE57, 0xFE5A, 0xFE5C, 0xFE5E, 0x3003,
            0x3005, 0xFF05, 0x2030, 0x2103:
            return .close
        case 0xFF08, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D, 0xFF3B,
            0xFF5B, 0x201C, 0x2018, 0xFE59, 0xFE5B, 0xFE5D:
            return .open
        case 0x2014, 0x2015: return .dash
        case 0x2026, 0x22EF: return .ellipsis
        case 0x2010: return .hyphen
        default: return width == 2 ? .ideograph : .word
        }
    }

    @inline(__always)
    static func ascii(_ scalar: UInt32) -> BreakClass {
        switch scalar {
        case 0x20, 0x09: .space
        case 0x2C, 0x2E, 0x3B, 0x3A, 0x3F, 0x21, 0x29, 0x5D, 0x7D: .closeNarrow
        case 0x28, 0x5B, 0x7B: .openNarrow
        case 0x30...0x39: .digit
        case 0x2D: .hyphen
        default: .word
        }
    }

    /// Must not start a line.
    var forbidsLineStart: Bool { self == .close || self == .closeNarrow || self == .ellipsis }

    /// Must not end a line.
    var forbidsLineEnd: Bool { self == .open || self == .openNarrow }

    /// Falls under a kinsoku rule: only a line made entirely of such clusters may break the rules.
    var isProhibited: Bool { forbidsLineStart || forbidsLineEnd || self == .dash }

    /// Whether the kinsoku rules allow a line break between a cluster of class `before` and one of
    /// class `after` (Latin word rules aside).
    @inline(__always)
    static func kinsokuAllows(_ before: BreakClass, _ after: BreakClass) -> Bool {
        if after == .space || after.forbidsLineStart || before.forbidsLineEnd { return false }
        if before == after && (before == .dash || before == .ellipsis) { return false }
        return true
    }

    /// Letters, digits and hyphens: what Latin words and numbers are made of.
    var isWordPart: Bool { self == .word || self == .digit || self == .hyphen }

    /// Whether a line may break between `before` and `after`: after a run of spaces, between CJK
    /// characters, between CJK and Latin, after a hyphen before a letter; never elsewhere inside a word
    /// or number, never against the kinsoku rules.
    @inline(__always)
    static func allowsBreak(_ before: BreakClass, _ after: BreakClass) -> Bool {
        if before == .space { return !after.forbidsLineStart && after != .space }
        guard kinsokuAllows(before, after) else { return false }
        if before == .hyphen { return after == .word }
        if after.isWordPart { return !before.isWordPart && before != .closeNarrow }
        if after == .openNarrow { return !before.isWordPart }
        return true
    }
}
