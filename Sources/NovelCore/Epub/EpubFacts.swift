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
    /// The members the spine or the navigation names that the archive lacks, in the order met: the book
    /// is read without them, as reading systems read it (`warnings` says so).
    public var missingMembers: [String] = []

    public init(version: String?, authors: [String], language: String?, sources: EpubSourceMap) {
        self.version = version
        self.authors = authors
        self.language = language
        self.sources = sources
    }

    /// One line for each missing member, for the person reading the book at `path` (on stderr).
    public func warnings(path: String) -> [String] {
        missingMembers.map { "\(path): " + Self.missing($0, others: 0) }
    }

    /// What the reader's status bar says once when the book opens (nil: nothing is missing): the screen
    /// is the book's, so the path is left out, and several missing members are one line that names the
    /// first (`novel info` names them all).
    public var notice: String? {
        missingMembers.first.map { Self.missing($0, others: missingMembers.count - 1) }
    }

    private static func missing(_ member: String, others: Int) -> String {
        others == 0
            ? "\(member) is missing from the archive; the book is read without it"
            : "\(member) and \(others) more are missing from the archive; the book is read without them"
    }
}
