/// Why a sync did not happen: the one home of every sync message. A message names the store (a URL without
/// its user and password, or a folder) and the problem in one line; it never contains a password. Names and
/// reasons are escaped with `TerminalSafe`, so that a server's listing cannot clear the reader's terminal.
public enum SyncError: Error, Equatable, Sendable {
    /// The server could not be reached (the name did not resolve, the connection was refused or dropped).
    case unreachable(store: String, reason: String)
    /// The server did not answer within the time allowed.
    case timedOut(store: String, seconds: Double)
    /// The server refused the user name and password (HTTP 401 or 403).
    case unauthorized(store: String)
    /// The server answered with an error status.
    case server(store: String, status: Int)
    /// The server answered with a redirect; novel does not follow one to another place.
    case redirected(store: String, status: Int)
    /// An answer or a file larger than the limit novel accepts.
    case tooLarge(store: String, path: String, limit: Int)
    /// An answer novel could not read (malformed XML or JSON, a wrong shape).
    case malformed(store: String, path: String, reason: String)
    /// A setting that cannot work: plain HTTP to a host that is not this machine, a URL that is not http(s),
    /// a folder that is not a folder, no password where one is needed.
    case misconfigured(reason: String)
    /// TLS failed: the certificate could not be verified against the system's or the given CA file.
    case insecure(store: String, reason: String)
    /// Reading or writing a local file of the store failed (a folder store, or the CA or password file).
    case io(path: String, reason: String)
}

extension SyncError: NovelError {
    /// A setting that cannot work is the user's to fix (exit code 2); anything else happened on the way.
    public var isBadInput: Bool {
        if case .misconfigured = self { return true }
        return false
    }

    /// The one-line message: what the store is and what happened, never a password (a store is named by a
    /// URL without its user and password, or a folder).
    public var description: String {
        switch self {
        case .unreachable(let store, let reason): "sync: cannot reach \(shown(store)): \(shown(reason))"
        case .timedOut(let store, let seconds):
            "sync: \(shown(store)) did not answer within \(Self.shown(seconds)) s"
        case .unauthorized(let store): "sync: \(shown(store)) refused the user name and password"
        case .server(let store, let status): "sync: \(shown(store)) answered with an error (HTTP \(status))"
        case .redirected(let store, let status):
            "sync: \(shown(store)) answered with a redirect (HTTP \(status)); novel does not follow one, set "
                + "sync.url to the place it names"
        case .tooLarge(let store, let path, let limit):
            "sync: \(shown(path)) on \(shown(store)) is larger than \(limit) bytes; ignored"
        case .malformed(let store, let path, let reason):
            "sync: \(shown(path)) on \(shown(store)) is unreadable: \(shown(reason))"
        case .misconfigured(let reason): "sync is not set up right: \(shown(reason))"
        case .insecure(let store, let reason):
            "sync: the connection to \(shown(store)) is not secure: \(shown(reason))"
        case .io(let path, let reason): "sync: \(shown(path)): \(shown(reason))"
        }
    }

    /// A name or a reason from the settings, a server or the system, shown on one line: a folder, a URL, a
    /// path from a server's listing and a server's words can all hold control characters.
    private func shown(_ text: String) -> String {
        TerminalSafe.escaped(text)
    }

    /// Seconds as a person writes them: `30`, `2.5`.
    private static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}
