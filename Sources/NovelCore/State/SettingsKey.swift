import Foundation

/// Every key of settings.json, with its type, range and default (docs/settings.md lists the same).
///
/// A key is declared once, in `field`: its range (or choices) and where it lives in `Settings`. Reading
/// settings.json, `novel settings --set`, the printed value, the reader's settings overlay and the
/// layouter's clamping all follow from that declaration.
public enum SettingsKey: String, CaseIterable, Sendable {
    case fontScale, width, margin, lineSpacing, letterSpacing, paragraphSpacing, indent, ambiguousWidth, lineBreak
    case transition, theme, statusBar, statusInfo, spread, keymap
    case reflow, smartQuotes, hideSiteJunk, illustrations, convert, ruby
    case autoPageSeconds, autoLineSeconds
    case disguise, bookInTitle
    case libraryFolder
    case cacheMegabytes
    case syncURL = "sync.url", syncUser = "sync.user", syncFolder = "sync.folder", syncSettings = "sync.settings"
    case syncLegado = "sync.legado", syncDevice = "sync.device", syncCAFile = "sync.ca-file"
    case speechVoice = "speech.voice", speechRate = "speech.rate", speechCommand = "speech.command"
    case speechSleep = "speech.sleep"

    /// How a key's value is checked, stored and stepped.
    public enum Field {
        /// A number in a range; integers when the range's granularity is 1.
        case number(NumberRange, get: (Settings) -> Double, set: (inout Settings, Double) -> Void)
        /// One of a few names; `aliases` are accepted and stored as the name they stand for.
        case choice(
            [String], aliases: [String: String], get: (Settings) -> String, set: (inout Settings, String) -> Void)
        case flag(WritableKeyPath<Settings, Bool>)
        /// Any text, such as a folder's path ("" for none).
        case text(WritableKeyPath<Settings, String>)
        /// Command name → list of key names.
        case keymap
    }

    /// The one declaration of each key.
    public var field: Field {
        switch self {
        case .fontScale:
            .number(LayoutSettings.fontScaleRange, get: { $0.fontScale }, set: { $0.fontScale = $1 })
        case .width: Self.integer(\.width, 10...1000, step: 2)
        case .margin: Self.integer(\.margin, 0...40)
        case .lineSpacing: Self.integer(\.lineSpacing, 0...4)
        case .letterSpacing: Self.integer(\.letterSpacing, 0...4)
        case .paragraphSpacing: Self.integer(\.paragraphSpacing, 0...4)
        case .indent: Self.integer(\.indent, 0...8)
        case .ambiguousWidth:
            .number(
                NumberRange(1...2), get: { Double($0.ambiguousWidth.rawValue) },
                set: { $0.ambiguousWidth = $1 == 2 ? .wide : .narrow })
        // `none` (instant page flips, as the pager issue calls it) is what `page` already means.
        case .transition: Self.choice(\.transition, aliases: ["none": "page"])
        case .theme: Self.choice(\.theme)
        case .statusBar: .flag(\.statusBar)
        case .statusInfo: Self.choice(\.statusInfo)
        case .spread: Self.choice(\.spread)
        case .keymap: .keymap
        case .reflow: Self.choice(\.reflow)
        case .smartQuotes: .flag(\.smartQuotes)
        case .hideSiteJunk: .flag(\.hideSiteJunk)
        case .illustrations: Self.choice(\.illustrations)
        case .convert: Self.choice(\.convert)
        case .ruby: Self.choice(\.ruby)
        case .lineBreak: Self.choice(\.lineBreak)
        case .autoPageSeconds: Self.integer(\.autoPageSeconds, 1...600)
        // Quarter seconds: exact in binary, so stepping and checking never drift off the grid.
        case .autoLineSeconds:
            .number(
                NumberRange(0.25...10, granularity: 0.25), get: { $0.autoLineSeconds }, set: { $0.autoLineSeconds = $1 }
            )
        case .disguise: Self.choice(\.disguise)
        case .bookInTitle: .flag(\.bookInTitle)
        case .libraryFolder: .text(\.libraryFolder)
        case .cacheMegabytes: Self.integer(\.cacheMegabytes, 1...100_000)
        case .syncURL: .text(\.syncURL)
        case .syncUser: .text(\.syncUser)
        case .syncFolder: .text(\.syncFolder)
        case .syncSettings: .flag(\.syncSettings)
        case .syncLegado: .flag(\.syncLegado)
        case .syncDevice: .text(\.syncDevice)
        case .syncCAFile: .text(\.syncCAFile)
        case .speechVoice: .text(\.speechVoice)
        case .speechRate:
            Self.integer(\.speechRate, SpeechRate.wordsPerMinute, step: SpeechRate.step)
        case .speechCommand: .text(\.speechCommand)
        case .speechSleep: Self.choice(\.speechSleep)
        }
    }

