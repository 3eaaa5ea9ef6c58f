import Foundation

/// Every key of settings.json, with its type, range and default (docs/settings.md lists the same).
public enum SettingsKey: String, CaseIterable, Sendable {
    case fontScale, width, margin, lineSpacing, letterSpacing, paragraphSpacing, indent, ambiguousWidth, lineBreak
    case transition, theme, statusBar, keymap

    /// The allowed values, in words, for error messages and docs.
    public var allowed: String {
        switch self {
        case .fontScale: "1.0 to 3.0 in steps of 0.5"
        case .width: "an integer from 10 to 1000"
        case .margin: "an integer from 0 to 40"
        case .lineSpacing, .letterSpacing, .paragraphSpacing: "an integer from 0 to 4"
        case .indent: "an integer from 0 to 8"
        case .ambiguousWidth: "1 or 2"
        case .lineBreak: LineBreakLevel.allCases.map(\.rawValue).joined(separator: ", ")
        case .transition:
            Settings.Transition.allCases.map(\.rawValue).joined(separator: ", ") + " (none is taken as page)"
        case .theme: Settings.Theme.allCases.map(\.rawValue).joined(separator: ", ")
        case .statusBar: "true or false"
        case .keymap: "an object mapping command names to lists of key names"
        }
    }

    private var integerRange: ClosedRange<Int>? {
        switch self {
        case .width: 10...1000
        case .margin: 0...40
        case .lineSpacing, .letterSpacing, .paragraphSpacing: 0...4
        case .indent: 0...8
        case .ambiguousWidth: 1...2
        default: nil
        }
    }

    /// Applies a JSON value (from settings.json) to `settings`, or throws naming the key, value and range.
    public func apply(json value: Any, to settings: inout Settings) throws(StateError) {
        let shown = Self.show(value)
        let invalid = StateError.invalidValue(key: rawValue, value: shown, allowed: allowed)
        switch self {
        case .fontScale:
            guard let number = value as? NSNumber, !Self.isBoolean(number) else { throw invalid }
            let scale = number.doubleValue
            guard (1.0...3.0).contains(scale), (scale * 2).rounded() == scale * 2 else { throw invalid }
            settings.fontScale = scale
        case .width, .margin, .lineSpacing, .letterSpacing, .paragraphSpacing, .indent, .ambiguousWidth:
            // Int(exactly:) refuses fractions, NaN and infinities (which would trap in a conversion).
            guard let number = value as? NSNumber, !Self.isBoolean(number),
                let integer = Int(exactly: number.doubleValue), let range = integerRange, range.contains(integer)
            else { throw invalid }
            setInteger(integer, &settings)
        case .transition:
            // `none` (instant page flips, as the pager issue calls it) is what `page` already means.
            guard let text = value as? String, let transition = Settings.Transition(rawValue: text == "none" ? "page" : text)
            else { throw invalid }
            settings.transition = transition
        case .lineBreak:
            guard let text = value as? String, let level = LineBreakLevel(rawValue: text) else { throw invalid }
            settings.lineBreak = level
        case .theme:
            guard let text = value as? String, let theme = Settings.Theme(rawValue: text) else { throw invalid }
            settings.theme = theme
        case .statusBar:
            guard let number = value as? NSNumber, Self.isBoolean(number) else { throw invalid }
            settings.statusBar = number.boolValue
        case .keymap:
            guard let object = value as? [String: Any] else { throw invalid }
            var keymap: [String: [String]] = [:]
            for (command, keys) in object {
                if let key = keys as? String {
                    keymap[command] = [key]
                } else if let list = keys as? [String] {
                    keymap[command] = list
                } else {
                    throw invalid
                }
            }
            settings.keymap = keymap
        }
    }

    /// Applies a value typed on the command line (`novel settings --set width=60`).
    public func apply(text: String, to settings: inout Settings) throws(StateError) {
        let value: Any
        switch self {
        case .fontScale, .width, .margin, .lineSpacing, .letterSpacing, .paragraphSpacing, .indent, .ambiguousWidth:
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw StateError.invalidValue(key: rawValue, value: text, allowed: allowed)
            }
            value = NSNumber(value: number)
        case .statusBar:
            switch text.lowercased() {
            case "true", "yes", "on", "1": value = NSNumber(value: true)
            case "false", "no", "off", "0": value = NSNumber(value: false)
            default: throw StateError.invalidValue(key: rawValue, value: text, allowed: allowed)
            }
        case .keymap:
            guard let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) else {
                throw StateError.invalidValue(key: rawValue, value: text, allowed: allowed)
            }
            value = object
        case .transition, .theme, .lineBreak:
            value = text
        }
        do {
            try apply(json: value, to: &settings)
        } catch {
            throw StateError.invalidValue(key: rawValue, value: text, allowed: allowed)
        }
    }

    /// The key's value as JSON.
    public func json(_ settings: Settings) -> Any {
        switch self {
        case .fontScale: settings.fontScale
        case .width: settings.width
        case .margin: settings.margin
        case .lineSpacing: settings.lineSpacing
        case .letterSpacing: settings.letterSpacing
        case .paragraphSpacing: settings.paragraphSpacing
        case .indent: settings.indent
        case .ambiguousWidth: settings.ambiguousWidth.rawValue
        case .lineBreak: settings.lineBreak.rawValue
        case .transition: settings.transition.rawValue
        case .theme: settings.theme.rawValue
        case .statusBar: settings.statusBar
        case .keymap: settings.keymap
        }
    }

    /// The key's value as `novel settings` prints it.
    public func text(_ settings: Settings) -> String {
        self == .fontScale ? String(settings.fontScale) : Self.show(json(settings))
    }

    private func setInteger(_ value: Int, _ settings: inout Settings) {
        switch self {
        case .width: settings.width = value
        case .margin: settings.margin = value
        case .lineSpacing: settings.lineSpacing = value
        case .letterSpacing: settings.letterSpacing = value
        case .paragraphSpacing: settings.paragraphSpacing = value
        case .indent: settings.indent = value
        case .ambiguousWidth: settings.ambiguousWidth = value == 2 ? .wide : .narrow
        default: break
        }
    }

    /// JSON's true and false arrive as NSNumbers too; their type code tells them from 1 and 0.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    static func show(_ value: Any) -> String {
        if let number = value as? NSNumber {
            if isBoolean(number) { return number.boolValue ? "true" : "false" }
            let double = number.doubleValue
            return String(cString: number.objCType) != "d" ? String(number.intValue) : String(double)
        }
        if let text = value as? String { return text }
        if JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        {
            return String(decoding: data, as: UTF8.self)
        }
        return "\(value)"
    }
}
