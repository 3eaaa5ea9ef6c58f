import Foundation

/// A book file's size and modification time: enough to tell, without reading the file again, that it is
/// still the file whose state and chapter index were saved (see `SourceStamp` and `BookPreview`).
public struct FileIdentity: Sendable, Equatable, Codable {
    public var bytes: Int
    /// Nanoseconds since 1970.
    public var modified: Int64

    public init(bytes: Int, modified: Int64) {
        self.bytes = bytes
        self.modified = modified
    }

    init(_ status: stat) {
        bytes = Int(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}

/// What a book's file was when its state was last saved: its identity, the encoding the whole file was
/// decoded from and the decoded text's length. Stored in the book's state as `source`, so that the next
/// `novel read` can draw the first screen from the start of the file before loading all of it.
/// Kept in the state file by hand (`StateObject`).
public struct SourceStamp: Sendable, Equatable {
    public var file: FileIdentity
    public var encoding: String
    /// `BookText.utf8.count` of the whole book.
    public var textBytes: Int
    /// `BookText.isVerbatim`: text offsets are file offsets.
    public var verbatim: Bool

    public init(file: FileIdentity, encoding: String, textBytes: Int, verbatim: Bool = false) {
        self.file = file
        self.encoding = encoding
        self.textBytes = textBytes
        self.verbatim = verbatim
    }
}
