import Foundation

/// The one place bookmarks change: `novel bookmarks`, the reader's overlay (on its own copy of the
/// state) and the reader's storage (on the file, under its lock) all call these, so that they behave
/// the same. Bookmarks are kept in the order they were made (the reader lists them in book order); ids
/// are never reused.
extension BookState {
    /// The bookmark `id` names no bookmark of the book.
    public struct UnknownBookmark: NovelError, Equatable {
        public let id: String
        public let path: String
        public var isBadInput: Bool { true }
        public var description: String { "\(path): no bookmark '\(id)' (see novel bookmarks)" }
    }

    /// Makes a bookmark at `offset` of `book` with the next id and adds it.
    @discardableResult
    public mutating func addBookmark(in book: Book, offset: Int, note: String?, now: Date = Date()) -> Bookmark {
        insert(BookmarkFactory.make(book: book, offset: offset, note: note, number: nextBookmarkNumber, now: now))
    }

    /// Adds `bookmark`, made elsewhere (by another copy of this state): an id already handed out here
    /// (taken, or taken once and deleted), or not of the `bN` form, is replaced by the next free one, so
    /// two readers of one book never share an id and an id is never reused.
    @discardableResult
    public mutating func insert(_ bookmark: Bookmark) -> Bookmark {
        var added = bookmark
        let number = Self.bookmarkNumber(added.id)
        if number.map({ $0 < nextBookmarkNumber }) ?? true || bookmarks.contains(where: { $0.id == added.id }) {
            added.id = "b\(nextBookmarkNumber)"
        }
        nextBookmarkNumber = max(nextBookmarkNumber, (Self.bookmarkNumber(added.id) ?? 0) + 1)
        if bookmarks.contains(where: { $0.uid == added.uid }) { added.uid = RandomID.random() }
        bookmarks.append(added)
        return added
    }

    /// Removes bookmark `id`; it is no longer listed as unanchored either. Its uid is kept with the time
    /// (`removedBookmarks`), so that sync removes it on every machine rather than bring it back.
    @discardableResult
    public mutating func removeBookmark(id: String, path: String = "", now: Date = Date()) throws(UnknownBookmark)
        -> Bookmark
    {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else {
            throw UnknownBookmark(id: id, path: path)
        }
        unanchored.removeAll { $0 == id }
        let removed = bookmarks.remove(at: index)
        removedBookmarks[removed.uid] = max(removedBookmarks[removed.uid] ?? now, now)
        return removed
    }

    /// Sets (or, with nil or an empty text, clears) bookmark `id`'s note.
    public mutating func setNote(
        _ note: String?, bookmark id: String, path: String = "", now: Date = Date()
    ) throws(UnknownBookmark) {
        guard let index = bookmarks.firstIndex(where: { $0.id == id }) else {
            throw UnknownBookmark(id: id, path: path)
        }
        bookmarks[index].note = note.flatMap { $0.isEmpty ? nil : $0 }
        bookmarks[index].noteEdited = now
    }

    /// A hand-edited state can hold bookmarks the book cannot place: one past the end of the text is
    /// listed as unanchored (kept, never dropped). Returns a warning for each.
    public mutating func unanchorBookmarksPastEnd(textLength: Int, path: String) -> [String] {
        var warnings: [String] = []
        for bookmark in bookmarks where !(0...textLength).contains(bookmark.offset) {
            if !unanchored.contains(bookmark.id) { unanchored.append(bookmark.id) }
            warnings.append("\(path): bookmark \(bookmark.id) lies past the end of the book; kept, listed as not found")
        }
        return warnings
    }

    /// The largest number a `bN` id counts with: far beyond any real book's bookmarks, and far enough
    /// below `Int.max` that the next id (`N + 1`) can always be made. A larger one in a hand-edited file
    /// keeps its id but does not count.
    static let largestBookmarkNumber = 1_000_000_000

    /// The number of a `bN` id (nil for another form, or a number past `largestBookmarkNumber`).
    static func bookmarkNumber(_ id: String) -> Int? {
        guard id.hasPrefix("b"), let number = Int(id.dropFirst()), (1...largestBookmarkNumber).contains(number) else {
            return nil
        }
        return number
    }

    /// Whether `id` is `b` and a number past `largestBookmarkNumber` (from a hand-edited file).
    static func isBookmarkNumberTooLarge(_ id: String) -> Bool {
        let digits = id.utf8.dropFirst()
        return id.hasPrefix("b") && !digits.isEmpty && digits.allSatisfy { (0x30...0x39).contains($0) }
            && digits.contains { $0 != 0x30 } && bookmarkNumber(id) == nil
    }

    /// The file's `nextBookmarkNumber`, or 1 (reported) when it is not a whole number from 1 to one past
    /// `largestBookmarkNumber`.
    static func storedNextBookmarkNumber(_ object: [String: Any], warnings: inout [String], path: String) -> Int {
        guard let value = object["nextBookmarkNumber"], !(value is NSNull) else { return 1 }
        guard let number = StateValue.int(value), (1...largestBookmarkNumber + 1).contains(number) else {
            warnings.append(
                "\(path): nextBookmarkNumber must be a whole number from 1 to \(largestBookmarkNumber + 1), "
                    + "not \(value); ignored")
            return 1
        }
        return number
    }
}
