/// One entry of a book's table of contents: a volume (level 0) or a chapter-like section (level 1).
///
/// The entries of a `ChapterIndex`, in order, partition the text: each entry's `range` runs from its
/// heading to the next entry's heading, so every byte of the book belongs to exactly one entry.
public struct TOCEntry: Sendable, Equatable, Codable {
    public enum Level: Int, Sendable, Codable {
        case volume = 0
        case chapter = 1
    }

    /// What made the entry, for readers of the TOC and for tests.
    public enum Kind: String, Sendable, Codable {
        /// A volume heading (第一卷, 上卷, Part One).
        case volume
        /// A numbered chapter heading (第十回, Chapter 12).
        case chapter
        /// A stand-alone heading: 序, 楔子, 番外, 后记, Prologue …
        case special
        /// Text before the first heading.
        case front
        /// A made-up section: the text of a book without headings, or a part of an over-long chapter.
        case section
    }

    public var level: Level
    public var kind: Kind
    /// The heading as shown in the TOC (trimmed), or a made-up title for a preface or a split section.
    public var title: String
    /// The parsed chapter or volume number (第一百二十三章 → 123), when there is one.
    public var number: Int?
    /// The bytes of the section, heading included.
    public var range: Range<Int>
    /// Where the text after the heading line starts; equals `range.lowerBound` when there is no heading.
    public var bodyStart: Int
    /// Where the entry's own heading begins. Before it, from `range.lowerBound`, stands a running head (a
    /// part heading or the book's title that the site repeated before every chapter, `RunningHeads`),
    /// hidden from the page like site junk; `range.lowerBound` when there is none.
    public var headingStart: Int
    /// The index of the volume entry this entry belongs to, if any.
    public var volumeIndex: Int?
    /// How deep the entry sits in the book's own navigation (an EPUB's nav or NCX, from 0), which may nest
    /// deeper than a volume and its chapters; nil for entries the splitter made, whose `level` says it.
    public var depth: Int?

    public init(
        level: Level, title: String, number: Int?, range: Range<Int>, bodyStart: Int, volumeIndex: Int?,
        kind: Kind? = nil, headingStart: Int? = nil
    ) {
        self.level = level
        self.kind = kind ?? (level == .volume ? .volume : .chapter)
        self.title = title
        self.number = number
        self.range = range
        self.bodyStart = bodyStart
        self.headingStart = headingStart ?? range.lowerBound
        self.volumeIndex = volumeIndex
    }
}

extension TOCEntry {
    /// How far the entry is indented under the entries it belongs to: its navigation depth, else one step
    /// for a chapter inside a volume.
    public var nesting: Int { depth ?? (level == .chapter && volumeIndex != nil ? 1 : 0) }

    /// The entry's level as `novel toc --json` gives it: in a book with its own navigation, its depth
    /// there (what the table indents by, from 0); else 0 for a volume and 1 for a chapter.
    public var outlineLevel: Int { depth ?? level.rawValue }

    /// The running head before the entry's heading (empty when there is none).
    public var runningHead: Range<Int> { range.lowerBound..<max(range.lowerBound, headingStart) }

    /// Unicode scalars in the entry's text, heading included (the TOC's `characters`).
    public func characters(in text: BookText) -> Int {
        text.utf8.withUnsafeBufferPointer { scalarCount($0, range) }
    }
}
