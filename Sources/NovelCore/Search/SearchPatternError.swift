/// A `--regex` pattern ICU cannot compile: bad input.
public struct SearchPatternError: NovelError, Equatable {
    public var pattern: String
    /// 1-based, in characters.
    public var position: Int?
    public var reason: String

    public var isBadInput: Bool { true }

    public var description: String {
        "invalid regular expression '\(pattern)': \(reason)" + (position.map { " at character \($0)" } ?? "")
    }
}
