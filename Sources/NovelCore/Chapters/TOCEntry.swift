/// One entry of a book's table of contents: a volume (level 0) or a chapter-like section (level 1).
///
/// The entries of a `ChapterIndex`, in order, partition the text: each entry's `range` runs from its
/// heading to the next entry's heading, so every byte of the book belongs to exactly one entry.
public struct TOCEntry: Sendable, Equatable, Codable {
    public enum Level: Int, Sendable, Codable {
        case volume = 0
        case chapter = 1
    }

    public var level: Level
    /// The heading as shown in the TOC (trimmed), or a made-up title for a preface or a split section.
    public var title: String
    /// The parsed chapter or volume number (第一百二十三章 → 123), when there is one.
    public var number: Int?
    /// The bytes of the section, heading included.
    public var range: Range<Int>
    /// Where the text after the heading line starts; equals `range.lowerBound` when there is no heading.
    public var bodyStart: Int
    /// The index of the volume entry this entry belongs to, if any.
    public var volumeIndex: Int?

    public init(level: Level, title: String, number: Int?, range: Range<Int>, bodyStart: Int, volumeIndex: Int?) {
        self.level = level
        self.title = title
        self.number = number
        self.range = range
        self.bodyStart = bodyStart
        self.volumeIndex = volumeIndex
    }
}
