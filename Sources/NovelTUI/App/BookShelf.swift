import NovelCore

/// What the library overlay needs from outside the reader: the shelf's books (`Shelf.books` for a
/// folder setting) and opening one of them with the storage for it, as live reload reopens a book.
public struct BookShelf {
    /// The absolute path of the book the reader started on.
    public var currentPath: String
    public var list: (_ folder: String) -> (books: [Shelf.Book], problems: [String])
    public var open: (_ path: String) throws -> (session: ReadingSession, storage: ReaderStorage)

    public init(
        currentPath: String, list: @escaping (String) -> (books: [Shelf.Book], problems: [String]),
        open: @escaping (String) throws -> (session: ReadingSession, storage: ReaderStorage)
    ) {
        self.currentPath = currentPath
        self.list = list
        self.open = open
    }
}
