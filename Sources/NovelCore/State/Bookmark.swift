import Foundation

/// A saved place in a book. Offset and chapter locate it; the chapter title and snippet re-anchor it
/// when the book's text changes.
public struct Bookmark: Sendable, Equatable, Codable {
    /// Short and stable: never reused within a book. Local to this home: what a person types
    /// (`novel bookmarks --remove b3`); another machine may give its own bookmark the same one.
    public var id: String
    /// Unique across machines (`RandomID`): what sync joins bookmarks by, so that two machines' `b3` are
    /// two bookmarks. A bookmark from a file older than sync gets one derived from what it holds
    /// (`derivedUID`), so two homes holding a copy of the same old file agree on it.
    public var uid: String
    /// Byte offset into the decoded text.
    public var offset: Int
    public var chapterIndex: Int
    public var chapterTitle: String
    /// A few characters of text starting at `offset`.
    public var snippet: String
    public var note: String?
    public var created: Date
    /// When the note was last set or cleared (nil: as made, at `created`): sync keeps the newest edit.
    public var noteEdited: Date?

    public init(
        id: String, offset: Int, chapterIndex: Int, chapterTitle: String, snippet: String, note: String?,
        created: Date, uid: String? = nil, noteEdited: Date? = nil
    ) {
        self.id = id
        self.uid = uid ?? Self.derivedUID(id: id, offset: offset, created: created)
        self.offset = offset
        self.chapterIndex = chapterIndex
        self.chapterTitle = chapterTitle
        self.snippet = snippet
        self.note = note
        self.created = created
        self.noteEdited = noteEdited
    }

    /// When the note got the value it has: its last edit, else the bookmark's making.
    public var noteTime: Date { noteEdited ?? created }

    /// The uid of a bookmark that has none (made before sync): from its local id, offset and time of
    /// making, which a copy of its file on another machine holds too.
    static func derivedUID(id: String, offset: Int, created: Date) -> String {
        let digest = ByteDigest.of(Array("\(id)|\(offset)|\(ISO8601Date.string(from: created))".utf8))
        return RandomID.hex(digest.high ^ digest.low)
    }
}
