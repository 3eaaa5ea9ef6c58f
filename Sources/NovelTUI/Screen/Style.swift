/// How a cell is drawn. Roles are resolved to colors by the theme in the terminal adapter,
/// so screens stay comparable in tests whatever the theme.
public struct Style: Sendable, Hashable {
    public enum Role: Sendable, Hashable {
        case text, title, status, overlay, overlayTitle, selection, match, currentMatch, dim, message
    }

    public var role: Role
    public var bold: Bool
    public var reverse: Bool
    public var underline: Bool
    /// Drawn in italics where the terminal has them (an EPUB's emphasis); plain where it has not.
    public var italic: Bool

    public init(
        role: Role = .text, bold: Bool = false, reverse: Bool = false, underline: Bool = false, italic: Bool = false
    ) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
        self.underline = underline
        self.italic = italic
    }

    public static let text = Style()
}
