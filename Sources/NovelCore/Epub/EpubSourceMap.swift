/// Where each byte of an EPUB book's text came from: its spine item and the byte offset in that item's
/// XHTML. The text made from the spine does not depend on width or settings, so a position (a text offset)
/// stays on the same text whatever the reader shows; this map says which document and byte it is.
public struct EpubSourceMap: Sendable, Equatable {
    /// Where an offset of the book's text comes from.
    public struct Place: Sendable, Equatable, CustomStringConvertible {
        /// The spine item's position in the spine, from 0.
        public var spineIndex: Int
        /// The member path of the spine item's document in the archive.
        public var member: String
        /// The byte offset in that document's XHTML.
        public var offset: Int

        /// `OEBPS/ch03.xhtml:1234`, as `novel line` and exports name it.
        public var description: String { "\(member):\(offset)" }
    }

    /// A run of text from one spine item, starting at `textOffset`, whose bytes came from the XHTML at
    /// `sourceOffset` onward.
    struct Run: Sendable, Equatable {
        var textOffset: Int
        var spineIndex: Int
        var sourceOffset: Int
    }

    /// The spine items' member paths, by spine position.
    public private(set) var members: [String]
    /// Sorted by `textOffset`.
    private(set) var runs: [Run]

    public init() {
        members = []
        runs = []
    }

    /// Adds one spine item whose text starts at `textBase` in the book, with its document's
    /// (text offset, source offset) pairs (sorted, offsets within the item's own text).
    mutating func append(member: String, textBase: Int, pairs: [XHTMLSourceOffset]) {
        let spineIndex = members.count
        members.append(member)
        if pairs.first?.textOffset != 0 {
            runs.append(Run(textOffset: textBase, spineIndex: spineIndex, sourceOffset: 0))
        }
        for pair in pairs {
            runs.append(
                Run(textOffset: textBase + pair.textOffset, spineIndex: spineIndex, sourceOffset: pair.sourceOffset))
        }
    }

    /// The spine item and XHTML byte an offset of the book's text comes from: the run holding it, plus how
    /// far into the run it lies (exact where the run's text is its source's bytes, as plain text mostly
    /// is; within the run's element otherwise). Nil for an empty map.
    public func place(of textOffset: Int) -> Place? {
        guard !runs.isEmpty else { return nil }
        let position = runs.lastIndex(keyedBy: \.textOffset, atOrBefore: textOffset)
        let run = runs[position]
        var offset = run.sourceOffset + max(0, textOffset - run.textOffset)
        // An entity or markup inside the run makes its text shorter or longer than its source: never past
        // where the next run of the same document starts.
        if position + 1 < runs.count, runs[position + 1].spineIndex == run.spineIndex {
            offset = min(offset, max(run.sourceOffset, runs[position + 1].sourceOffset))
        }
        return Place(spineIndex: run.spineIndex, member: members[run.spineIndex], offset: offset)
    }

    /// The first offset of the book's text that comes from the spine item `spineIndex`, nil when the item
    /// gave no text.
    public func textStart(ofSpineIndex spineIndex: Int) -> Int? {
        runs.first { $0.spineIndex == spineIndex }?.textOffset
    }
}
