/// Why a sync did not happen: the one home of every sync message. A message names the store (a URL without
/// its user and password, or a folder) and the problem in one line; it never contains a password.
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
