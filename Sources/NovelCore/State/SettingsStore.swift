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

    /// Writes `settings`, keeping keys this version does not know. A key whose value in the file is
    /// invalid keeps that value unless `settings` changes it from the default it was loaded as, so that
    /// saving one setting never silently replaces another the user wrote by hand. Refuses a file from a
    /// newer novel or one it cannot read.
    public func save(_ settings: Settings) throws {
        try write(settings, replacing: [])
    }

    /// Sets one key from text, validated, and saves; returns the new settings.
    @discardableResult
    public func set(_ key: String, to value: String) throws -> Settings {
        try set([(key, value)])
    }

    /// Sets several keys from text: all are validated before any is saved.
    @discardableResult
    public func set(_ assignments: [(key: String, value: String)]) throws -> Settings {
        var settings = load().settings
        var keys: Set<SettingsKey> = []
        for (key, value) in assignments {
            guard let settingsKey = SettingsKey(rawValue: key) else { throw StateError.unknownKey(key) }
            try settingsKey.apply(text: value, to: &settings)
            keys.insert(settingsKey)
        }
        try write(settings, replacing: keys)
        return settings
    }

    /// Resets one key (or all when `key` is nil) to its default and saves, replacing invalid values too.
    @discardableResult
    public func reset(_ key: String?) throws -> Settings {
        var settings = load().settings
        if let key {
            guard let settingsKey = SettingsKey(rawValue: key) else { throw StateError.unknownKey(key) }
            try settingsKey.apply(json: settingsKey.json(Settings()), to: &settings)
            try write(settings, replacing: [settingsKey])
        } else {
            settings = Settings()
            try write(settings, replacing: Set(SettingsKey.allCases))
        }
        return settings
    }

    /// Under the lock: re-read, merge, write atomically. `replacing` keys are written even over an
    /// invalid value in the file.
    func write(_ settings: Settings, replacing: Set<SettingsKey>) throws {
        try FileLock.withLock(file.path) {
            let contents = file.read()
            if let refusal = contents.refusalToWrite(path: file.path) { throw refusal }
            var object = contents.object
            let defaults = Settings()
            for key in SettingsKey.allCases {
                if let existing = object[key.rawValue], !replacing.contains(key) {
                    var inFile = defaults
                    let valid = (try? key.apply(json: existing, to: &inFile)) != nil
                    if valid, key.text(inFile) == key.text(settings) { continue }  // unchanged: keep as written
                    if !valid, key.text(settings) == key.text(defaults) { continue }  // invalid, not changed: leave it
                }
                object[key.rawValue] = key.json(settings)
            }
            try file.write(object)
        }
    }
}
