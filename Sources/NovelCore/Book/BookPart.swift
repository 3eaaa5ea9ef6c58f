/// Where a `BookPreview`'s text lies in the whole book's: its `Book` holds the start of the text, or one
/// chapter of it, and what walks or shows a preview (`LineWalker`, the reader's first screen) takes this
/// beside the book. A whole book has none: its text is the whole text, from offset 0.
public struct BookPart: Sendable, Equatable {
    /// Where the part's text starts in the whole text (0 for the start of the book).
    public var base: Int
    /// The whole text's length in bytes, known from the last save or estimated.
    public var wholeLength: Int

    /// Whether `book`, the part's text, runs to the end of the whole text.
    public func holdsEnd(of book: Book) -> Bool {
        base + book.text.utf8.count >= wholeLength
    }
}
