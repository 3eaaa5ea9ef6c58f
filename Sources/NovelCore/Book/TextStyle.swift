/// How a run of a book's text is emphasised: the attributes a terminal can show (an EPUB's b/strong,
/// i/em/cite, u/ins); several may hold at once.
public struct TextStyle: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1)
    public static let italic = TextStyle(rawValue: 2)
    public static let underline = TextStyle(rawValue: 4)
}

/// A range of text bytes shown with a style.
public struct StyledRange: Sendable, Equatable {
    public var range: Range<Int>
    public var style: TextStyle

    public init(range: Range<Int>, style: TextStyle) {
        self.range = range
        self.style = style
    }
}
