import Foundation

extension LineWalker {
    /// The reading position saved for the line at `offset` in `book.text`, in the whole book's terms:
    /// a preview of one chapter knows neither its chapter's number (kept from `previous`) nor the whole
    /// length but from its stamp.
    public func savedPosition(at offset: Int, previous: ReadingPosition?, now: Date = Date()) -> ReadingPosition {
        var position = BookmarkFactory.position(book: book, offset: offset, now: now)
        position.offset = book.textBase + offset
        position.percent = (Double(position.offset) * 1000 / Double(max(book.length, 1))).rounded() / 10
        if book.textBase > 0, let previous { position.chapterIndex = previous.chapterIndex }
        return position
    }
}
