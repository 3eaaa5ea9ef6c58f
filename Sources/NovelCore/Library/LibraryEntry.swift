/// What a library listing learns about one book file by opening it, cached by the file's identity
/// (`LibraryCache`), so that a second listing opens nothing that did not change.
public struct LibraryEntry: Sendable, Equatable, Codable {
    public var path: String
    public var file: FileIdentity
    public var title: String
    public var encoding: String
    /// TOC entries.
    public var chapters: Int
    public var fingerprint: String

    public init(path: String, file: FileIdentity, title: String, encoding: String, chapters: Int, fingerprint: String) {
        self.path = path
        self.file = file
        self.title = title
        self.encoding = encoding
        self.chapters = chapters
        self.fingerprint = fingerprint
    }
}
