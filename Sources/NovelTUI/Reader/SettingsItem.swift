import NovelCore

/// The rows of the settings overlay: which settings it shows and their labels. How a row's value moves
/// (range, step, choices) is the key's own declaration in `SettingsKey`.
enum SettingsItem: CaseIterable {
    case fontScale, width, margin, lineSpacing, letterSpacing, paragraphSpacing, indent, ambiguousWidth, theme,
        transition
    case spread, statusBar, reflow, convert, smartQuotes, illustrations, hideSiteJunk, ruby, lineBreak, disguise
    case speechSleep

    var key: SettingsKey {
        switch self {
        case .fontScale: .fontScale
        case .width: .width
        case .margin: .margin
        case .paragraphSpacing: .paragraphSpacing
        case .indent: .indent
        case .ambiguousWidth: .ambiguousWidth
        case .lineSpacing: .lineSpacing
        case .letterSpacing: .letterSpacing
        case .theme: .theme
        case .transition: .transition
        case .spread: .spread
        case .statusBar: .statusBar
        case .reflow: .reflow
        case .convert: .convert
        case .smartQuotes: .smartQuotes
        case .hideSiteJunk: .hideSiteJunk
        case .illustrations: .illustrations
        case .ruby: .ruby
        case .lineBreak: .lineBreak
        case .disguise: .disguise
        case .speechSleep: .speechSleep
        }
    }

    var label: String {
        switch self {
        case .fontScale: "Font scale"
        case .width: "Width"
        case .margin: "Margin"
        case .paragraphSpacing: "Paragraph spacing"
        case .indent: "Indent"
        case .ambiguousWidth: "Ambiguous width"
        case .lineSpacing: "Line spacing"
        case .letterSpacing: "Letter spacing"
        case .lineBreak: "Line breaking"
        case .theme: "Theme"
        case .transition: "Transition"
        case .spread: "Two pages"
        case .statusBar: "Status bar"
        case .reflow: "Reflow (this book)"
        case .convert: "Convert (this book)"
        case .smartQuotes: "Smart quotes"
        case .hideSiteJunk: "Hide site junk"
        case .illustrations: "Illustrations"
        case .ruby: "Ruby (furigana)"
        case .disguise: "Disguise"
        case .speechSleep: "Read-aloud timer"
        }
    }

    func value(_ settings: Settings) -> String {
        if self == .statusBar { return settings.statusBar ? "shown" : "hidden" }
        if self == .speechSleep {
            return settings.speechSleep.minutes.map { "\($0) min" }
                ?? (settings.speechSleep == .chapter ? "chapter's end" : "off")
        }
        if case .flag(let path) = key.field { return settings[keyPath: path] ? "on" : "off" }
        return key.text(settings)
    }

    /// `settings` with this item moved one step up (`step` 1) or down (-1), within its range.
    func adjusted(_ settings: Settings, step: Int) -> Settings {
        key.stepped(settings, by: step)
    }
}
