import CICU

/// How many cells a scalar takes when it stands alone, before the ambiguous-width setting is applied.
public enum WidthKind: UInt8, Sendable {
    case zero = 0, one = 1, two = 2, ambiguous = 3

    /// The kind of `scalar`, from ICU's properties. This is the one definition of single-scalar width;
    /// the fast table is built from it.
    ///
    /// - C0/C1 controls → zero (they are neutralised before display anyway).
    /// - Emoji_Presentation → two (emoji drawn as pictures by default).
    /// - Non-spacing and enclosing marks, format characters and other default-ignorables → zero, except
    ///   the visible prepended concatenation marks (U+0600 ARABIC NUMBER SIGN …) and the Hangul leading
    ///   jamo filler U+115F, which starts a syllable block two cells wide.
    /// - East Asian Wide and Fullwidth → two; Ambiguous → the setting; everything else → one.
    public static func of(_ scalar: UInt32) -> WidthKind {
        let code = Int32(bitPattern: scalar)
        if scalar < 0x20 || (0x7F..<0xA0).contains(scalar) { return .zero }
        if nicu_has_property(code, Int32(NICU_PROP_EMOJI_PRESENTATION)) != 0 { return .two }
        if nicu_has_property(code, Int32(NICU_PROP_PREPENDED_CONCATENATION_MARK)) != 0 { return .one }
        let leadingJamo = nicu_grapheme_cluster_break(code) == 4  // U_GCB_L
        switch nicu_general_category(code) {
        case 6, 7, 16: return .zero  // U_NON_SPACING_MARK, U_ENCLOSING_MARK, U_FORMAT_CHAR
        default: break
        }
        if !leadingJamo && nicu_has_property(code, Int32(NICU_PROP_DEFAULT_IGNORABLE)) != 0 { return .zero }
        switch nicu_east_asian_width(code) {
        case Int32(NICU_EAW_WIDE), Int32(NICU_EAW_FULLWIDTH): return .two
        case Int32(NICU_EAW_AMBIGUOUS): return .ambiguous
        default: return .one
        }
    }
}
