import Foundation

/// A saved place in a book. Offset and chapter locate it; the chapter title and snippet re-anchor it
/// when the book's text changes.
public struct Bookmark: Sendable, Equatable, Codable {
    /// Short and stable: never reused within a book.
    public var id: String
    /// Byte offset into the decoded text.
    public var offset: Int
    public var chapterIndex: Int
    public var chapterTitle: String
    /// A few characters of text starting at `offset`.
    public var snippet: String
    public var note: String?
    public var created: Date

    public init(
        id: String, offset: Int, chapterIndex: Int, chapterTitle: String, snippet: String, note: String?,
        created: Date
    ) {
        self.id = id
        self.offset = offset
        self.chapterIndex = chapterIndex
        self.chapterTitle = chapterTitle
        self.snippet = snippet
        self.note = note
        self.created = created
    }
}
