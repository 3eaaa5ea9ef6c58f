import NovelCore

/// The rows of the settings overlay and how each one changes its setting.
enum SettingsItem: CaseIterable {
    case fontScale, width, lineSpacing, letterSpacing, theme, transition, statusBar, lineBreak

    var label: String {
        switch self {
        case .fontScale: "Font scale"
        case .width: "Width"
        case .lineSpacing: "Line spacing"
        case .letterSpacing: "Letter spacing"
        case .lineBreak: "Line breaking"
        case .theme: "Theme"
        case .transition: "Transition"
        case .statusBar: "Status bar"
        }
    }

    func value(_ settings: Settings) -> String {
        switch self {
        case .fontScale: String(settings.fontScale)
        case .width: String(settings.width)
        case .lineSpacing: String(settings.lineSpacing)
        case .letterSpacing: String(settings.letterSpacing)
        case .lineBreak: settings.lineBreak.rawValue
        case .theme: settings.theme.rawValue
        case .transition: settings.transition.rawValue
        case .statusBar: settings.statusBar ? "shown" : "hidden"
        }
    }

    /// `settings` with this item moved one step up (`step` 1) or down (-1), within its range.
    func adjusted(_ settings: Settings, step: Int) -> Settings {
        var settings = settings
        switch self {
        case .fontScale: settings.fontScale = min(max(settings.fontScale + 0.5 * Double(step), 1), 3)
        case .width: settings.width = min(max(settings.width + 2 * step, 10), 400)
        case .lineSpacing: settings.lineSpacing = min(max(settings.lineSpacing + step, 0), 4)
        case .letterSpacing: settings.letterSpacing = min(max(settings.letterSpacing + step, 0), 4)
        case .lineBreak: settings.lineBreak = Self.cycle(settings.lineBreak, step)
        case .theme: settings.theme = Self.cycle(settings.theme, step)
        case .transition: settings.transition = Self.cycle(settings.transition, step)
        case .statusBar: settings.statusBar.toggle()
        }
        return settings
    }

    static func cycle<T: CaseIterable & Equatable>(_ value: T, _ step: Int) -> T where T.AllCases == [T] {
        let all = T.allCases
        let index = all.firstIndex(of: value) ?? 0
        return all[((index + step) % all.count + all.count) % all.count]
    }
}
