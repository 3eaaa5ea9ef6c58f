/// A user's `--chapter-pattern` that ICU cannot compile.
public struct ChapterPatternError: NovelError, Equatable {
    public var pattern: String
    /// 1-based character position of the mistake, when ICU knows it.
    public var position: Int?
    public var reason: String

    public init(pattern: String, position: Int?, reason: String) {
        self.pattern = pattern
        self.position = position
        self.reason = reason
    }

    public var isBadInput: Bool { true }

    public var description: String {
        if let position {
            return "invalid chapter pattern '\(pattern)': \(reason) at character \(position)"
        }
        return "invalid chapter pattern '\(pattern)': \(reason)"
    }
}
