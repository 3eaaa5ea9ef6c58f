import CICU

/// How a grapheme cluster takes part in line breaking: its first scalar's Unicode Line_Break class
/// (UAX #14, as ICU reports it), resolved as rule LB1 does and split where CSS's `line-break` levels
/// or the reader's own rules treat members of one class differently. `BreakRules` decides the breaks
/// between two classes; docs/layout.md lists every difference from ICU.
enum BreakClass: UInt8, Sendable, CaseIterable {
    /// AL, and what LB1 resolves to it: AI, XX, SG, SA.
    case alphabetic
    /// CM or ZWJ starting a cluster of its own (such as 〵 after a Han character): LB9 keeps it to the
    /// cluster before; after spaces it is a letter (LB10).
    case combiningMark
    case breakBoth  // B2: —
    case breakAfter  // BA
    case breakBefore  // BB
    case contingent  // CB
    case close  // CL: ，。、）」
    case closeParenthesis  // CP: ASCII ) ]
    case exclamation  // EX: ! ? ！ ？
    case glue  // GL
    case hyphen  // HY: ASCII -
    /// ID, and the Hangul classes (H2, H3, JL, JV, JT): between clusters they break as ID does.
    case ideographic
    case inseparable  // IN: … ‥ ⋯
    case infix  // IS: , . : ;
    case nonstarter  // NS
    case numeric  // NU
    case open  // OP, not East Asian wide: ASCII ( [ {
    /// OP with East_Asian_Width F, W or H: （《「; rule LB30 does not glue these to a letter before them.
    case openWide
    case postfix  // PO: % ° ‰
    case prefix  // PR: $ £ ￥
    case quotation  // QU: straight quotes and quotation marks other than “ ” ‘ ’
    /// SP, and the blanks the reader drops at line ends like spaces: TAB and U+3000 (ID and BA in Unicode).
    case space
    case symbol  // SY: /
    case zeroWidthSpace  // ZW
    case wordJoiner  // WJ
    case hebrewLetter  // HL
    case regionalIndicator  // RI
    case emojiBase  // EB
    case emojiModifier  // EM
    /// BK, CR, LF, NL. A paragraph ends at LF; the others break after them like any allowed break.
    case mandatory
    /// CJ, small kana and ー: a nonstarter at `strict`, an ideograph at `normal` and `loose`.
    case conditionalJapaneseStarter
    /// NS that `normal` and `loose` let start a line (ICU's list): 〜 ゠.
    case nonstarterNormal
    /// NS that `loose` lets start a line (ICU's list): iteration marks and centred punctuation.
    case nonstarterLoose
    /// EX that `loose` lets start a line: ！ ？.
    case exclamationLoose
    /// BA that `loose` lets start a line: ‐ –.
    case breakAfterLoose
    /// PO that `loose` lets start a line (East Asian width A, F or W; ICU's list): ° ‰ ′ ″ ‵ ℃ ℉ ﹪ ％ ￠.
    case postfixLoose
    /// PR that `loose` lets end a line (ICU's list): ¤ ± € № ﹩ ＄ ￡ ￥ ￦.
    case prefixLoose
    /// “ ‘ (QU in Unicode): never ends a line; a line may break before it, as clreq and Unicode 15.1 allow.
    case openingQuote
    /// ” ’ (QU in Unicode): never starts a line; a line may break after it before East Asian text.
    case closingQuote

    /// The class of a cluster whose first scalar is `scalar`: one load for the BMP.
    @inline(__always)
    static func of(_ scalar: UInt32) -> BreakClass {
        if scalar < 0x10000 { return PlainScalarTable.breakClass(PlainScalarTable.shared.entries[Int(scalar)]) }
        return classify(scalar)
    }

