/// Why reading state could not be read or saved. Messages name the file or key.
public enum StateError: NovelError, Equatable {
    /// `novel settings --set` with a key that does not exist.
    case unknownKey(String)
    /// A value of the wrong type or out of range.
    case invalidValue(key: String, value: String, allowed: String)
    /// A value of the right type that cannot be used as a whole (a keymap that leaves no key to quit).
    case refusedValue(key: String, value: String, problems: [String])
    /// The file was written by a newer novel: it is read, never overwritten.
    /// The version as written in the file (it may be past any integer).
    case newerVersion(path: String, version: String)
    /// The disk refused the write (read-only, full, permissions).
    case writeFailed(path: String, reason: String)
    case lockFailed(path: String, reason: String)

    public var isBadInput: Bool {
        switch self {
        case .unknownKey, .invalidValue, .refusedValue: true
        case .newerVersion, .writeFailed, .lockFailed: false
        }
    }

    public var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown setting '\(key)'; known settings: \(SettingsKey.allCases.map(\.rawValue).joined(separator: ", "))"
        case .invalidValue(let key, let value, let allowed): "invalid value '\(value)' for \(key): allowed \(allowed)"
        case .refusedValue(let key, let value, let problems):
            "invalid value '\(value)' for \(key): \(problems.joined(separator: "; "))"
        case .newerVersion(let path, let version):
            "\(path) was written by a newer novel (version \(version)); it is left unchanged"
        case .writeFailed(let path, let reason): "could not save \(path): \(reason)"
        case .lockFailed(let path, let reason): "could not lock \(path): \(reason)"
        }
    }
}
