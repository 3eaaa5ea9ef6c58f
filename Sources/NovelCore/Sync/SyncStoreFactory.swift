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

    /// The store, nil when sync is off. A folder must be an absolute path to an existing folder.
    public static func store(settings: Settings) throws(SyncError) -> (any SyncStore)? {
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
            // WEBDAV-PLUG-IN: the one place the WebDAV store is made. After merging the webdav branch:
            //     return try WebDAVStore(
            //         url: settings.syncURL, user: settings.syncUser, password: <its password lookup>,
            //         caFile: settings.syncCAFile.isEmpty ? nil : settings.syncCAFile, timeout: timeoutSeconds)
            throw .misconfigured(reason: "WebDAV is not built in")
        }
    }
}
