import Foundation

extension LineWalker {
    /// The reading position saved for the line at `offset` in `book.text`, in the whole book's terms:
    /// a preview of one chapter knows neither its chapter's number (kept from `previous`) nor the whole
    /// length but from its stamp.
    public func savedPosition(at offset: Int, previous: ReadingPosition?, now: Date = Date()) -> ReadingPosition {
        var position = BookmarkFactory.position(book: book, offset: offset, now: now)
        let base = part?.base ?? 0
        position.offset = base + offset
        let length = part?.wholeLength ?? book.text.utf8.count
        position.percent = (Double(position.offset) * 1000 / Double(max(length, 1))).rounded() / 10
        if base > 0, let previous { position.chapterIndex = previous.chapterIndex }
        return position
    }
}
