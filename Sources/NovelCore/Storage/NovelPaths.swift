import Foundation

/// Where novel keeps its files. `NOVEL_HOME=DIR` puts everything under DIR (tests use it);
/// otherwise the XDG base directories are used. For this process, a state or cache folder others could
/// write into is replaced by a private one (`NovelPaths+Trust.swift`).
public struct NovelPaths: Sendable, Equatable {
    /// Holds settings.json.
    public var configDirectory: String
    /// Holds one state file per book (progress, bookmarks) and the list of recent books.
    public var stateDirectory: String
    /// Holds derived data that can always be rebuilt, such as chapter indexes.
    public var cacheDirectory: String
    /// The folder of per-book state files, inside the state folder (`BookStateStore`).
    public var bookStateDirectory: String { stateDirectory + "/books" }

    public init(configDirectory: String, stateDirectory: String, cacheDirectory: String) {
        self.configDirectory = configDirectory
        self.stateDirectory = stateDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// The paths for `environment`; for this process's environment when nil, decided once and with
    /// untrusted folders replaced (`forThisProcess`).
    public static func fromEnvironment(_ given: [String: String]? = nil) -> NovelPaths {
        guard let given else { return forThisProcess.paths }
        return decided { given[$0] }
    }

    /// The paths an environment names, before any check. This process's environment is read with getenv:
    /// building the whole dictionary would cost a noticeable part of the reader's launch.
    static func decided(_ environment: (String) -> String?) -> NovelPaths {
        if let home = environment("NOVEL_HOME"), !home.isEmpty {
            return NovelPaths(
                configDirectory: home + "/config", stateDirectory: home + "/state", cacheDirectory: home + "/cache")
        }
        let userHome = environment("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func base(_ key: String, _ fallback: String) -> String {
            if let value = environment(key), value.hasPrefix("/") { return value }
            return userHome + "/" + fallback
        }
        return NovelPaths(
            configDirectory: base("XDG_CONFIG_HOME", ".config") + "/novel",
            stateDirectory: base("XDG_STATE_HOME", ".local/state") + "/novel",
            cacheDirectory: base("XDG_CACHE_HOME", ".cache") + "/novel")
    }

    public var settingsFile: String { configDirectory + "/settings.json" }
}
