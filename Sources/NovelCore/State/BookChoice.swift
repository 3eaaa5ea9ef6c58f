/// A display choice that belongs to a book (reflow, conversion) and where its value comes from: a
/// flag given now (`--reflow`, `--convert`), else the book's own (remembered in its state), else the
/// setting of the same name.
public struct BookChoice<Value: BookChoosable>: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case option, book, setting
    }

    public let value: Value
    public let source: Source

    public init(given: Value?, book: Value?, setting: Value) {
        if let given {
            (value, source) = (given, .option)
        } else if let book {
            (value, source) = (book, .book)
        } else {
            (value, source) = (setting, .setting)
        }
    }

    /// "auto", "setting reflow = off", "this book's reflow = on", "--reflow off".
    public var description: String {
        switch source {
        case .setting: value == Value.plainValue ? value.rawValue : "setting \(Value.settingName) = \(value.rawValue)"
        case .book: "this book's \(Value.settingName) = \(value.rawValue)"
        case .option: "--\(Value.settingName) \(value.rawValue)"
        }
    }
}

/// A value a book can choose for itself, named like its setting and flag.
public protocol BookChoosable: RawRepresentable<String>, Sendable, Equatable {
    /// The setting's key, which is also the flag's name.
    static var settingName: String { get }
    /// The value that goes without saying when it comes from the setting ("auto", "none").
    static var plainValue: Self { get }
}

public typealias ReflowChoice = BookChoice<DisplayOptions.Reflow>
public typealias ConversionChoice = BookChoice<Conversion>

extension DisplayOptions.Reflow: BookChoosable {
    public static var settingName: String { SettingsKey.reflow.rawValue }
    public static var plainValue: Self { .auto }
}

extension Conversion: BookChoosable {
    public static var settingName: String { SettingsKey.convert.rawValue }
    public static var plainValue: Self { .none }
}

extension Settings {
    /// These settings with a book's own choices (from its state or a flag) in place of the settings'.
    public func forBook(reflow: DisplayOptions.Reflow?, convert: Conversion?) -> Settings {
        var shown = self
        shown.reflow = ReflowChoice(given: nil, book: reflow, setting: self.reflow).value
        shown.convert = ConversionChoice(given: nil, book: convert, setting: self.convert).value
        return shown
    }
}
