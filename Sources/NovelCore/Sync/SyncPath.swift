/// The one rule for a path inside a sync store: relative, parts joined by `/`, no part empty, `.` or `..`,
/// and no control character; so a name that came from a server cannot climb out of a folder store or turn
/// into another URL.
public enum SyncPath {
    /// The path's parts, or nil where the path breaks the rule. `""` (the root) has no parts.
    public static func parts(of path: String) -> [Substring]? {
        if path.isEmpty { return [] }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            if part.isEmpty || part == "." || part == ".." { return nil }
            if part.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
                return nil
            }
        }
        return parts
    }

    /// Whether `path` keeps the rule.
    public static func isValid(_ path: String) -> Bool { parts(of: path) != nil }
}
