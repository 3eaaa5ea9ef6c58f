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

    /// One spine item's text in the book, from `textBase` on, with its document's (text offset, source
    /// offset) pairs as the document made them: kept as they are rather than copied into runs of the book
    /// (a CJK book in one document has hundreds of thousands). The item's runs are its pairs, after one
    /// from its document's start when its first pair starts later.
    struct Document: Sendable, Equatable {
        var textBase: Int
        var pairs: [XHTMLSourceOffset]

        /// Whether a run from the document's byte 0 comes before the pairs.
        var leads: Bool { pairs.first?.textOffset != 0 }
    }

    /// The spine items' member paths, by spine position.
    public private(set) var members: [String]
    /// The spine items' text, by spine position: sorted by `textBase`.
    private(set) var documents: [Document]

    public init() {
        members = []
        documents = []
    }

    /// Adds one spine item whose text starts at `textBase` in the book, with its document's
    /// (text offset, source offset) pairs (sorted, offsets within the item's own text).
    mutating func append(member: String, textBase: Int, pairs: [XHTMLSourceOffset]) {
        members.append(member)
        documents.append(Document(textBase: textBase, pairs: pairs))
    }

    /// The spine item and XHTML byte an offset of the book's text comes from: the run holding it, plus how
    /// far into the run it lies (exact where the run's text is its source's bytes, as plain text mostly
    /// is; within the run's element otherwise). Nil for an empty map. The run is the last that starts at
    /// or before the offset (the book's first for an offset before every run), in the last item that
    /// starts there.
    public func place(of textOffset: Int) -> Place? {
        guard !documents.isEmpty else { return nil }
        let spineIndex = documents.lastIndex(keyedBy: \.textBase, atOrBefore: textOffset)
        let document = documents[spineIndex]
        let local = textOffset - document.textBase
        var run = XHTMLSourceOffset(textOffset: 0, sourceOffset: 0)
        var next: XHTMLSourceOffset?
        if document.leads, document.pairs.first.map({ $0.textOffset > local }) ?? true {
            next = document.pairs.first
        } else {
            let position = document.pairs.lastIndex(keyedBy: \.textOffset, atOrBefore: local)
            run = document.pairs[position]
            next = position + 1 < document.pairs.count ? document.pairs[position + 1] : nil
        }
        var offset = run.sourceOffset + max(0, local - run.textOffset)
        // An entity or markup inside the run makes its text shorter or longer than its source: never past
        // where the next run of the same document starts.
        if let next { offset = min(offset, max(run.sourceOffset, next.sourceOffset)) }
        return Place(spineIndex: spineIndex, member: members[spineIndex], offset: offset)
    }

    /// The first offset of the book's text that comes from the spine item `spineIndex`, nil when the item
    /// gave no text.
    public func textStart(ofSpineIndex spineIndex: Int) -> Int? {
        documents.indices.contains(spineIndex) ? documents[spineIndex].textBase : nil
    }
}
