/// One entry of an EPUB's own table of contents (its nav document or NCX), placed in the book's text.
public struct EpubTOCPoint: Sendable, Equatable {
    /// The entry's label as the navigation gives it (whitespace collapsed).
    public var title: String
    /// The byte offset in the book's text where the entry's target starts.
    public var offset: Int
    /// How deep the entry is nested in the navigation, from 0.
    public var depth: Int

    public init(title: String, offset: Int, depth: Int) {
        self.title = title
        self.offset = offset
        self.depth = depth
    }
}
