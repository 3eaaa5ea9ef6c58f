import NovelCore

/// The reader's bookmarks follow the book's state file: each save returns the state as stored under the
/// file's lock, and the reader takes it, so that a bookmark another process added is listed and every id
/// shown is the one in the file (a delete then removes what the user sees).
extension Reader {
    public var positionOffset: Int { firstVisibleOffset }

    public mutating func adopt(_ stored: BookState, added: Bookmark?) {
        bookState = stored
        if case .bookmarks(let selected) = overlay {
            overlay = .bookmarks(selected: max(0, min(selected, bookmarks.count - 1)))
        }
        if let added { message = Self.addedMessage(added) }
    }

    /// What the status line says after `m`: the id the bookmark has (as stored once the file answered).
    static func addedMessage(_ bookmark: Bookmark) -> String {
        "Added bookmark \(bookmark.id)"
    }
}
