/// How an EPUB marks a run of text: bold (b, strong), italic (i, em, cite), underline (u, ins), and code
/// (code, kbd, samp, tt, pre), which typography leaves as written.
public struct TextStyle: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextStyle(rawValue: 1)
    public static let italic = TextStyle(rawValue: 2)
    public static let underline = TextStyle(rawValue: 4)
    /// Code and preformatted text: shown as written, never with curly quotes or dashes made of `--`.
    public static let code = TextStyle(rawValue: 8)
    /// Preformatted text (`pre`, with `code`): laid out line for line as written, its leading blanks kept.
    public static let preformatted = TextStyle(rawValue: 16)

    /// Each style on its own.
    static let members: [TextStyle] = [.bold, .italic, .underline, .code, .preformatted]
}

/// A run of a book's text (byte offsets) shown in one style.
public struct StyledRange: Sendable, Equatable {
    public var range: Range<Int>
    public var style: TextStyle
    public init(range: Range<Int>, style: TextStyle) {
        self.range = range
        self.style = style
    }
}
