import Foundation

/// The rules of `rules.json`: the built-in site-junk rules first (`SiteJunkRule.builtIn`, which can be
/// switched off but not removed), then the user's, in the order they are applied.
public struct CleaningRules: Sendable, Equatable {
    /// The user's rules, in order.
    public var user: [CleaningRule]
    /// Names of the built-in rules switched off.
    public var disabledBuiltIns: Set<String>

    public init(user: [CleaningRule] = [], disabledBuiltIns: Set<String> = []) {
        self.user = user
        self.disabledBuiltIns = disabledBuiltIns
    }

    /// The built-in rules with their switches, then the user's.
    public var all: [CleaningRule] {
        SiteJunkRule.builtIn.map {
            CleaningRule(
                name: $0.name, pattern: $0.pattern, isRegex: true, enabled: !disabledBuiltIns.contains($0.name),
                isBuiltIn: true)
        } + user
    }

    /// The rules for the book with this title and path (enabled or not), for the reader's overlay.
    public func applying(title: String, path: String) -> [CleaningRule] {
        all.filter { $0.applies(title: title, path: path) }
    }

    /// What the display transforms apply to that book.
    public func forBook(title: String, path: String) -> BookCleaning {
        BookCleaning(
            rules: user.filter { $0.enabled && $0.applies(title: title, path: path) },
            disabledBuiltIns: disabledBuiltIns)
    }

    /// Adds a rule at the end, validated; names are unique.
    public mutating func add(_ rule: CleaningRule) throws(RuleError) {
        try rule.validate()
        guard !all.contains(where: { $0.name == rule.name }) else { throw .duplicateName(rule.name) }
        user.append(rule)
    }

    public mutating func remove(_ name: String) throws(RuleError) {
        if SiteJunkRule.builtIn.contains(where: { $0.name == name }) { throw .builtIn(name) }
        guard let index = user.firstIndex(where: { $0.name == name }) else { throw unknown(name) }
        user.remove(at: index)
    }

    /// Switches the rule named `name` on or off.
    public mutating func setEnabled(_ name: String, _ enabled: Bool) throws(RuleError) {
        if SiteJunkRule.builtIn.contains(where: { $0.name == name }) {
            if enabled { disabledBuiltIns.remove(name) } else { disabledBuiltIns.insert(name) }
            return
        }
        guard let index = user.firstIndex(where: { $0.name == name }) else { throw unknown(name) }
        user[index].enabled = enabled
    }

    private func unknown(_ name: String) -> RuleError {
        .unknownRule(name, known: all.map(\.name))
    }

    // MARK: - JSON

    /// Reads the file's object: rules of the wrong shape or with a pattern ICU cannot compile are left
    /// out with a warning each (the file keeps them until it is next written by a change).
    public init(object: [String: Any], path: String, warnings: inout [String]) {
        self.init()
        for item in object["rules"] as? [Any] ?? [] {
            guard let fields = item as? [String: Any], let name = fields["name"] as? String,
                let pattern = fields["pattern"] as? String
            else {
                warnings.append("\(path): a rule without a name or pattern was ignored")
                continue
            }
            let rule = CleaningRule(
                name: name, pattern: pattern, isRegex: fields["regex"] as? Bool ?? false,
                replacement: fields["replacement"] as? String ?? "", scope: fields["scope"] as? String,
                enabled: fields["enabled"] as? Bool ?? true)
            do {
                try add(rule)
            } catch {
                warnings.append("\(path): \(error); ignored")
            }
        }
        if let builtIn = object["builtIn"] as? [String: Any] {
            let names = Set(SiteJunkRule.builtIn.map(\.name))
            for (name, enabled) in builtIn where names.contains(name) && (enabled as? Bool) == false {
                disabledBuiltIns.insert(name)
            }
        }
    }

    /// The rules as the file's object (over `object`, which keeps keys this version does not know).
    public func merged(into object: [String: Any]) -> [String: Any] {
        var object = object
        object["rules"] = user.map { rule -> [String: Any] in
            [
                "name": rule.name, "pattern": rule.pattern, "regex": rule.isRegex, "replacement": rule.replacement,
                "scope": rule.scope ?? NSNull(), "enabled": rule.enabled,
            ]
        }
        var builtIn: [String: Any] = [:]
        for rule in SiteJunkRule.builtIn { builtIn[rule.name] = !disabledBuiltIns.contains(rule.name) }
        object["builtIn"] = builtIn
        return object
    }
}

/// The cleaning one book is shown with: its enabled user rules in order and the built-in rules switched
/// off (part of `DisplayOptions`, so a change re-lays out).
public struct BookCleaning: Sendable, Hashable {
    public var rules: [CleaningRule]
    public var disabledBuiltIns: Set<String>

    public init(rules: [CleaningRule] = [], disabledBuiltIns: Set<String> = []) {
        self.rules = rules
        self.disabledBuiltIns = disabledBuiltIns
    }

    public static let none = BookCleaning()

    /// The built-in site-junk rules still on, one bit per rule of `SiteJunkRule.builtIn`.
    var builtInMask: UInt64 {
        var mask = UInt64.max
        for (index, rule) in SiteJunkRule.builtIn.enumerated()
        where index < 64 && disabledBuiltIns.contains(rule.name) {
            mask &= ~(1 << UInt64(index))
        }
        return mask
    }
}
