import Foundation
import Synchronization

/// The folders this process uses: the environment's, except that a state or cache folder `FolderTrust`
/// refuses is not used at all. One private folder made for the run (removed when it ends) stands in for
/// it, so that caches are rebuilt there and the state starts empty and is not written where others could
/// read or change it.
extension NovelPaths {
    /// This process's paths and the folders refused on the way, decided at first use.
    public static let forThisProcess: (paths: NovelPaths, untrusted: [UntrustedFolder]) =
        decided { name in getenv(name).map { String(cString: $0) } }.trusted(
            user: geteuid(), substitute: RunFolder.path)

    /// These paths with each state or cache folder that `user` must not trust replaced by
    /// `substitute(role)`, and the folders replaced (each named once, for one warning).
    public func trusted(
        user: uid_t, substitute: (UntrustedFolder.Role) -> String
    ) -> (paths: NovelPaths, untrusted: [UntrustedFolder]) {
        var paths = self
        var untrusted: [UntrustedFolder] = []
        // The state folder and the folder of book states inside it; the cache folder has none.
        for folder in [stateDirectory, bookStateDirectory] {
            guard let reason = FolderTrust.problem(folder, user: user) else { continue }
            untrusted.append(UntrustedFolder(role: .state, path: folder, reason: reason))
            paths.stateDirectory = substitute(.state)
            break
        }
        if let reason = FolderTrust.problem(cacheDirectory, user: user) {
            untrusted.append(UntrustedFolder(role: .cache, path: cacheDirectory, reason: reason))
            paths.cacheDirectory = substitute(.cache)
        }
        return (paths, untrusted)
    }
}

/// A private folder for this run (`mkdtemp` under `TMPDIR` or /tmp: new, owned by the user, mode 0700),
/// made at first use and removed when the process exits normally.
enum RunFolder {
    /// The run's folder once made; nil before, and for good where `mkdtemp` failed (`failed`).
    private static let made = Mutex<(path: String?, failed: Bool)>((nil, false))

    /// `role`'s folder inside the run's folder; when no run folder can be made, a path under /dev/null,
    /// where nothing can be created, so that nothing is kept at all.
    static func path(_ role: UntrustedFolder.Role) -> String {
        let base = made.withLock { made -> String? in
            if let path = made.path { return path }
            if made.failed { return nil }
            let parent = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            var template = Array((parent + "/novel-run-XXXXXX").utf8CString)
            let path = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.flatMap(mkdtemp).map { String(cString: $0) }
            }
            made = (path, path == nil)
            if path != nil { atexit { RunFolder.remove() } }
            return path
        }
        guard let base else { return "/dev/null/novel-" + role.rawValue }
        return base + "/" + role.rawValue
    }

    private static func remove() {
        if let path = made.withLock({ $0.path }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
