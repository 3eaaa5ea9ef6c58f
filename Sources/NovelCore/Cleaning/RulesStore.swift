import Foundation

/// Loads and changes `rules.json` in the config folder (docs/settings.md, *Cleaning rules*): written
/// atomically under a lock, unknown keys kept, a corrupt file moved aside, a newer version's file read
/// but never written — the same store as settings.json (`JSONObjectFile`).
public struct RulesStore: Sendable {
    public static let formatVersion = 1
    public let file: JSONObjectFile

    public init(paths: NovelPaths) {
        file = JSONObjectFile(path: paths.configDirectory + "/rules.json", version: Self.formatVersion)
    }

    public var path: String { file.path }

    public func load() -> (rules: CleaningRules, warnings: [String]) {
        let contents = file.read()
        var warnings = contents.warnings
        let rules = CleaningRules(object: contents.object, path: file.path, warnings: &warnings)
        return (rules, warnings)
    }

    /// Applies `change` to the rules in the file under its lock and writes them; returns the new rules.
    @discardableResult
    public func update(_ change: (inout CleaningRules) throws -> Void) throws -> CleaningRules {
        try FileLock.withLock(file.path) {
            let contents = file.read()
            if let refusal = contents.refusalToWrite(path: file.path) { throw refusal }
            var ignored: [String] = []
            var rules = CleaningRules(object: contents.object, path: file.path, warnings: &ignored)
            // Rules this version could not read are kept aside before the rewrite drops them.
            if !ignored.isEmpty { file.copyAside() }
            try change(&rules)
            try file.write(rules.merged(into: contents.object))
            return rules
        }
    }
}
