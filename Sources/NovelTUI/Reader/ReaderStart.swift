import NovelCore

/// Where the reader opens: a byte offset resolved from `--chapter`, `--bookmark` or `--percent`,
/// or nil for the saved position (the beginning when there is none).
public struct ReaderStart: Sendable, Equatable {
    public var offset: Int?

    public init(offset: Int? = nil) {
        self.offset = offset
    }

    /// Opens at the saved reading position.
    public static let saved = ReaderStart()
}
