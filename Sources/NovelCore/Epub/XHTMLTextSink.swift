/// Text being written from a content document, with everything that points into it: where each run
/// came from, its styles, the ids that land in it, its links and its notes. A table's cells are written
/// into sinks of their own and then laid into the document's sink (`append(_:)`), which shifts them.
struct XHTMLTextSink {
    var bytes: [UInt8] = []
    var sourceOffsets: [XHTMLSourceOffset] = []
    var styles: [StyledRange] = []
    /// Element ids and the offsets they land on, in document order (the first of a repeated id wins).
    var anchors: [(id: String, offset: Int)] = []
    var links: [XHTMLLink] = []
    var notes: [(id: String, range: Range<Int>)] = []
    /// Ruby readings with their brackets, in text order (`XHTMLText.rubyReadings`).
    var rubyReadings: [Range<Int>] = []

    var count: Int { bytes.count }

    /// Whether the next byte starts a line.
    var isAtLineStart: Bool { bytes.last.map { $0 == Self.lineFeed } ?? true }

    /// Whether the text ends with an empty line (or is empty): a blank line needs no other.
    var endsWithBlankLine: Bool {
        bytes.count < 2 || (bytes[bytes.count - 1] == Self.lineFeed && bytes[bytes.count - 2] == Self.lineFeed)
    }

    static let lineFeed: UInt8 = 0x0A
    static let space: UInt8 = 0x20

    /// Writes one byte that came from `source` in the document.
    @inline(__always)
    mutating func append(_ byte: UInt8, source: Int, style: TextStyle) {
        let offset = bytes.count
        if let last = sourceOffsets.last, last.sourceOffset &+ (offset - last.textOffset) == source {
            // the run goes on
        } else {
            sourceOffsets.append(XHTMLSourceOffset(textOffset: offset, sourceOffset: source))
        }
        if !style.isEmpty { extendStyle(style, over: offset..<offset + 1) }
        bytes.append(byte)
    }

    /// Writes a run of bytes that came one for one from the document's bytes at `source` on: what writing
    /// them a byte at a time writes, at one look at the source map and the styles for the whole run.
    mutating func append(run: UnsafeBufferPointer<UInt8>, source: Int, style: TextStyle) {
        guard !run.isEmpty else { return }
        let offset = bytes.count
        if let last = sourceOffsets.last, last.sourceOffset &+ (offset - last.textOffset) == source {
            // the run goes on
        } else {
            sourceOffsets.append(XHTMLSourceOffset(textOffset: offset, sourceOffset: source))
        }
        if !style.isEmpty { extendStyle(style, over: offset..<offset + run.count) }
        bytes.append(contentsOf: run)
    }

    /// Writes text the document does not hold as such (a list marker, a separator, padding), mapped to
    /// `source`, the element that made it.
    mutating func append(made text: String, source: Int, style: TextStyle = []) {
        for (index, byte) in text.utf8.enumerated() { append(byte, source: source + index, style: style) }
    }

    /// Lays another sink's text and everything pointing into it at the end of this one.
    mutating func append(_ other: XHTMLTextSink) {
        let shift = bytes.count
        for pair in other.sourceOffsets {
            let moved = XHTMLSourceOffset(textOffset: pair.textOffset + shift, sourceOffset: pair.sourceOffset)
            if let last = sourceOffsets.last,
                last.sourceOffset + (moved.textOffset - last.textOffset) == moved.sourceOffset
            {
                continue
            }
            sourceOffsets.append(moved)
        }
        for styled in other.styles { extendStyle(styled.style, over: styled.range.shifted(by: shift)) }
        anchors += other.anchors.map { ($0.id, $0.offset + shift) }
        links += other.links.map {
            XHTMLLink(range: $0.range.shifted(by: shift), href: $0.href, isNoteReference: $0.isNoteReference)
        }
        notes += other.notes.map { ($0.id, $0.range.shifted(by: shift)) }
        rubyReadings += other.rubyReadings.map { $0.shifted(by: shift) }
        bytes += other.bytes
    }

    /// Adds `range` with `style`, joining it to the last styled range when they touch with the same style.
    private mutating func extendStyle(_ style: TextStyle, over range: Range<Int>) {
        if let last = styles.indices.last, styles[last].style == style,
            styles[last].range.upperBound == range.lowerBound
        {
            styles[last].range = styles[last].range.lowerBound..<range.upperBound
        } else {
            styles.append(StyledRange(range: range, style: style))
        }
    }
}

extension Range where Bound == Int {
    /// The range moved by `shift`.
    func shifted(by shift: Int) -> Range<Int> { lowerBound + shift..<upperBound + shift }
}
