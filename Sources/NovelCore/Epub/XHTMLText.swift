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
    /// The encoding the parser was told to read the document in (`XHTMLDeclaredEncoding`), nil when
    /// libxml2 chose it: the choice looks at the whole document, so a read of only its start is told it
    /// (`EpubSpineRecord`).
    public var declaredEncoding: String?

    public init(
        utf8: [UInt8], sourceOffsets: [XHTMLSourceOffset], styles: [StyledRange], anchors: [String: Int],
        links: [XHTMLLink], notes: [String: Range<Int>], rubyReadings: [Range<Int>] = [],
        declaredEncoding: String? = nil
    ) {
        self.utf8 = utf8
        self.sourceOffsets = sourceOffsets
        self.styles = styles
        self.anchors = anchors
        self.links = links
        self.notes = notes
        self.rubyReadings = rubyReadings
        self.declaredEncoding = declaredEncoding
    }

    /// The text of the content document `bytes` (XHTML or HTML, in any encoding it declares). Passed as
    /// the caller's last use, the bytes are the parser's own and read where they lie (`XHTMLParser.parse`).
    /// The text is reserved at `reserving` bytes (at least the document's size, which its text hardly
    /// passes), so that a book whose first document this is can take its text as the book's own
    /// (`EpubAssembly.append`); untouched, the room costs no memory.
    public static func extract(
        _ bytes: consuming [UInt8], options: XHTMLTextOptions = XHTMLTextOptions(), reserving: Int = 0
    ) -> XHTMLText {
        let builder = XHTMLTextBuilder(options: options, expectedBytes: max(bytes.count, reserving))
        let encoding = XHTMLDeclaredEncoding.encoding(of: bytes)
        XHTMLParser.parse(consume bytes, encoding: encoding, into: builder)
        var text = builder.finish()
        text.declaredEncoding = encoding
        return text
    }

    /// The text of the start of the content document `bytes`: the parse stops at the first block end where
    /// the text has at least `minimum` bytes and nothing open changes it (`XHTMLTextBuilder.isAtBlockCut`),
    /// so the text is the start of `extract`'s, up to and including the line end after that block. `isWhole`
    /// tells whether the document ended first. A first screen needs only a screenful of a long document.
    static func extractStart(
        _ bytes: consuming [UInt8], options: XHTMLTextOptions = XHTMLTextOptions(), minimum: Int
    ) -> (text: XHTMLText, isWhole: Bool) {
        let encoding = XHTMLDeclaredEncoding.encoding(of: bytes)
        let (text, stop) = extractStart(consume bytes, encoding: encoding, options: options, minimum: minimum)
        return (text, stop == nil)
    }

    /// `extractStart` of `bytes`, read in `encoding` (the whole document's, `XHTMLDeclaredEncoding`), with
    /// the document offset the parse stopped at (nil: it read to the end of `bytes`).
    static func extractStart(
        _ bytes: consuming [UInt8], encoding: String?, options: XHTMLTextOptions, minimum: Int
    ) -> (text: XHTMLText, stop: Int?) {
        let builder = XHTMLTextBuilder(options: options)
        let stop = XHTMLParser.parse(consume bytes, encoding: encoding, into: builder) {
            builder.count >= minimum && builder.isAtBlockCut
        }
        var text = builder.finish()
        text.declaredEncoding = encoding
        return (text, stop)
    }

    /// The start of a document of which only the first bytes were read (`start`, `EpubArchive.readStart`):
    /// `extractStart`'s text when the parse stopped well before the bytes ran out, so that nothing past
    /// them could have changed what it told (libxml2 looks a few bytes ahead at most); nil when it needs
    /// more of the document. The bytes end just after their last `>`, which no byte of a multi-byte
    /// character in UTF-8, GB18030, Big5 or Shift_JIS is, so no character is cut at the end. Only for a
    /// document whose encoding is named to the parser: where libxml2 chooses (a UTF-16 byte order mark),
    /// the whole document is read.
    static func extractStart(
        readStart start: [UInt8], encoding: String?, options: XHTMLTextOptions, minimum: Int
    ) -> XHTMLText? {
        let lookahead = 4096
        guard let encoding, !encoding.uppercased().hasPrefix("UTF-16"), !encoding.uppercased().hasPrefix("UTF-32"),
            let end = start.lastIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let (text, stop) = extractStart(Array(start[...end]), encoding: encoding, options: options, minimum: minimum)
        guard let stop, stop + lookahead <= end else { return nil }
        return text
    }

    /// The start of a document read for the first time, of which only the first bytes were read
    /// (`EpubArchive.readStart`): `extractStart(readStart:)` in the encoding those bytes choose for the whole
    /// document (`XHTMLDeclaredEncoding.choice`, from its first 16 KiB). Nil where they are fewer, name no
    /// encoding to give the parser (libxml2 chooses), or the parse needs more of the document: then it is
    /// read whole.
    static func extractStart(firstRead start: [UInt8], options: XHTMLTextOptions, minimum: Int) -> XHTMLText? {
        guard let end = start.lastIndex(of: UInt8(ascii: ">")) else { return nil }
        let head = Array(start[...end])
        let encoding: String
        switch XHTMLDeclaredEncoding.choice(of: head, isWhole: false) {
        case .decided(let named?): encoding = named
        case .decided(nil), .undecided: return nil
        }
        return extractStart(readStart: head, encoding: encoding, options: options, minimum: minimum)
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
