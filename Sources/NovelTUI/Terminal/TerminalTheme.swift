import NovelCore

/// How each `Style.Role` is drawn: the reader's `ThemePalette` colours fitted to what the terminal
/// has (256 colours, or the 8 basic ones), plus the attributes that mark roles without colour.
struct TerminalTheme {
    struct Look: Equatable {
        var foreground: Int16 = -1
        var background: Int16 = -1
        var bold = false
        var reverse = false
        var dim = false
    }

    /// Every role, in the order of their colour pairs (pair = index + 1).
    static let roles: [Style.Role] = [
        .text, .title, .status, .overlay, .overlayTitle, .selection, .match, .currentMatch, .dim, .message,
    ]

    static func pair(for role: Style.Role) -> Int16 {
        Int16((roles.firstIndex(of: role) ?? 0) + 1)
    }

    let palette: ThemePalette
    /// How many colours the terminal has.
    let colours: Int

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

    /// An xterm-256 colour as this terminal can show it; -1 is the terminal's own colour.
    func fit(_ colour: Int?) -> Int16 {
        guard let colour, colour >= 0 else { return -1 }
        if colour < colours { return Int16(colour) }
        return colours >= 8 ? Int16(Self.basic(colour)) : -1
    }

    /// The nearest of the 8 basic colours to an xterm-256 colour.
    static func basic(_ colour: Int) -> Int {
        if colour < 16 { return colour % 8 }
        if colour >= 232 { return colour < 244 ? 0 : 7 }
        let cube = colour - 16
        let (red, green, blue) = (cube / 36, (cube / 6) % 6, cube % 6)
        return (red >= 3 ? 1 : 0) | (green >= 3 ? 2 : 0) | (blue >= 3 ? 4 : 0)
    }
}
