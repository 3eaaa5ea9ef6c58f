import NovelCore

/// How each `Style.Role` is drawn: the reader's `ThemePalette` colors fitted to what the terminal
/// has (256 colors, or the 8 basic ones), plus the attributes that mark roles without color.
struct TerminalTheme {
    struct Look: Equatable {
        var foreground: Int16 = -1
        var background: Int16 = -1
        var bold = false
        var reverse = false
        var dim = false
        var underline = false
        var italic = false
    }

    /// Every role, in the order of their color pairs (pair = index + 1).
    static let roles: [Style.Role] = [
        .text, .title, .status, .overlay, .overlayTitle, .selection, .match, .currentMatch, .dim, .message,
    ]

    static func pair(for role: Style.Role) -> Int16 {
        Int16((roles.firstIndex(of: role) ?? 0) + 1)
    }

    let palette: ThemePalette
    /// How many colors the terminal has.
    let colors: Int
    /// Whether the terminal has an italic mode (terminfo's `sitm`): where it has none, italic text is
    /// drawn plain rather than in whatever the terminal would make of the attribute.
    var italics = true

    func look(_ role: Style.Role) -> Look {
        let colors = palette.colors(for: role)
        var look = Look()
        look.foreground = fit(colors.foreground)
        look.background = fit(colors.background)
        look.reverse = palette.reversesWithoutColor(role)
        look.bold = [.title, .overlayTitle, .currentMatch, .message].contains(role)
        look.dim = role == .dim && colors.foreground == nil
        return look
    }

    /// How a cell of `style` is drawn: its role's look, with the style's own bold, underline and italic
    /// (where the terminal has it) added and its reverse flipping the role's. None of these is a color, so
    /// `NO_COLOR` keeps them all.
    func look(_ style: Style) -> Look {
        var look = look(style.role)
        look.bold = look.bold || style.bold
        look.reverse = look.reverse != style.reverse
        look.underline = style.underline
        look.italic = style.italic && italics
        return look
    }

    /// An xterm-256 color as this terminal can show it; -1 is the terminal's own color.
    func fit(_ color: Int?) -> Int16 {
        guard let color, color >= 0 else { return -1 }
        if color < colors { return Int16(color) }
        return colors >= 8 ? Int16(Self.basic(color)) : -1
    }

    /// The nearest of the 8 basic colors to an xterm-256 color.
    static func basic(_ color: Int) -> Int {
        if color < 16 { return color % 8 }
        if color >= 232 { return color < 244 ? 0 : 7 }
        let cube = color - 16
        let (red, green, blue) = (cube / 36, (cube / 6) % 6, cube % 6)
        return (red >= 3 ? 1 : 0) | (green >= 3 ? 2 : 0) | (blue >= 3 ? 4 : 0)
    }
}
