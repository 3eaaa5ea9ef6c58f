import Foundation

/// One cleaning rule (替换净化): what to find in a book's text, what to show instead, and which books it
/// is for. Applied at display time, after decoding and before layout; the file is never changed.
public struct CleaningRule: Sendable, Hashable {
    public var name: String
    /// Literal text, or an ICU regular expression when `isRegex`.
    public var pattern: String
    public var isRegex: Bool
    /// Shown instead of each match (may be empty; a line left blank by it is removed with its line end).
    public var replacement: String
    /// A glob matched against the book's title and its file name; nil for every book.
    public var scope: String?
    public var enabled: Bool
    /// One of the built-in site-junk rules (`SiteJunkRule.builtIn`): shown and switched like the others, its
    /// pattern is the built-in's own.
    public var isBuiltIn: Bool

    public init(
        name: String, pattern: String, isRegex: Bool = false, replacement: String = "", scope: String? = nil,
        enabled: Bool = true, isBuiltIn: Bool = false
    ) {
        self.name = name
        self.pattern = pattern
        self.isRegex = isRegex
        self.replacement = replacement
        self.scope = scope
        self.enabled = enabled
        self.isBuiltIn = isBuiltIn
    }

    /// Whether the rule is for the book with this title and path.
    public func applies(title: String, path: String) -> Bool {
        guard let scope, !scope.isEmpty else { return true }
        let fileName = (path as NSString).lastPathComponent
        return fnmatch(scope, title, 0) == 0 || fnmatch(scope, fileName, 0) == 0
    }

    /// Throws when the rule cannot be used: an empty name or pattern, or a regular expression ICU
    /// cannot compile (with the position of the mistake).
    public func validate() throws(RuleError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw .emptyName }
        guard !pattern.isEmpty else { throw .emptyPattern(name: name) }
        if isRegex {
            do {
                _ = try RulePattern(self)
            } catch {
                throw error
            }
        }
    }
}