    static func integer(_ path: WritableKeyPath<Settings, Int>, _ bounds: ClosedRange<Int>, step: Int = 1) -> Field {
        .number(
            NumberRange(Double(bounds.lowerBound)...Double(bounds.upperBound), step: Double(step)),
            get: { Double($0[keyPath: path]) }, set: { $0[keyPath: path] = Int($1) })
    }

    static func choice<Value: RawRepresentable<String> & CaseIterable>(
        _ path: WritableKeyPath<Settings, Value>, aliases: [String: String] = [:]
    ) -> Field {
        .choice(
            Value.allCases.map(\.rawValue), aliases: aliases, get: { $0[keyPath: path].rawValue },
            set: { settings, name in if let value = Value(rawValue: name) { settings[keyPath: path] = value } })
    }

    /// The numeric range, for numeric keys.
    public var range: NumberRange? {
        if case .number(let range, _, _) = field { return range }
        return nil
    }

    /// The allowed values, in words, for error messages and docs.
    public var allowed: String {
        switch field {
        case .number(let range, _, _): range.description
        case .choice(let names, let aliases, _, _):
            names.joined(separator: ", ")
                + aliases.sorted { $0.key < $1.key }.map { " (\($0.key) is taken as \($0.value))" }.joined()
        case .flag: "true or false"
        case .text: "a string"
        case .keymap: "an object mapping command names to lists of key names"
        }
    }

    /// Applies a JSON value (from settings.json) to `settings`, or throws naming the key, value and range.
    public func apply(json value: Any, to settings: inout Settings) throws(StateError) {
        let invalid = StateError.invalidValue(key: rawValue, value: JSONText.shown(value), allowed: allowed)
        switch field {
        case .number(let range, _, let set):
            guard let number = value as? NSNumber, !StateValue.isBoolean(number), range.contains(number.doubleValue)
            else { throw invalid }
            set(&settings, number.doubleValue)
        case .choice(let names, let aliases, _, let set):
            guard let text = value as? String, let name = names.contains(text) ? text : aliases[text] else {
                throw invalid
            }
            set(&settings, name)
        case .flag(let path):
            guard let number = value as? NSNumber, StateValue.isBoolean(number) else { throw invalid }
            settings[keyPath: path] = number.boolValue
        case .text(let path):
            guard let text = value as? String else { throw invalid }
            settings[keyPath: path] = text
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
        let invalid = StateError.invalidValue(key: rawValue, value: text, allowed: allowed)
        let value: Any
        switch field {
        case .number:
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else { throw invalid }
            value = NSNumber(value: number)
        case .flag:
            switch text.lowercased() {
            case "true", "yes", "on", "1": value = NSNumber(value: true)
            case "false", "no", "off", "0": value = NSNumber(value: false)
            default: throw invalid
            }
        case .keymap:
            guard let object = JSONText.parse(text) else { throw invalid }
            value = object
        case .choice, .text:
            value = text
        }
        do {
            try apply(json: value, to: &settings)
        } catch {
            throw invalid
        }
    }

    /// `settings` with this key moved `steps` steps (the settings overlay): numbers by their range's step
    /// within its bounds, choices round in order, flags toggled.
    public func stepped(_ settings: Settings, by steps: Int) -> Settings {
        var settings = settings
        switch field {
        case .number(let range, let get, let set):
            set(&settings, range.stepped(get(settings), by: steps))
        case .choice(let names, _, let get, let set):
            let index = names.firstIndex(of: get(settings)) ?? 0
            set(&settings, names[((index + steps) % names.count + names.count) % names.count])
        case .flag(let path):
            settings[keyPath: path].toggle()
        case .text, .keymap:
            break
        }
        return settings
    }

    /// The key's value as JSON.
    public func json(_ settings: Settings) -> Any {
        switch field {
        case .number(let range, let get, _): range.isInteger ? Int(get(settings)) : get(settings)
        case .choice(_, _, let get, _): get(settings)
        case .flag(let path): settings[keyPath: path]
        case .text(let path): settings[keyPath: path]
        case .keymap: settings.keymap
        }
    }

    /// The key's value as `novel settings` prints it.
    public func text(_ settings: Settings) -> String {
        if case .number(let range, let get, _) = field, !range.isInteger { return String(get(settings)) }
        return JSONText.shown(json(settings))
    }
}
