import NovelCore

/// How each `Style.Role` looks under a theme: colours (-1 is the terminal's own) and attributes.
struct TerminalTheme: Equatable {
    struct Look: Equatable {
        var foreground: Int16 = -1
        var background: Int16 = -1
        var bold = false
        var reverse = false
        var underline = false
        var dim = false
    }

    /// Every role, in the order of their colour pairs (pair = index + 1).
    static let roles: [Style.Role] = [
        .text, .title, .status, .overlay, .overlayTitle, .selection, .match, .currentMatch, .dim, .message,
    ]

    var looks: [Style.Role: Look]

    func look(_ role: Style.Role) -> Look { looks[role] ?? Look() }

    static func pair(for role: Style.Role) -> Int16 {
        Int16((roles.firstIndex(of: role) ?? 0) + 1)
    }

    /// Attributes only, for NO_COLOR and monochrome terminals.
    static let monochrome = TerminalTheme(looks: [
        .title: Look(bold: true), .status: Look(reverse: true), .overlayTitle: Look(bold: true, reverse: true),
        .selection: Look(reverse: true), .match: Look(underline: true), .currentMatch: Look(bold: true, reverse: true),
        .dim: Look(dim: true), .message: Look(bold: true),
    ])

    /// The colours for `theme`; `colours` is how many the terminal has (8, 16, 256…).
    static func make(_ theme: Settings.Theme, colours: Int) -> TerminalTheme {
        let rich = colours >= 256
        switch theme {
        case .terminal:
            return TerminalTheme(looks: [
                .title: Look(bold: true), .status: Look(reverse: true),
                .overlayTitle: Look(bold: true, reverse: true), .selection: Look(reverse: true),
                .match: Look(foreground: 0, background: 3), .currentMatch: Look(foreground: 0, background: 6, bold: true),
                .dim: Look(dim: true), .message: Look(foreground: 3, bold: true),
            ])
        case .day:
            return paper(ink: rich ? 235 : 0, paper: rich ? 255 : 7, bar: rich ? 250 : 6, accent: rich ? 25 : 4)
        case .night:
            return paper(ink: rich ? 250 : 7, paper: rich ? 234 : 0, bar: rich ? 238 : 4, accent: rich ? 110 : 6)
        case .sepia:
            return paper(ink: rich ? 94 : 0, paper: rich ? 230 : 3, bar: rich ? 187 : 7, accent: rich ? 130 : 1)
        }
    }

    private static func paper(ink: Int16, paper: Int16, bar: Int16, accent: Int16) -> TerminalTheme {
        TerminalTheme(looks: [
            .text: Look(foreground: ink, background: paper),
            .title: Look(foreground: accent, background: paper, bold: true),
            .status: Look(foreground: ink, background: bar),
            .overlay: Look(foreground: ink, background: bar),
            .overlayTitle: Look(foreground: accent, background: bar, bold: true),
            .selection: Look(foreground: paper, background: ink),
            .match: Look(foreground: ink, background: paper, reverse: true),
            .currentMatch: Look(foreground: accent, background: paper, bold: true, reverse: true),
            .dim: Look(foreground: ink, background: paper, dim: true),
            .message: Look(foreground: accent, background: bar, bold: true),
        ])
    }
}
