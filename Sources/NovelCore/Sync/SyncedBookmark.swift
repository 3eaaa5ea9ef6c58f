import Foundation

/// One bookmark as sync shares it, joined across devices by `uid`. Each field that can change carries the
/// time of its last edit, so that merging keeps the newest edit of each field; a removal is a tombstone
/// (`removed`) that wins over edits made before it. A bookmark known only as removed has no `place`.
public struct SyncedBookmark: Sendable, Equatable {
    /// Where the bookmark is; made once, when the bookmark is (`created` is its edit time).
    public struct Place: Sendable, Equatable {
        public var offset: Int
        public var chapterIndex: Int
        public var chapterTitle: String
        /// A few characters of the text at the place, shown in the bookmarks list.
        public var snippet: String
        public var created: Date

        public init(offset: Int, chapterIndex: Int, chapterTitle: String, snippet: String, created: Date) {
            self.offset = offset
            self.chapterIndex = chapterIndex
            self.chapterTitle = chapterTitle
            self.snippet = snippet
            self.created = created
        }
    }

    public var uid: String
    public var place: Place?
    public var note: String?
    /// When `note` got its value (nil where there is no place to have a note on).
    public var noteEdited: Date?
    /// When the bookmark was removed, on any device; nil while it never was.
    public var removed: Date?

    public init(uid: String, place: Place?, note: String?, noteEdited: Date?, removed: Date?) {
        self.uid = uid
        self.place = place
        self.note = note
        self.noteEdited = noteEdited
        self.removed = removed
    }

    /// The newest edit of any of its fields (nil for a bare tombstone).
    public var lastEdit: Date? {
        guard let place else { return nil }
        return max(place.created, noteEdited ?? place.created)
    }

    /// Whether the bookmark is there: it has a place, and no removal at or after its newest edit.
    public var isLive: Bool {
        guard let lastEdit else { return false }
        return removed.map { $0 < lastEdit } ?? true
    }
}
