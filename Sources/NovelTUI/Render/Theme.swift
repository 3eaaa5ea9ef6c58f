import NovelCore

/// Colors for each style role in each theme, as xterm-256 color numbers (nil = the terminal's own).
/// The screen model carries only roles; the terminal adapter asks the palette how to draw them.
public struct ThemePalette: Sendable, Equatable {
    public struct Colors: Sendable, Equatable {
        public var foreground: Int?
        public var background: Int?

        public init(foreground: Int? = nil, background: Int? = nil) {
            self.foreground = foreground
            self.background = background
        }
    }

    public let theme: Settings.Theme
    /// `NO_COLOR` set: no colors at all; bold, reverse and underline still mark roles.
    public let noColor: Bool

    public init(theme: Settings.Theme, noColor: Bool) {
        self.theme = theme
        self.noColor = noColor
    }

    public init(theme: Settings.Theme, environment: [String: String]) {
        self.init(theme: theme, noColor: Self.asksNoColor(environment))
    }

    /// Whether the environment asks for plain output (`NO_COLOR` set and not empty, as no-color.org says):
    /// no colors, and no emphasis of the book's text (the reader's `showsEmphasis`).
    public static func asksNoColor(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty
    }

    /// The page's text and background.
    var base: Colors {
        switch theme {
        case .terminal: Colors()
        case .day: Colors(foreground: 235, background: 255)
        case .night: Colors(foreground: 250, background: 234)
        case .sepia: Colors(foreground: 94, background: 230)
        }
    }

    public func colors(for role: Style.Role) -> Colors {
        if noColor { return Colors() }
        let base = base
        switch role {
        case .text: return base
        case .title:
            return Colors(
                foreground: theme == .night ? 180 : (theme == .terminal ? nil : 130), background: base.background)
        case .status, .overlayTitle:
            return Colors(foreground: base.background ?? nil, background: base.foreground ?? nil)
        case .overlay:
            return Colors(
                foreground: base.foreground, background: theme == .terminal ? nil : (theme == .night ? 236 : 254))
        case .selection: return Colors(foreground: base.background, background: base.foreground)
        case .match: return Colors(foreground: 16, background: 222)
        case .currentMatch: return Colors(foreground: 16, background: 208)
        case .dim: return Colors(foreground: 244, background: base.background)
        case .message: return Colors(foreground: theme == .night ? 215 : 124, background: base.background)
        }
    }

    /// Whether a role is drawn reversed when the palette has no colors for it (the terminal theme or NO_COLOR).
    public func reversesWithoutColor(_ role: Style.Role) -> Bool {
        guard noColor || theme == .terminal else { return false }
        return [.status, .overlayTitle, .selection, .match, .currentMatch].contains(role)
    }
}
