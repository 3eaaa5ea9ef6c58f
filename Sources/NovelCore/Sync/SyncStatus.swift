import Foundation

/// What the last sync did, kept in the state folder (`sync-status.json`) for `novel sync --status`: when
/// it ran, the devices it has seen, and the error it ended with, if any.
public struct SyncStatus: Sendable, Equatable {
    public static let formatVersion = 1

    public struct Device: Sendable, Equatable {
        public var name: String
        /// When a sync of this home last read a record of it.
        public var seen: Date
    }

    public var lastSync: Date?
    /// The last sync's error, one line; nil when it went through.
    public var lastError: String?
    /// Books synced by the last sync that went through.
    public var books: Int
    /// Every device seen, by id.
    public var devices: [String: Device]

    public init(lastSync: Date? = nil, lastError: String? = nil, books: Int = 0, devices: [String: Device] = [:]) {
        self.lastSync = lastSync
        self.lastError = lastError
        self.books = books
        self.devices = devices
    }

    static func file(paths: NovelPaths) -> JSONObjectFile {
        JSONObjectFile(path: paths.stateDirectory + "/sync-status.json", version: formatVersion)
    }

    /// The status as last recorded (empty when sync never ran).
    public static func load(paths: NovelPaths) -> SyncStatus {
        let object = file(paths: paths).read().object
        var status = SyncStatus()
        status.lastSync = StateValue.date(object["lastSync"])
        status.lastError = object["lastError"] as? String
        status.books = StateValue.int(object["books"]) ?? 0
        for (id, value) in object["devices"] as? [String: Any] ?? [:] {
            guard let device = value as? [String: Any], let name = device["name"] as? String,
                let seen = StateValue.date(device["seen"])
            else { continue }
            status.devices[id] = Device(name: name, seen: seen)
        }
        return status
    }

    /// Records a sync at `date`: the devices it saw (id → name) and its error, or how many books it synced.
    public static func record(
        paths: NovelPaths, at date: Date, devices: [String: String], books: Int?, error: String?
    ) throws {
        let file = file(paths: paths)
        try FileLock.withLock(file.path) {
            let contents = file.read()
            if let refusal = contents.refusalToWrite(path: file.path) { throw refusal }
            var object = contents.object
            object["version"] = formatVersion
            object["lastSync"] = StateJSON.string(from: date)
            object["lastError"] = error ?? NSNull()
            if let books { object["books"] = books }
            var known = object["devices"] as? [String: Any] ?? [:]
            for (id, name) in devices {
                known[id] = ["name": name, "seen": StateJSON.string(from: date)]
            }
            object["devices"] = known
            try file.write(object)
        }
    }
}
