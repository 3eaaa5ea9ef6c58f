/// What an EPUB book's package says of it, and where each offset of its text came from: kept on `Book`
/// for `novel info`, the status bar's title and `novel line`.
public struct EpubFacts: Sendable {
    /// The package's version (`2.0`, `3.0`), when it gives one.
    public var version: String?
    /// Every `dc:creator`, in order.
    public var authors: [String]
    /// The `dc:language` tag (`zh-CN`, `en`), when it gives one.
    public var language: String?
    /// Each offset of the text → its spine item and XHTML byte.
    public var sources: EpubSourceMap

    public init(version: String?, authors: [String], language: String?, sources: EpubSourceMap) {
        self.version = version
        self.authors = authors
        self.language = language
        self.sources = sources
    }
}
