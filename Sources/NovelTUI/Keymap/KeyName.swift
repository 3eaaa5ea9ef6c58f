/// Names for keys and wheel events, as written in `settings.json` overrides and shown in help:
/// a single character (`j`, `:`), or `Space`, `Enter`, `Esc`, `Tab`, `BackTab`, `Backspace`, `Delete`,
/// `Up`, `Down`, `Left`, `Right`, `PgUp`, `PgDn`, `Home`, `End`, `F1`…`F12`, `C-x`, `WheelUp`, `WheelDown`.
public enum KeyName {
    private static let named: [(String, InputEvent)] = [
        ("Space", .key(.character(" "))), ("Enter", .key(.enter)), ("Esc", .key(.escape)),
        ("Tab", .key(.tab)), ("BackTab", .key(.backTab)), ("Backspace", .key(.backspace)),
        ("Delete", .key(.delete)), ("Up", .key(.up)), ("Down", .key(.down)), ("Left", .key(.left)),
        ("Right", .key(.right)), ("PgUp", .key(.pageUp)), ("PgDn", .key(.pageDown)), ("Home", .key(.home)),
        ("End", .key(.end)), ("WheelUp", .wheelUp), ("WheelDown", .wheelDown),
    ]

    /// The event a key name stands for, or nil when the name is unknown.
    public static func event(_ name: String) -> InputEvent? {
        if let match = named.first(where: { $0.0.lowercased() == name.lowercased() }) { return match.1 }
        if name.count == 1, let character = name.first { return .key(.character(character)) }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...12).contains(number) {
            return .key(.function(number))
        }
        if name.hasPrefix("C-"), name.count == 3, let letter = name.last, letter.isLetter {
            return .key(.control(Character(letter.lowercased())))
        }
        return nil
    }

    /// The name of an event, for help and error messages.
    public static func name(_ event: InputEvent) -> String {
        if let match = named.first(where: { $0.1 == event }) { return match.0 }
        switch event {
        case .key(.character(let character)): return String(character)
        case .key(.function(let number)): return "F\(number)"
        case .key(.control(let letter)): return "C-\(letter)"
        default: return "\(event)"
        }
    }
}
