/// What is wrong with a cleaning rule or a change to `rules.json`.
public enum RuleError: NovelError, Equatable {
    case emptyName
    case emptyPattern(name: String)
    /// ICU cannot compile the rule's pattern; `position` is 1-based, in characters.
    case invalidPattern(name: String, pattern: String, position: Int?, reason: String)
    case duplicateName(String)
    case unknownRule(String, known: [String])
    /// Built-in rules can be switched off, not removed or edited.
    case builtIn(String)

    public var isBadInput: Bool { true }

    public var description: String {
        switch self {
        case .emptyName: "a rule needs a name"
        case .emptyPattern(let name): "rule '\(name)': the pattern is empty"
        case .invalidPattern(let name, let pattern, let position, let reason):
            "rule '\(name)': invalid regular expression '\(pattern)': \(reason)"
                + (position.map { " at character \($0)" } ?? "")
        case .duplicateName(let name): "a rule named '\(name)' already exists"
        case .unknownRule(let name, let known):
            "no rule named '\(name)'" + (known.isEmpty ? "" : "; the rules are: \(known.joined(separator: ", "))")
        case .builtIn(let name): "'\(name)' is a built-in rule: it can be enabled or disabled, not removed"
        }
    }
}
