import Foundation

/// The store the settings name: `sync.folder` a `FolderSyncStore`, `sync.url` a WebDAV server; none when
/// neither is set (sync is off).
public enum SyncStoreFactory {
    /// How long a WebDAV request may take before sync gives up on it (the reader never waits for it).
    public static let timeoutSeconds = 20.0

    /// Whether the settings turn sync on.
    public static func isConfigured(_ settings: Settings) -> Bool {
        !settings.syncURL.isEmpty || !settings.syncFolder.isEmpty
    }

    /// The store as messages name it: the folder, or the URL without any user or password written into it.
    public static func storeName(settings: Settings) -> String {
        guard settings.syncFolder.isEmpty else { return settings.syncFolder }
        guard var parts = URLComponents(string: settings.syncURL) else { return "the WebDAV server" }
        parts.user = nil
        parts.password = nil
        return parts.string ?? "the WebDAV server"
    }

    /// The store, nil when sync is off. A folder must be an absolute path to an existing folder; a WebDAV
    /// user's password is looked for in `environment` and `paths` (`SyncCredentials`).
    public static func store(
        settings: Settings, paths: NovelPaths, environment: [String: String]
    ) throws(SyncError) -> (any SyncStore)? {
        switch (settings.syncURL.isEmpty, settings.syncFolder.isEmpty) {
        case (true, true):
            return nil
        case (false, false):
            throw .misconfigured(reason: "sync.url and sync.folder are both set; set one of them")
        case (true, false):
            let folder = settings.syncFolder
            guard folder.hasPrefix("/") else {
                throw .misconfigured(reason: "sync.folder must be an absolute path, not '\(folder)'")
            }
            guard let status = RawPath.status(folder), status.st_mode & S_IFMT == S_IFDIR else {
                throw .misconfigured(reason: "sync.folder '\(folder)' is not a folder")
            }
            return FolderSyncStore(root: folder)
        case (false, true):
            let url = settings.syncURL
            let user = settings.syncUser.isEmpty ? nil : settings.syncUser
            let password = try user.map { (user) throws(SyncError) in
                let host = URLComponents(string: url)?.host ?? ""
                return try SyncCredentials.requiredPassword(
                    user: user, host: host, environment: environment, paths: paths
                ).password
            }
            return try WebDAVStore(
                url: url, user: user, password: password,
                caFile: settings.syncCAFile.isEmpty ? nil : settings.syncCAFile, timeout: timeoutSeconds)
        }
    }
}
