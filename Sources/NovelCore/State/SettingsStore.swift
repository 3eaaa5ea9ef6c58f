import Foundation

/// Loads, validates and saves settings.json (see docs/settings.md).
public struct SettingsStore: Sendable {
    public static let formatVersion = 1
    public let file: JSONObjectFile

    public init(paths: NovelPaths) {
        file = JSONObjectFile(path: paths.settingsFile, version: Self.formatVersion)
    }

    public var path: String { file.path }

    /// The settings in the file; a bad key gets its default and a warning, the file is left as it is.
    public func load() -> (settings: Settings, warnings: [String]) {
        let contents = file.read()
        var settings = Settings()
        var warnings = contents.warnings
        for (key, value) in contents.object.sorted(by: { $0.key < $1.key }) where key != "version" {
            guard let settingsKey = SettingsKey(rawValue: key) else { continue }  // unknown keys are kept, not used
            do {
                try settingsKey.apply(json: value, to: &settings)
            } catch {
                warnings.append("\(file.path): \(error.description); using the default \(settingsKey.text(Settings()))")
            }
        }
        return (settings, warnings)
    }

    /// Writes `settings`, keeping keys this version does not know. Refuses a file from a newer novel.
    public func save(_ settings: Settings) throws {
        try FileLock.withLock(file.path) {
            let contents = file.read()
            if contents.isNewer {
                throw StateError.newerVersion(path: file.path, version: contents.object["version"] as? Int ?? 0)
            }
            var object = contents.object
            for key in SettingsKey.allCases { object[key.rawValue] = key.json(settings) }
            try file.write(object)
        }
    }

    /// Sets one key from text, validated, and saves; returns the new settings.
    @discardableResult
    public func set(_ key: String, to value: String) throws -> Settings {
        guard let settingsKey = SettingsKey(rawValue: key) else { throw StateError.unknownKey(key) }
        var settings = load().settings
        try settingsKey.apply(text: value, to: &settings)
        try save(settings)
        return settings
    }

    /// Resets one key (or all when `key` is nil) to its default and saves.
    @discardableResult
    public func reset(_ key: String?) throws -> Settings {
        var settings = load().settings
        if let key {
            guard let settingsKey = SettingsKey(rawValue: key) else { throw StateError.unknownKey(key) }
            try settingsKey.apply(json: settingsKey.json(Settings()), to: &settings)
        } else {
            settings = Settings()
        }
        try save(settings)
        return settings
    }
}