    /// The class from ICU's Line_Break property, East_Asian_Width and the reader's tailorings. Builds
    /// `PlainScalarTable` once for the BMP; asked directly for the rare scalars beyond it.
    static func classify(_ scalar: UInt32) -> BreakClass {
        tailored.first { $0.scalar == scalar }?.kind ?? unicodeClass(scalar)
    }

    /// The class from the Line_Break property alone (with East_Asian_Width for OP), as LB1 resolves it.
    static func unicodeClass(_ scalar: UInt32) -> BreakClass {
        unicodeClass(lineBreak: nicu_line_break(Int32(bitPattern: scalar)), scalar: scalar)
    }

    /// The class for ICU's Line_Break value `lineBreak` (a ULineBreak number, uchar.h) of `scalar`.
    static func unicodeClass(lineBreak: Int32, scalar: UInt32) -> BreakClass {
        switch lineBreak {
        case 3: return .breakBoth
        case 4: return .breakAfter
        case 5: return .breakBefore
        case 6, 10, 17, 29: return .mandatory
        case 7: return .contingent
        case 8: return .close
        case 11: return .exclamation
        case 12: return .glue
        case 13: return .hyphen
        case 14, 31, 32, 33, 34, 35: return .ideographic
        case 15: return .inseparable
        case 16: return .infix
        case 18: return .nonstarter
        case 19: return .numeric
        case 20:
            let width = nicu_east_asian_width(Int32(bitPattern: scalar))
            let eastAsian =
                width == Int32(NICU_EAW_FULLWIDTH) || width == Int32(NICU_EAW_WIDE)
                || width == Int32(NICU_EAW_HALFWIDTH)
            return eastAsian ? .openWide : .open
        case 21: return .postfix
        case 22: return .prefix
        case 23: return .quotation
        case 26: return .space
        case 27: return .symbol
        case 28: return .zeroWidthSpace
        case 30: return .wordJoiner
        case 36: return .closeParenthesis
        case 37: return .conditionalJapaneseStarter
        case 38: return .hebrewLetter
        case 39: return .regionalIndicator
        case 40: return .emojiBase
        case 41: return .emojiModifier
        case 9, 42: return .combiningMark
        default: return .alphabetic  // AL, AI, XX, SA, SG (LB1)
        }
    }

    /// Scalars whose class is not their Line_Break class: the blanks, the curly quotes, the middle dot,
    /// and the members of a class that CSS's `normal` and `loose` treat apart (ICU's lists for `zh`).
    /// (A list, not a dictionary: it is read once into `PlainScalarTable` before the first screen, and
    /// hashing forty keys there costs more than the look-ups it would save beyond the BMP.)
    static let tailored: [(scalar: UInt32, kind: BreakClass)] = {
        var table: [(scalar: UInt32, kind: BreakClass)] = [(0x09, .space), (0x3000, .space)]
        func add(_ scalars: [UInt32], _ kind: BreakClass) { table += scalars.map { ($0, kind) } }
        add([0x201C, 0x2018], .openingQuote)
        add([0x201D, 0x2019], .closingQuote)
        // · as a Chinese name separator (间隔号) never starts a line (clreq); Unicode has it AI.
        add([0x00B7], .nonstarter)
        add([0x301C, 0x30A0], .nonstarterNormal)
        add(
            [
                0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x30FB, 0xFF1A, 0xFF1B, 0xFF65, 0x203C, 0x2047, 0x2048,
                0x2049,
            ],
            .nonstarterLoose)
        add([0xFF01, 0xFF1F], .exclamationLoose)
        add([0x2010, 0x2013], .breakAfterLoose)
        add([0x00B0, 0x2030, 0x2032, 0x2033, 0x2035, 0x2103, 0x2109, 0xFE6A, 0xFF05, 0xFFE0], .postfixLoose)
        add([0x00A4, 0x00B1, 0x20AC, 0x2116, 0xFE69, 0xFF04, 0xFFE1, 0xFFE5, 0xFFE6], .prefixLoose)
        return table
    }()
}
