/// The text of one EPUB content document, in the shape novel's layouter lays out, with what points into
/// it: where each run came from in the XHTML, emphasis, element ids, links and notes. The document is
/// read as a browser reads it (libxml2's HTML parser in recovery mode), not as strict XML: undeclared
/// entities, tag soup and declared encodings are all met in real books. docs/epub.md gives the rules.
public struct XHTMLText: Sendable, Equatable {
    /// The text: UTF-8, LF line ends, one paragraph a line, no control characters, ending with a line end
    /// (empty for a document without text).
    public var utf8: [UInt8]
    /// Sorted by text offset: from each pair's text offset on, the text came from the document's bytes at
    /// its source offset on, byte for byte, until the next pair. Text the document does not hold as such
    /// (list markers, separators, placeholders) maps to the element that made it.
    public var sourceOffsets: [XHTMLSourceOffset]
    /// Emphasised ranges, in text order, not overlapping.
    public var styles: [StyledRange]
    /// Every element id (and `<a name>`) → the text offset where that element's text starts; an element
    /// without text lands on the text after it.
    public var anchors: [String: Int]
    /// Links with an `href`, in text order.
    public var links: [XHTMLLink]
    /// Footnotes and endnotes (`epub:type` footnote, endnote, rearnote; `role` doc-footnote, doc-endnote):
    /// id → the note's text.
    public var notes: [String: Range<Int>]
    /// Ruby readings (furigana) as written after their base text, brackets included (`漢字（かんじ）` holds
    /// `（かんじ）`), in text order: the text always has them, and the `ruby` setting shows or hides them
    /// (`RubyDisplay`), so that a position is the same either way.
    public var rubyReadings: [Range<Int>]

    public init(
        utf8: [UInt8], sourceOffsets: [XHTMLSourceOffset], styles: [StyledRange], anchors: [String: Int],
        links: [XHTMLLink], notes: [String: Range<Int>], rubyReadings: [Range<Int>] = []
    ) {
        self.utf8 = utf8
        self.sourceOffsets = sourceOffsets
        self.styles = styles
        self.anchors = anchors
        self.links = links
        self.notes = notes
        self.rubyReadings = rubyReadings
    }

    /// The text of the content document `bytes` (XHTML or HTML, in any encoding it declares).
    public static func extract(_ bytes: [UInt8], options: XHTMLTextOptions = XHTMLTextOptions()) -> XHTMLText {
        let builder = XHTMLTextBuilder(options: options)
        XHTMLParser.parse(bytes, into: builder)
        return builder.finish()
    }

    /// The text of the start of the content document `bytes`: the parse stops at the first block end where
    /// the text has at least `minimum` bytes and nothing open changes it (`XHTMLTextBuilder.isAtBlockCut`),
    /// so the text is the start of `extract`'s, up to and including the line end after that block. `isWhole`
    /// tells whether the document ended first. A first screen needs only a screenful of a long document.
    static func extractStart(
        _ bytes: [UInt8], options: XHTMLTextOptions = XHTMLTextOptions(), minimum: Int
    ) -> (text: XHTMLText, isWhole: Bool) {
        let builder = XHTMLTextBuilder(options: options)
        let stopped = XHTMLParser.parse(bytes, into: builder) { builder.count >= minimum && builder.isAtBlockCut }
        return (builder.finish(), !stopped)
    }

    /// The document offset the text at `textOffset` came from.
    public func sourceOffset(ofText textOffset: Int) -> Int {
        var low = 0
        var high = sourceOffsets.count
        while low < high {
            let middle = (low + high) / 2
            if sourceOffsets[middle].textOffset <= textOffset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return sourceOffsets.first?.sourceOffset ?? 0 }
        let pair = sourceOffsets[low - 1]
        return pair.sourceOffset + (textOffset - pair.textOffset)
    }
}
