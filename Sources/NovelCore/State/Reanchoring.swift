/// Finds bookmarks and the reading position again after a book's text changed (an edited or
/// re-downloaded file): by their snippet nearest the old offset, else at the start of the chapter with
/// the same title. What cannot be found is kept, listed in `unanchored`, never dropped.
public enum Reanchoring {
    public static func reanchor(_ old: BookState, to book: Book) -> (state: BookState, lost: [String]) {
        var state = old
        state.fingerprint = book.fingerprint
        var lost: [String] = []
        if let position = old.position {
            if let offset = find(
                snippet: position.snippet, title: position.chapterTitle, near: position.offset, in: book)
            {
                state.position = BookmarkFactory.position(book: book, offset: offset, now: position.saved)
            } else {
                lost.append("position")
            }
        }
        // A jump's place is found like the reading position; one that cannot be is kept as it was.
        state.history = old.history.mapped { place in
            find(snippet: place.snippet, title: place.chapterTitle, near: place.offset, in: book)
                .map { BookmarkFactory.position(book: book, offset: $0, now: place.saved) } ?? place
        }
        state.bookmarks = old.bookmarks.map { bookmark in
            guard
                let offset = find(
                    snippet: bookmark.snippet, title: bookmark.chapterTitle, near: bookmark.offset, in: book)
            else {
                lost.append(bookmark.id)
                return bookmark
            }
            var moved = BookmarkFactory.make(
                book: book, offset: offset, note: bookmark.note, number: 0, now: bookmark.created)
            moved.id = bookmark.id
            return moved
        }
        // Found this time: no longer unanchored, even if an earlier change had lost it.
        let placed = Set(old.bookmarks.map(\.id) + (old.position == nil ? [] : ["position"])).subtracting(lost)
        state.unanchored = Set(old.unanchored).subtracting(placed).union(lost).sorted()
        return (state, lost)
    }

    /// How far after its old offset a place's snippet is looked for first.
    static let nearbyBytes = 64

    static func find(snippet: String, title: String, near offset: Int, in book: Book) -> Int? {
        let needle = Array(snippet.trimmingSpaces.utf8.prefix(36))
        if needle.count >= 6 {
            let bytes = book.text.utf8
            // Still where it was (chapters appended, or a change after it): the snippet starts at the old
            // offset or just after it (past an indent, which snippets leave out). Unless another match is
            // as near before it, that is the nearest, and a live reload of a growing book need not scan
            // the whole text for each place.
            // (An offset from a hand-edited state may be anywhere: only one within the text is tried.)
            if (0..<bytes.count).contains(offset),
                let found = firstIndex(of: needle, in: bytes, from: offset, through: offset + nearbyBytes),
                firstIndex(of: needle, in: bytes, from: 2 * offset - found, through: offset - 1) == nil
            {
                return found
            }
            var best: Int?
            var start = 0
            while let found = firstIndex(of: needle, in: bytes, from: start) {
                if best.map({ abs(found - offset) < abs($0 - offset) }) ?? true { best = found }
                start = found + 1
            }
            if let best { return best }
        }
        if !title.isEmpty, let entry = book.index.entries.first(where: { $0.title == title }) {
            return entry.range.lowerBound
        }
        return nil
    }

    /// Snippets show line breaks as spaces, so a space in the needle matches a space or a line break.
    /// The first place at or after `start` (and at or before `through`, when given) where `needle` matches.
    static func firstIndex(of needle: [UInt8], in text: some BorrowableBytes, from start: Int, through: Int? = nil)
        -> Int?
    {
        text.withUnsafeBufferPointer { bytes -> Int? in
            guard let first = needle.first, needle.count <= bytes.count else { return nil }
            var index = max(start, 0)
            let last = min(bytes.count - needle.count, through ?? .max)
            while index <= last {
                if bytes[index] == first,
                    bytes[index..<(index + needle.count)].elementsEqual(
                        needle,
                        by: { byte, wanted in
                            byte == wanted || (wanted == 0x20 && byte == 0x0A)
                        })
                {
                    return index
                }
                index += 1
            }
            return nil
        }
    }
}
