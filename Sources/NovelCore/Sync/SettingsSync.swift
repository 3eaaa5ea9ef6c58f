import Foundation

/// Settings (settings.json) and cleaning rules (rules.json) synced between machines (`sync.settings`), by
/// the same no-lost-update design as places: each device writes only its own file,
/// `settings/<device-id>.json`, holding every shared value with the time of its last edit (`KeyedEdit`),
/// and everyone's are merged on read, the newest edit of each key winning. What won elsewhere is written
/// into this home's files; what this home last synced is kept in the state folder (`sync-settings.json`),
/// so that a value changed here since is known as a new edit.
///
/// Shared: every setting but the `sync.*` keys and those that belong to one machine
/// (`machineKeys`); every user rule by its name (a deletion is a tombstone) and the switch of every
/// built-in rule. A user rule another machine adds goes after this home's.
public struct SettingsSync: Sendable {
    public let store: any SyncStore
    public let storeName: String
    public let device: SyncDevice
    public let paths: NovelPaths

    public init(store: any SyncStore, storeName: String, device: SyncDevice, paths: NovelPaths) {
        self.store = store
        self.storeName = storeName
        self.device = device
        self.paths = paths
    }

    /// The folder of the devices' settings files in the store.
    public static let folder = "settings"
    public static let formatVersion = 1
    /// The most a device's settings file may hold (they are a few KB; rules make them longer).
    public static let largest = 4 << 20

    /// Settings that belong to one machine: its folders, its cache's size, its terminal's font.
    public static let machineKeys: Set<SettingsKey> = [.libraryFolder, .cacheMegabytes, .ambiguousWidth]

    /// The settings shared: all but `sync.*` and `machineKeys`.
    public static var sharedKeys: [SettingsKey] {
        SettingsKey.allCases.filter { !$0.rawValue.hasPrefix("sync.") && !machineKeys.contains($0) }
    }

    static let settingPrefix = "setting."
    static let rulePrefix = "rule."
    static let builtInPrefix = "builtIn."

    /// What a sync of the settings did.
    public struct Outcome: Sendable, Equatable {
        /// Keys taken from another device (`setting.theme`, `rule.去广告`, `builtIn.urls`).
        public var taken: [String] = []
        /// Other devices' files left out, and values that could not be taken, one line each.
        public var warnings: [String] = []
    }

    /// Merges this home's settings and rules with every device's, takes in what won elsewhere, and
    /// writes this device's file. Throws when the store cannot be listed or written, or this home's files
    /// cannot be written; what was taken in before stays.
    public func sync(now: Date = Date()) throws -> Outcome {
        var outcome = Outcome()
        var others: [[String: KeyedEdit]] = []
        for name in try store.list(Self.folder) where name.hasSuffix(".json") {
            let deviceID = String(name.dropLast(5))
            guard RandomID.isValid(deviceID), deviceID != device.id else { continue }
            do {
                if let values = try values(at: Self.folder + "/" + name) { others.append(values) }
            } catch {
                // One device's file too large or unreadable leaves that device out; a store that cannot be
                // reached at all fails the sync.
                switch error {
                case .tooLarge, .malformed, .io: outcome.warnings.append(error.description)
                default: throw error
                }
            }
        }
        let settingsStore = SettingsStore(paths: paths)
        let rulesStore = RulesStore(paths: paths)
        let (settings, _) = settingsStore.load()
        let (rules, _) = rulesStore.load()
        let current = Self.values(settings: settings, rules: rules)
        let snapshotFile = JSONObjectFile(path: paths.stateDirectory + "/sync-settings.json", version: 1)
        let snapshotContents = snapshotFile.read()
        let snapshot = snapshotContents.object["values"].map { KeyedEdit.edits(of: $0) }
        let defaults = Self.values(settings: Settings(), rules: CleaningRules())
        let settingsTime = Self.modified(settingsStore.path)
        let rulesTime = Self.modified(rulesStore.path)
        let own = KeyedEdit.edits(current: current, snapshot: snapshot, now: now) { key in
            // Before the first sync: a default is as old as can be; a value chosen here, as old as its file.
            let isDefault = defaults[key].map { KeyedEdit.text(of: $0) } == current[key].map { KeyedEdit.text(of: $0) }
            if isDefault { return Date(timeIntervalSince1970: 0) }
            return key.hasPrefix(Self.settingPrefix) ? settingsTime : rulesTime
        }
        let merged = KeyedEdit.merge([own] + others)
        let changed = merged.filter { key, edit in
            edit.text != KeyedEdit.text(of: current[key] ?? NSNull())
        }
        try take(changed, settingsStore: settingsStore, rulesStore: rulesStore, outcome: &outcome)
        let record: [String: Any] = [
            "version": Self.formatVersion, "device": device.id, "deviceName": device.name,
            "written": StateJSON.string(from: now), "values": KeyedEdit.object(merged),
        ]
        guard let bytes = JSONText.pretty(record) else {
            throw SyncError.malformed(store: storeName, path: path, reason: "a value JSON cannot hold")
        }
        try store.write(Data(bytes), to: path)
        try snapshotFile.write(["values": KeyedEdit.object(merged)])
        return outcome
    }

