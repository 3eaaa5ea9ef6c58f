/// A place in a book named on the command line: a chapter (its TOC index or title), a percentage, or a
/// bookmark id. Resolved to a byte offset.
public enum BookPlace: Sendable, Equatable {
    case chapter(String)
    case percent(Double)
    case bookmark(String)

    public struct NotFound: NovelError, Equatable {
        public var message: String
        public init(message: String) { self.message = message }
        public var isBadInput: Bool { true }
        public var description: String { message }
    }

    public func offset(in book: Book, state: BookState?) throws(NotFound) -> Int {
        switch self {
        case .chapter(let name):
            let entries = book.index.entries
            if let number = Int(name) {
                guard entries.indices.contains(number) else {
                    throw NotFound(
                        message:
                            "\(book.path): no chapter \(number); the table of contents has 0 to \(entries.count - 1) (see novel toc)"
                    )
                }
                return entries[number].range.lowerBound
            }
            if let entry = entries.first(where: { $0.title == name })
                ?? entries.first(where: { $0.title.contains(name) })
            {
                return entry.range.lowerBound
            }
            throw NotFound(message: "\(book.path): no chapter titled '\(name)' (see novel toc)")
        case .percent(let percent):
            guard (0...100).contains(percent) else {
                throw NotFound(message: "percent must be from 0 to 100, got \(percent)")
            }
            return Self.lineStart(near: Int(Double(book.text.utf8.count) * percent / 100), in: book.text.utf8)
        case .bookmark(let id):
            guard let bookmark = state?.bookmarks.first(where: { $0.id == id }) else {
                throw NotFound(message: BookState.UnknownBookmark(id: id, path: book.path).description)
            }
            return min(bookmark.offset, book.text.utf8.count)
        }
    }

    /// Where a book opens: the place a flag named (`place`, resolved with `state`'s bookmarks), else the
    /// position `state` saved, else the start; the one rule for `novel read`, `bookmarks --add`, `line`
    /// and the reader.
    public static func start(_ place: Self?, in book: Book, state: BookState?) throws(NotFound) -> Int {
        try start(
            named: place?.offset(in: book, state: state), saved: state?.position?.offset, length: book.text.utf8.count)
    }

    /// The same for offsets already resolved: `named` (a flag), else `saved`, else 0, clamped into a text
    /// of `length` bytes (a hand-edited state may hold a position past the end, or below 0).
    public static func start(named: Int?, saved: Int?, length: Int) -> Int {
        max(0, min(named ?? saved ?? 0, max(length, 0)))
    }

    /// The start of the line holding `offset`, so that a percentage opens at a paragraph's beginning.
    static func lineStart(near offset: Int, in text: some BorrowableBytes) -> Int {
        text.withUnsafeBufferPointer { bytes in
            LineBounds.start(bytes, of: min(max(offset, 0), bytes.count))
        }
    }
}
