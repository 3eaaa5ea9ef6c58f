import Foundation

/// A book's bookmarks as `novel bookmarks --export` writes them: in reading order, each with its chapter,
/// its place, the text it quotes and its note. Made from the opened book when its file can be read, else
/// from the state alone (the quote is then the snippet the bookmark was saved with).
public struct BookmarkExport: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var chapterIndex: Int
        public var chapterTitle: String
        public var offset: Int
        /// Nil when the book could not be read (its length is not known).
        public var percent: Double?
        /// For an EPUB, the spine item and XHTML byte the bookmark stands on (`Book.sourcePlace`); nil for
        /// plain text and for a book that could not be read.
        public var source: String?
        public var quote: String
        public var note: String?
        public var created: Date
    }

    public var title: String
    public var path: String
    public var bookmarks: [Entry]
    /// False when the book's file could not be read: quotes are the saved snippets.
    public var quotedFromBook: Bool

    /// The bookmarks of `state`, quoted from `book` (the book `state` belongs to), opened from `path`.
    public init(book: Book, state: BookState, path: String) {
        title = book.title
        self.path = path
        quotedFromBook = true
        let length = book.text.utf8.count
        bookmarks = Self.inReadingOrder(state.bookmarks).map { bookmark in
            Entry(
                id: bookmark.id, chapterIndex: bookmark.chapterIndex, chapterTitle: bookmark.chapterTitle,
                offset: bookmark.offset, percent: ReadingPosition.percent(bookmark.offset, of: length),
                source: book.sourcePlace(of: bookmark.offset),
                quote: BookmarkQuote.around(Self.quoted(bookmark.offset, in: book), in: book.text), note: bookmark.note,
                created: bookmark.created)
        }
    }

    /// The bookmarks of `state` when its book cannot be read: quoted by their snippets.
    public init(state: BookState) {
        title = state.title
        path = state.lastPath
        quotedFromBook = false
        bookmarks = Self.inReadingOrder(state.bookmarks).map { bookmark in
            Entry(
                id: bookmark.id, chapterIndex: bookmark.chapterIndex, chapterTitle: bookmark.chapterTitle,
                offset: bookmark.offset, percent: nil, source: nil, quote: bookmark.snippet, note: bookmark.note,
                created: bookmark.created)
        }
    }

    /// Where the quote of a bookmark at `offset` is taken: past its chapter's heading when it stands on
    /// the heading (a bookmark made at a chapter's start), whose title the export shows already.
    static func quoted(_ offset: Int, in book: Book) -> Int {
        let entries = book.index.entries
        guard !entries.isEmpty else { return offset }
        let entry = entries[book.index.entryIndex(containing: offset)]
        let onHeading = offset < entry.bodyStart && entry.bodyStart < entry.range.upperBound
        return onHeading ? entry.bodyStart : offset
    }

    /// By offset; bookmarks at one place in the order they were made.
    static func inReadingOrder(_ bookmarks: [Bookmark]) -> [Bookmark] {
        bookmarks.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(
            \.element)
    }
}
