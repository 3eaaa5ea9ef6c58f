/// U+2028 LINE SEPARATOR: a line break kept inside a paragraph (a verse line in its stanza, a line of
/// preformatted text, a `br` in an EPUB), a mandatory break (UAX #14 class BK) that the layouter starts a
/// new line at without the paragraph spacing a line feed brings. In `Text/` so that every stage that
/// writes or reads one (the EPUB text, reflow's display text, the chapter index) names the same scalar.
enum LineSeparator {
    static let scalar: Unicode.Scalar = "\u{2028}"
    static let string = String(scalar)
}
