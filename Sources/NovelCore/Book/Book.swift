/// An opened book: its decoded text, its identity and its table of contents.
/// `BookOpener` builds it (load, fingerprint, cached chapter index).
public struct Book: Sendable {
    /// The path the book was opened from, as the user gave it.
    public let path: String
    /// The title the book's header names, else the file name without its extension
    /// (`BookOpener.title(of:text:)`): what the status bar and `novel recent` show.
    public let title: String
    public let text: BookText
    /// `BookFingerprint.of(text.utf8)`: the book's identity for state and caches.
    public let fingerprint: String
    public let index: ChapterIndex
    /// The text's script and whether it is hard-wrapped (sampled once; display transforms follow it).
    public let profile: TextProfile

    /// The scan `index` was made from, when this process split the text (nil for an index from the cache
    /// or made another way): what a split after an append continues (`BookOpener.appended`).
    public var headingScan: HeadingScan?

    /// The book's emphasis and links (an EPUB's), as byte ranges of `text`; nil for a book without any
    /// (a .txt book).
    public var markup: BookMarkup?

    /// What an EPUB book's package says of it and where its text came from; nil for a .txt book.
    public var epub: EpubFacts?

    /// `profile` is sampled from the text unless given (an EPUB's comes from its language and markup).
    public init(
        path: String, title: String, text: BookText, fingerprint: String, index: ChapterIndex,
        profile: TextProfile? = nil
    ) {
        self.path = path
        self.title = title
        self.text = text
        self.fingerprint = fingerprint
        self.index = index
        self.profile = profile ?? TextProfile.of(text)
    }
}
