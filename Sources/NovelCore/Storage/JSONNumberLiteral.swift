/// A number in a settings or state file that no Swift number holds as written: an integer past
/// `Int64` (`9223372036854775808`, `99999999999999999999`) or a number past `Double` (`1e400`).
///
/// Kept as its text, so that a message quotes it as the user wrote it (never a wrapped or rounded
/// value), no reader mistakes it for a number, and a rewrite of the file writes it back unchanged.
public struct JSONNumberLiteral: Sendable, Equatable, CustomStringConvertible {
    /// The number exactly as it stands in the file.
    public let text: String

    public var description: String { text }
}
