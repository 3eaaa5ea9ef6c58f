import Foundation

/// Where the WebDAV password comes from, first found first: the environment's `NOVEL_SYNC_PASSWORD`,
/// `~/.netrc` (`machine <host> login <user> password <p>`), or a file of its own in novel's config folder,
/// which must be readable by its owner alone (mode 0600). Never settings.json, never a command's argument:
/// the password is not in a message, a log or a child process's argv.
public enum SyncCredentials {
    public static let environmentVariable = "NOVEL_SYNC_PASSWORD"
    /// The password file's name inside the config folder.
    public static let passwordFileName = "sync-password"
    /// The most bytes read from ~/.netrc or the password file: both are a few lines.
    static let fileLimit = 1 << 16

    /// Which source gave the password, for `novel sync --status`.
    public enum Source: Equatable, Sendable {
        case environment
        case netrc(path: String)
        case file(path: String)
    }

    /// The password file of `paths`.
    public static func passwordFile(_ paths: NovelPaths) -> String {
        paths.configDirectory + "/" + passwordFileName
    }

    /// The password for `user` at `host`, and where it came from; nil when no source has one. A password file
    /// that others may read is refused (`SyncError.misconfigured`), never used.
    public static func password(
        user: String, host: String, environment: [String: String], paths: NovelPaths
    ) throws(SyncError) -> (password: String, source: Source)? {
        if let password = environment[environmentVariable], !password.isEmpty {
            return (password, .environment)
        }
        if let home = environment["HOME"], !home.isEmpty {
            let netrcPath = home + "/.netrc"
            if let text = try readText(netrcPath),
                let password = Netrc(text).password(machine: host, login: user)
            {
                return (password, .netrc(path: netrcPath))
            }
        }
        let file = passwordFile(paths)
        guard let text = try readText(file, ownerOnly: true) else { return nil }
        let password = String(text.prefix { $0 != "\n" && $0 != "\r" })
        return password.isEmpty ? nil : (password, .file(path: file))
    }

    /// `password`, or the refusal that says where a password may be given.
    public static func requiredPassword(
        user: String, host: String, environment: [String: String], paths: NovelPaths
    ) throws(SyncError) -> (password: String, source: Source) {
        if let found = try password(user: user, host: host, environment: environment, paths: paths) { return found }
        throw .misconfigured(
            reason: "no WebDAV password for \(user) at \(host): set \(environmentVariable), add "
                + "\"machine \(host) login \(user) password …\" to ~/.netrc, or write it to "
                + "\(passwordFile(paths)) (chmod 600)")
    }

    /// A small file's text, or nil where there is none; `ownerOnly` refuses a file group or others may read.
    private static func readText(_ path: String, ownerOnly: Bool = false) throws(SyncError) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .io(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .io(path: path, reason: "not a regular file") }
        if ownerOnly && status.st_mode & 0o077 != 0 {
            throw .misconfigured(
                reason: "\(path) may be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); "
                    + "run chmod 600 \(path)")
        }
        guard status.st_size <= fileLimit else { throw .io(path: path, reason: "larger than \(fileLimit) bytes") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .io(path: path, reason: "cannot be opened")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: fileLimit)) ?? Data()
        guard let text = String(data: data, encoding: .utf8) else {
            throw .io(path: path, reason: "not UTF-8 text")
        }
        return text
    }
}
