/// The reflow a book is shown with, and where it comes from: a `--reflow` given now, else the book's
/// own (remembered in its state), else the `reflow` setting.
public struct ReflowChoice: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case option, book, setting
    }

    public let value: DisplayOptions.Reflow
    public let source: Source

    public init(given: DisplayOptions.Reflow?, book: DisplayOptions.Reflow?, setting: DisplayOptions.Reflow) {
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
        case .setting: value == .auto ? "auto" : "setting reflow = \(value.rawValue)"
        case .book: "this book's reflow = \(value.rawValue)"
        case .option: "--reflow \(value.rawValue)"
        }
    }
}