    /// The values of another device's file, nil where it is gone.
    func values(at path: String) throws(SyncError) -> [String: KeyedEdit]? {
        guard let data = try store.read(path, limit: Self.largest) else { return nil }
        guard let object = JSONText.parse(Array(data)) as? [String: Any] else {
            throw .malformed(store: storeName, path: path, reason: "not a JSON object")
        }
        return KeyedEdit.edits(of: object["values"])
    }

    /// This device's file in the store.
    var path: String { Self.folder + "/" + device.id + ".json" }

    /// The shared values of these settings and rules, by key.
    static func values(settings: Settings, rules: CleaningRules) -> [String: Any] {
        var values: [String: Any] = [:]
        for key in sharedKeys { values[settingPrefix + key.rawValue] = key.json(settings) }
        let objects = rules.merged(into: [:])["rules"] as? [[String: Any]] ?? []
        for (rule, object) in zip(rules.user, objects) { values[rulePrefix + rule.name] = object }
        for rule in SiteJunkRule.builtIn {
            values[builtInPrefix + rule.name] = !rules.disabledBuiltIns.contains(rule.name)
        }
        return values
    }

    /// Writes what won elsewhere into settings.json and rules.json, each under its file's lock.
    func take(
        _ changed: [String: KeyedEdit], settingsStore: SettingsStore, rulesStore: RulesStore, outcome: inout Outcome
    ) throws {
        var settings = settingsStore.load().settings
        var settingKeys: Set<SettingsKey> = []
        for (name, edit) in changed.sorted(by: { $0.key < $1.key }) where name.hasPrefix(Self.settingPrefix) {
            guard let key = SettingsKey(rawValue: String(name.dropFirst(Self.settingPrefix.count))),
                Self.sharedKeys.contains(key), !edit.isRemoved
            else { continue }
            do {
                try key.apply(json: edit.value, to: &settings)
                settingKeys.insert(key)
                outcome.taken.append(name)
            } catch {
                outcome.warnings.append("sync: \(storeName): \(error.description); not taken")
            }
        }
        if !settingKeys.isEmpty { try settingsStore.write(settings, replacing: settingKeys) }
        let ruleChanges = changed.filter { !$0.key.hasPrefix(Self.settingPrefix) }
        guard !ruleChanges.isEmpty else { return }
        var warnings: [String] = []
        var taken: [String] = []
        try rulesStore.update { rules in
            for (name, edit) in ruleChanges.sorted(by: { $0.key < $1.key }) {
                if name.hasPrefix(Self.builtInPrefix) {
                    let rule = String(name.dropFirst(Self.builtInPrefix.count))
                    guard let enabled = edit.value as? Bool, SiteJunkRule.builtIn.contains(where: { $0.name == rule })
                    else { continue }
                    try? rules.setEnabled(rule, enabled)
                    taken.append(name)
                } else if name.hasPrefix(Self.rulePrefix) {
                    let ruleName = String(name.dropFirst(Self.rulePrefix.count))
                    if edit.isRemoved {
                        if (try? rules.remove(ruleName)) != nil { taken.append(name) }
                        continue
                    }
                    var problems: [String] = []
                    let parsed = CleaningRules(object: ["rules": [edit.value]], path: storeName, warnings: &problems)
                    guard let rule = parsed.user.first, rule.name == ruleName else {
                        warnings += problems.map { "sync: \($0)" }
                        continue
                    }
                    if let index = rules.user.firstIndex(where: { $0.name == ruleName }) {
                        rules.user[index] = rule
                    } else if (try? rules.add(rule)) == nil {
                        continue
                    }
                    taken.append(name)
                }
            }
        }
        outcome.taken += taken
        outcome.warnings += warnings
    }

    /// When the file at `path` was last changed (the start of 1970 where there is none).
    static func modified(_ path: String) -> Date {
        guard let status = RawPath.status(path) else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
    }
}
