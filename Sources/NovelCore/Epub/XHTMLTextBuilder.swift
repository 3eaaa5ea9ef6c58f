/// Turns the events of a parsed content document (elements opening and closing, runs of text with the
/// document offsets they came from) into text the layouter lays out: one paragraph a line, never
/// hard-wrapped, whitespace collapsed as HTML collapses it outside `pre`. docs/epub.md gives the rules.
final class XHTMLTextBuilder {
    private let options: XHTMLTextOptions
    private var sink = XHTMLTextSink()
    private var open: [OpenElement] = []

    /// An element met and not yet closed, with what it changed, so that closing it undoes just that.
    private struct OpenElement {
        let name: String
        let role: XHTMLElement.Role
        let hidden: Bool
        let style: TextStyle
        let link: Int?
        let noteID: String?
        let source: Int
    }

    /// The line end still to come before the next text: none, a line break inside the paragraph (`br`), a
    /// paragraph's end, or one and an empty line.
    private var pendingBreak = LineBreak.none
    private enum LineBreak: Int, Comparable {
        case none, inParagraph, line, blankLine
        static func < (lhs: LineBreak, rhs: LineBreak) -> Bool { lhs.rawValue < rhs.rawValue }
    }
    /// Whitespace was met since the last text: one space before the next text on the same line.
    private var pendingSpace = false
    /// The style where that whitespace was met (the space after a bold word is not bold).
    private var pendingSpaceStyle: TextStyle = []
    /// Ids of elements whose text has not started yet; they land on the next text.
    private var pendingAnchors: [String] = []

    private var hiddenDepth = 0
    private var drawingDepth = 0
    private var preformattedDepth = 0
    private var blockquoteDepth = 0
    private var superscriptDepth = 0
    private var lists: [ListState] = []
    private struct ListState {
        let ordered: Bool
        var next: Int
    }
    /// The marker of a list item whose text has not started ("• ", "3. ").
    private var pendingMarker: String?
    private var styleCounts: [TextStyle: Int] = [:]
    private var style: TextStyle = []

    /// Links being read, by index into `links`; `start` is nil until their text starts.
    private var openLinks: [OpenLink] = []
    private struct OpenLink {
        let href: String
        let marked: Bool
        var start: Int?
        var setLikeANote: Bool
        let tableDepth: Int
    }

    /// A ruby reading's bracket waits for its first character; `closing` is the one to write at its end,
    /// `start` where the opening bracket was written.
    private var rubyBracket = RubyBracket.none
    private enum RubyBracket: Equatable {
        case none, waiting
        case open(closing: String, start: Int)
    }

    /// The table being read: its rows of cells, each written into a sink of its own, and the sink of the
    /// text around the table.
    private var table: TableState?
    private struct TableState {
        var outer: XHTMLTextSink
        var rows: [[TableCell]] = []
        var inCell = false
        /// The spans of the cell being read.
        var span = (columns: 1, rows: 1)
        /// Column → rows below the current one that a cell above still covers (`rowspan`).
        var covered: [Int: Int] = [:]
        /// The columns the current row leaves to cells above it.
        var coveredInRow: Set<Int> = []
        /// Tables inside a cell of this one, read as text of the cell.
        var nestedDepth = 0
        let source: Int

        /// Adds a cell to the current row at the next column no cell above covers.
        mutating func add(_ sink: XHTMLTextSink, columns: Int = 1, rows: Int = 1) {
            if self.rows.isEmpty { self.rows.append([]) }
            var column = self.rows[self.rows.count - 1].reduce(0) { $0 + $1.columns }
            while coveredInRow.contains(column) {
                self.rows[self.rows.count - 1].append(TableCell(text: XHTMLTextSink(), columns: 1))
                column += 1
            }
            self.rows[self.rows.count - 1].append(TableCell(text: sink, columns: columns))
            if rows > 1 { for spanned in column..<column + columns { covered[spanned] = rows - 1 } }
        }

        /// Starts a row: the columns cells above still cover are left to them.
        mutating func startRow() {
            rows.append([])
            coveredInRow = Set(covered.filter { $0.value > 0 }.keys)
            for column in coveredInRow { covered[column]? -= 1 }
        }
    }

    /// A cell's text and the columns it spans.
    private struct TableCell {
        var text: XHTMLTextSink
        var columns: Int
    }

    /// `expectedBytes`, the document's size, is room for its text made at once: the markup only shrinks it,
    /// and a text grown by doubling would hold a long document's text about twice over while it grows.
    init(options: XHTMLTextOptions, expectedBytes: Int = 0) {
        self.options = options
        sink.bytes.reserveCapacity(expectedBytes)
    }

    // MARK: - Events

    func startElement(_ element: XHTMLElement, source: Int) {
        let id = element.attribute("id") ?? (element.name == "a" ? element.attribute("name") : nil)
        if let id, !id.isEmpty {
            // An id after a heading's text (`<h3>第一回<a id="c1"/></h3>`) is on the heading's line, where a
            // browser goes: it lands at that line's start, not on the text after the heading.
            if let lineStart = headingLineStart() {
                sink.anchors.append((id, lineStart))
            } else {
                pendingAnchors.append(id)
            }
        }
        let hidden = hiddenDepth > 0 || element.isHidden(options: options)
        guard !hidden else {
            hiddenDepth += 1
            open.append(
                OpenElement(
                    name: element.name, role: .inline, hidden: true, style: [], link: nil, noteID: nil, source: source))
            return
        }
        let role = element.role
        let elementStyle = element.style
        if !elementStyle.isEmpty {
            for member in TextStyle.members where elementStyle.contains(member) {
                styleCounts[member, default: 0] += 1
            }
            style.formUnion(elementStyle)
        }
        var link: Int?
        if element.name == "a", let href = element.attribute("href") {
            link = openLinks.count
            openLinks.append(
                OpenLink(
                    href: href, marked: element.isMarkedNoteReference, start: nil,
                    setLikeANote: superscriptDepth > 0 || element.looksLikeNoteReference(href: href),
                    tableDepth: tableLevel))
        }
        let noteID = element.isNote ? id : nil
        open.append(
            OpenElement(
                name: element.name, role: role, hidden: false, style: elementStyle, link: link, noteID: noteID,
                source: source))
        start(role, element: element, source: source)
    }

    func endElement(name: String, source: Int) {
        guard let index = open.lastIndex(where: { $0.name == name }) else { return }
        while open.count > index { close(open.removeLast(), source: source) }
    }

    /// A run of the document's text; `segments` give the document offset of each byte: from the chunk
    /// index of a segment on, bytes come one for one from its source offset on.
    func characters(_ chunk: UnsafeBufferPointer<UInt8>, segments: [XHTMLSourceOffset]) {
        guard hiddenDepth == 0, drawingDepth == 0, !chunk.isEmpty else { return }
        var map = SegmentCursor(segments: segments)
        if preformattedDepth > 0 {
            preformatted(chunk, map: &map)
            return
        }
        var index = 0
        while index < chunk.count {
            if Self.isWhitespace(chunk[index]) {
                if !pendingSpace { pendingSpaceStyle = style }
                pendingSpace = true
                index += 1
                continue
            }
            var end = index + 1
            while end < chunk.count, !Self.isWhitespace(chunk[end]) { end += 1 }
            write(chunk, index..<end, map: &map)
            index = end
        }
    }

    /// The text written so far.
    var count: Int { sink.count }

    /// Whether the text written so far is final, so that the document's text may be cut here and stay a
    /// start of the whole document's text (`XHTMLText.extractStart`): a block has just ended (its line end
    /// is still to come, and `finish` writes it as the next block would) and nothing open writes into the
    /// text before its end or places something later: no table (its cells are laid out at its end), link,
    /// note, list marker, ruby bracket, hidden or preformatted run, and no id waiting for the next text.
    var isAtBlockCut: Bool {
        pendingBreak >= .line && sink.count > 0 && table == nil && openLinks.isEmpty && rubyBracket == .none
            && hiddenDepth == 0 && drawingDepth == 0 && preformattedDepth == 0 && lists.isEmpty
            && pendingMarker == nil && pendingAnchors.isEmpty && open.allSatisfy { $0.link == nil && $0.noteID == nil }
    }

    /// The text and everything pointing into it, once the document has ended.
    func finish() -> XHTMLText {
        // What is written at the end goes on from where the last run reached (not from where it began: a
        // place inside the document's last paragraph must not fall back to that paragraph's start).
        func end() -> Int { sink.sourceOffsets.last.map { $0.sourceOffset + (sink.count - $0.textOffset) } ?? 0 }
        while let element = open.popLast() { close(element, source: end()) }
        if table != nil { finishTable() }
        if !sink.isAtLineStart { sink.append(XHTMLTextSink.lineFeed, source: end(), style: []) }
        var anchors: [String: Int] = [:]
        for (id, offset) in sink.anchors where anchors[id] == nil { anchors[id] = offset }
        for id in pendingAnchors where anchors[id] == nil { anchors[id] = sink.count }
        var notes: [String: Range<Int>] = [:]
        for (id, range) in sink.notes where notes[id] == nil { notes[id] = range }
        let links = sink.links.map { link -> XHTMLLink in
            var link = link
            if link.href.hasPrefix("#"), notes[String(link.href.dropFirst())] != nil { link.isNoteReference = true }
            return link
        }
        return XHTMLText(
            utf8: sink.bytes, sourceOffsets: sink.sourceOffsets, styles: sink.styles, anchors: anchors, links: links,
            notes: notes, rubyReadings: sink.rubyReadings)
    }

    // MARK: - Elements

    private var tableLevel: Int { table == nil ? 0 : 1 }

    private func start(_ role: XHTMLElement.Role, element: XHTMLElement, source: Int) {
        switch role {
        case .inline: break
        case .block(let blank): breakLine(blank ? .blankLine : .line)
        case .blockquote:
            breakLine(.line)
            blockquoteDepth += 1
        case .list(let ordered):
            breakLine(.line)
            lists.append(ListState(ordered: ordered, next: Int(element.attribute("start") ?? "") ?? 1))
        case .listItem:
            breakLine(.line)
            if var list = lists.popLast() {
                pendingMarker = list.ordered ? "\(Int(element.attribute("value") ?? "") ?? list.next). " : "• "
                list.next = (Int(element.attribute("value") ?? "") ?? list.next) + 1
                lists.append(list)
            } else {
                pendingMarker = "• "
            }
        case .preformatted:
            breakLine(.blankLine)
            preformattedDepth += 1
        case .table: startTable(source: source)
        case .tableRow: startRow()
        case .tableCell, .caption: startCell(element)
        case .lineBreak: lineBreak(source: source)
        case .rule:
            breakLine(.blankLine)
            writeMade("* * *", source: source)
            breakLine(.blankLine)
        case .image: image(element, source: source)
        case .rubyText:
            pendingSpace = false
            rubyBracket = .waiting
        case .superscript:
            superscriptDepth += 1
            for index in openLinks.indices { openLinks[index].setLikeANote = true }
        case .drawing: drawingDepth += 1
        }
    }

    private func close(_ element: OpenElement, source: Int) {
        guard !element.hidden else {
            hiddenDepth -= 1
            return
        }
        releaseStyle(of: element)
        if let link = element.link { closeLink(link) }
        if let noteID = element.noteID, let landed = sink.anchors.last(where: { $0.id == noteID }) {
            let end = sink.isAtLineStart && sink.count > landed.offset ? sink.count - 1 : sink.count
            sink.notes.append((noteID, landed.offset..<end))
        }
        switch element.role {
        case .inline, .lineBreak, .rule, .image: break
        case .block(let blank): breakLine(blank ? .blankLine : .line)
        case .blockquote:
            blockquoteDepth -= 1
            breakLine(.line)
        case .list:
            lists.removeLast()
            breakLine(.line)
        case .listItem:
            pendingMarker = nil
            breakLine(.line)
        case .preformatted:
            preformattedDepth -= 1
            breakLine(.blankLine)
        case .table: finishTable()
        case .tableRow: finishRow()
        case .tableCell, .caption: finishCell()
        case .rubyText:
            if case .open(let closing, let start) = rubyBracket {
                writeMade(closing, source: source)
                // Readings are always written; `RubyDisplay` hides them on screen without moving a position.
                if start <= sink.count { sink.rubyReadings.append(start..<sink.count) }
            }
            rubyBracket = .none
        case .superscript: superscriptDepth -= 1
        case .drawing: drawingDepth -= 1
        }
    }

    /// Undoes an element's styles; a style stays while another open element gives it too.
    private func releaseStyle(of element: OpenElement) {
        guard !element.style.isEmpty else { return }
        for member in TextStyle.members where element.style.contains(member) {
            let count = (styleCounts[member] ?? 1) - 1
            styleCounts[member] = count
            if count <= 0 { style.remove(member) }
        }
    }

    private func closeLink(_ index: Int) {
        guard index < openLinks.count else { return }
        let link = openLinks.remove(at: index)
        guard link.tableDepth == tableLevel else { return }
        let start = link.start ?? sink.count
        let text = sink.bytes[start..<sink.count]
        let isNote = link.marked || (link.setLikeANote && Self.isNoteMarker(text))
        sink.links.append(XHTMLLink(range: start..<sink.count, href: link.href, isNoteReference: isNote))
    }

    /// Whether a link's text is a typical note marker: a short number or symbol (`1`, `[12]`, `*`, `†`, `①`).
    static func isNoteMarker(_ text: ArraySlice<UInt8>) -> Bool {
        let scalars = String(decoding: text, as: UTF8.self).unicodeScalars.filter { !$0.properties.isWhitespace }
        guard (1...6).contains(scalars.count) else { return false }
        return scalars.allSatisfy { scalar in
            scalar.properties.numericType != nil || "*†‡§¶#[]()（）〔〕［］".unicodeScalars.contains(scalar)
        }
    }

    // MARK: - Lines

    /// Asks for a line end (and maybe an empty line) before the next text; inside a table cell, a space.
    private func breakLine(_ lineBreak: LineBreak) {
        if table?.inCell == true {
            pendingSpace = true
        } else {
            pendingBreak = max(pendingBreak, lineBreak)
        }
    }

    /// `<br>`: after text, a line break inside the paragraph before the next text (a verse line in its
    /// stanza), nothing at the paragraph's end; a second in a row ends the paragraph (a stanza's end); on
    /// an empty line it makes one empty line (as a browser shows it).
    private func lineBreak(source: Int) {
        guard table?.inCell != true else {
            pendingSpace = true
            return
        }
        if pendingBreak == .none, !sink.isAtLineStart {
            pendingBreak = .inParagraph
            pendingSpace = false
            return
        }
        if pendingBreak == .inParagraph {
            pendingBreak = .line
            return
        }
        flushBreak(source: source)
        pendingSpace = false
        if !sink.isAtLineStart || !sink.endsWithBlankLine {
            sink.append(XHTMLTextSink.lineFeed, source: source, style: [])
        }
    }

    /// Writes the line end asked for, if text has been written before it. A line break inside a paragraph
    /// is U+2028 LINE SEPARATOR, which the layouter breaks at without the spacing between paragraphs, as
    /// it does for the verse lines a .txt book keeps (`LineSeparator`).
    private func flushBreak(source: Int) {
        guard pendingBreak != .none else { return }
        defer { pendingBreak = .none }
        guard sink.count > 0 else { return }
        if pendingBreak == .inParagraph {
            if !sink.isAtLineStart { sink.append(made: Self.lineSeparator, source: source) }
            pendingSpace = false
            return
        }
        if !sink.isAtLineStart { sink.append(XHTMLTextSink.lineFeed, source: source, style: []) }
        if pendingBreak == .blankLine, !sink.endsWithBlankLine {
            sink.append(XHTMLTextSink.lineFeed, source: source, style: [])
        }
        pendingSpace = false
    }

    /// Gets ready for text from `source`: the line end asked for, the line's indent and list marker or a
    /// collapsed space, the ids waiting for it, the start of the links it begins, a ruby bracket.
    private func beginText(source: Int) {
        flushBreak(source: source)
        if sink.isAtLineStart {
            landAnchors()
            if table?.inCell != true {
                let indent = blockquoteDepth + max(0, lists.count - 1)
                if indent > 0 { sink.append(made: String(repeating: "  ", count: indent), source: source) }
                if let marker = pendingMarker {
                    sink.append(made: marker, source: source)
                    pendingMarker = nil
                }
            }
            pendingSpace = false
        } else if pendingSpace {
            sink.append(XHTMLTextSink.space, source: source, style: pendingSpaceStyle.intersection(style))
            pendingSpace = false
        }
        landAnchors()
        for index in openLinks.indices where openLinks[index].start == nil && openLinks[index].tableDepth == tableLevel
        {
            openLinks[index].start = sink.count
        }
        if rubyBracket == .waiting {
            let wide = lastCharacterIsWide
            let start = sink.count
            sink.append(made: wide ? "（" : "(", source: source)
            rubyBracket = .open(closing: wide ? "）" : ")", start: start)
        }
    }

    /// How far back a heading's line is looked for its start: a heading is a line or two. Past it an id
    /// lands as any other does, on the text after it, so that ids along a huge line (hostile, or a whole
    /// chapter marked up as a heading) cost a short walk each, not one back to the line's start.
    static let longestHeadingLine = 1024

    /// The start of the line being written when it is a heading's and holds text already, at most
    /// `longestHeadingLine` bytes back; nil otherwise.
    private func headingLineStart() -> Int? {
        // Before the heading's text, its line break is still pending and the sink ends in the line before.
        guard table == nil, pendingBreak < .line, !sink.isAtLineStart,
            open.contains(where: { element in
                if case .block(blank: true) = element.role { !element.hidden } else { false }
            })
        else { return nil }
        var start = sink.count
        let farthest = max(0, start - Self.longestHeadingLine)
        while start > 0, sink.bytes[start - 1] != XHTMLTextSink.lineFeed {
            guard start > farthest else { return nil }
            start -= 1
        }
        return start
    }

    private func landAnchors() {
        guard !pendingAnchors.isEmpty else { return }
        for id in pendingAnchors { sink.anchors.append((id, sink.count)) }
        pendingAnchors.removeAll()
    }

    /// Whether the text before a ruby reading ends with a wide (CJK) character, which takes full-width brackets.
    private var lastCharacterIsWide: Bool {
        var start = sink.count - 1
        while start > 0, sink.bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0, start < sink.count else { return false }
        let scalar = sink.bytes.withUnsafeBufferPointer { decodeScalar($0, at: start).value }
        return DisplayWidth().scalarWidth(scalar) == 2
    }

    /// An image: an empty alt text marks it decorative (HTML's rule), and it is left out; a one-character
    /// alt text (a rare character set as a picture, a "gaiji", a drop cap) is read as that character; an
    /// image inside a line of text (after text, or a glyph-sized picture) is an inline `[image: alt]`
    /// (`[image]` without an alt attribute); any other image is a placeholder line of its own.
    private func image(_ element: XHTMLElement, source: Int) {
        let given = element.attribute("alt")
        let alt = Self.collapsed(given ?? "")
        if given != nil, alt.isEmpty { return }
        if alt.count == 1 {
            writeMade(alt, source: source)
            return
        }
        let placeholder = alt.isEmpty ? "[image]" : "[image: \(alt)]"
        let inLine = pendingBreak == .none && !sink.isAtLineStart
        guard inLine || element.isGlyphImage else {
            breakLine(.line)
            writeMade(placeholder, source: source)
            breakLine(.line)
            return
        }
        writeMade(placeholder, source: source)
    }

    /// Writes text the document does not hold as such (a separator, a placeholder) as text of its own.
    private func writeMade(_ text: String, source: Int) {
        beginText(source: source)
        sink.append(made: text, source: source, style: style)
    }

    /// Writes a run of the document's text without whitespace, leaving out control characters: the bytes
    /// between them go in pieces, each as far as its segment maps it (`writeMapped`).
    private func write(_ chunk: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, map: inout SegmentCursor) {
        beginText(source: map.source(at: range.lowerBound))
        var index = range.lowerBound
        var kept = index
        while index < range.upperBound {
            let byte = chunk[index]
            let leftOut: Int
            if byte < 0x80, TextNormaliser.changes(asciiByte: byte) {
                leftOut = 1
            } else if byte == 0xC2, index + 1 < range.upperBound,
                TextNormaliser.isC1Control(following: chunk[index + 1])
            {
                leftOut = 2
            } else {
                index += 1
                continue
            }
            writeMapped(chunk, kept..<index, map: &map)
            index += leftOut
            kept = index
        }
        writeMapped(chunk, kept..<range.upperBound, map: &map)
    }

    /// Writes the chunk's bytes in `range` as they are, a piece for each segment they cross.
    private func writeMapped(_ chunk: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, map: inout SegmentCursor) {
        var start = range.lowerBound
        while start < range.upperBound {
            let (source, segmentEnd) = map.piece(at: start)
            let end = min(segmentEnd, range.upperBound)
            sink.append(run: UnsafeBufferPointer(rebasing: chunk[start..<end]), source: source, style: style)
            start = end
        }
    }

    /// Text inside `pre`: its lines kept as the lines of one paragraph (an empty line between them starts
    /// another), spaces as written (the layouter keeps a preformatted line's leading blanks,
    /// `TextStyle.preformatted`), tabs to the next multiple of eight columns.
    private func preformatted(_ chunk: UnsafeBufferPointer<UInt8>, map: inout SegmentCursor) {
        var index = 0
        while index < chunk.count {
            let byte = chunk[index]
            let source = map.source(at: index)
            switch byte {
            case 0x0D, 0x0A:
                if byte == 0x0D, index + 1 < chunk.count, chunk[index + 1] == 0x0A { index += 1 }
                if table?.inCell == true {
                    pendingSpace = true
                } else if pendingBreak >= .line {
                    flushBreak(source: source)  // HTML drops the line end right after <pre>
                } else {
                    // A line end, as `br` is one; a second in a row (an empty line) ends the paragraph.
                    pendingBreak = pendingBreak == .none ? .inParagraph : .line
                }
            case 0x09:
                beginText(source: source)
                let column = columnsSinceLineStart()
                sink.append(made: String(repeating: " ", count: 8 - column % 8), source: source, style: style)
            default:
                var end = index + 1
                while end < chunk.count, ![0x0A, 0x0D, 0x09].contains(chunk[end]) { end += 1 }
                beginText(source: source)
                for position in index..<end {
                    let next = chunk[position]
                    if next < 0x80, TextNormaliser.changes(asciiByte: next) { continue }
                    sink.append(next, source: map.source(at: position), style: style)
                }
                index = end
                continue
            }
            index += 1
        }
    }

    /// The display columns of the current line so far (for tab stops in `pre`): since the last line feed
    /// or line separator.
    private func columnsSinceLineStart() -> Int {
        let separatorEnd = Self.lineSeparator.utf8.last!
        var start = sink.count
        while start > 0 {
            let byte = sink.bytes[start - 1]
            if byte == XHTMLTextSink.lineFeed { break }
            if byte == separatorEnd, start >= 3, sink.bytes[start - 3..<start].elementsEqual(Self.lineSeparator.utf8) {
                break
            }
            start -= 1
        }
        return sink.bytes.withUnsafeBufferPointer {
            DisplayWidth().totalWidth(of: UnsafeBufferPointer(rebasing: $0[start..<sink.count]))
        }
    }

    // MARK: - Tables

    private func startTable(source: Int) {
        if table != nil {
            table?.nestedDepth += 1
            pendingSpace = true
            return
        }
        breakLine(.blankLine)
        flushBreak(source: source)
        table = TableState(outer: sink, source: source)
        sink = XHTMLTextSink()
    }

    private func startRow() {
        guard var current = table, current.nestedDepth == 0 else {
            pendingSpace = true
            return
        }
        if current.inCell {
            current.add(sink, columns: current.span.columns, rows: current.span.rows)
            current.inCell = false
        } else if sink.count > 0 {
            // Text loose in the table, outside every row: a row of its own, where it stands.
            current.startRow()
            current.add(sink)
        }
        sink = XHTMLTextSink()
        current.startRow()
        table = current
    }

    private func startCell(_ element: XHTMLElement) {
        guard var current = table, current.nestedDepth == 0 else {
            pendingSpace = true
            return
        }
        if current.inCell {
            current.add(sink, columns: current.span.columns, rows: current.span.rows)
        } else if sink.count > 0 {
            current.add(sink)  // text loose in the row before this cell: a cell of its own
        }
        if current.rows.isEmpty { current.startRow() }
        current.inCell = true
        current.span = (Self.span(element.attribute("colspan"), limit: 64), Self.span(element.attribute("rowspan")))
        table = current
        sink = XHTMLTextSink()
        pendingSpace = false
    }

    /// A `colspan` or `rowspan`: a whole number from 1 (a bad or missing one is 1), at most `limit`.
    static func span(_ value: String?, limit: Int = 1000) -> Int {
        min(max(Int(value?.trimmingXMLSpace() ?? "") ?? 1, 1), limit)
    }

    private func finishCell() {
        guard var current = table, current.nestedDepth == 0, current.inCell else {
            pendingSpace = true
            return
        }
        current.add(sink, columns: current.span.columns, rows: current.span.rows)
        current.inCell = false
        table = current
        sink = XHTMLTextSink()
        pendingSpace = false
    }

    private func finishRow() {
        guard var current = table, current.nestedDepth == 0 else {
            pendingSpace = true
            return
        }
        if current.inCell {
            finishCell()
        } else if sink.count > 0 {
            current.add(sink)  // text loose in the row after its last cell
            table = current
            sink = XHTMLTextSink()
        }
    }

    /// Lays the table's cells out as aligned columns: each column as wide as its widest cell (in display
    /// cells, so CJK counts two), two spaces between columns, one row a line.
    private func finishTable() {
        guard var current = table else { return }
        if current.nestedDepth > 0 {
            current.nestedDepth -= 1
            table = current
            pendingSpace = true
            return
        }
        if current.inCell {
            current.add(sink, columns: current.span.columns, rows: current.span.rows)
        } else if sink.count > 0 {
            current.startRow()  // text loose in the table after its last row
            current.add(sink)
        }
        table = nil
        sink = current.outer
        current.outer = XHTMLTextSink()  // the text so far has one owner again: appending to it copies nothing
        let rows = current.rows.filter { row in row.contains { $0.text.count > 0 } }
        let measure = DisplayWidth()
        let cellWidths = rows.map { row in
            row.map { cell in cell.text.bytes.withUnsafeBufferPointer { measure.totalWidth(of: $0) } }
        }
        let widths = Self.columnWidths(rows.map { $0.map(\.columns) }, cellWidths)
        pendingSpace = false
        for (row, cells) in rows.enumerated() {
            breakLine(.line)
            let lastFilled = cells.lastIndex { $0.text.count > 0 } ?? 0
            var column = 0
            for (index, cell) in cells.enumerated() where index <= lastFilled {
                if index == 0 {
                    beginText(source: cell.text.sourceOffsets.first?.sourceOffset ?? current.source)
                } else {
                    sink.append(made: "  ", source: current.source)
                }
                sink.append(cell.text)
                let spanned = widths[column..<min(column + cell.columns, widths.count)]
                if index < lastFilled {
                    let padding = spanned.reduce(2 * (spanned.count - 1), +) - cellWidths[row][index]
                    if padding > 0 { sink.append(made: String(repeating: " ", count: padding), source: current.source) }
                }
                column += cell.columns
            }
        }
        breakLine(.blankLine)
    }

    /// Each column's width: its widest cell of one column; a cell spanning several that is wider than
    /// they are with their gaps widens the last of them.
    static func columnWidths(_ spans: [[Int]], _ cellWidths: [[Int]]) -> [Int] {
        var widths: [Int] = []
        for (row, cells) in spans.enumerated() {
            var column = 0
            for (index, columns) in cells.enumerated() {
                while widths.count < column + columns { widths.append(0) }
                if columns == 1 { widths[column] = max(widths[column], cellWidths[row][index]) }
                column += columns
            }
        }
        for (row, cells) in spans.enumerated() {
            var column = 0
            for (index, columns) in cells.enumerated() {
                if columns > 1 {
                    let room = widths[column..<column + columns].reduce(2 * (columns - 1), +)
                    widths[column + columns - 1] += max(0, cellWidths[row][index] - room)
                }
                column += columns
            }
        }
        return widths
    }

    // MARK: - Text helpers

    /// What a line break inside a paragraph is written as.
    static let lineSeparator = LineSeparator.string

    /// HTML's whitespace: space, tab, line feed, form feed, carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// An attribute's text with whitespace collapsed and trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isASCII && isWhitespace($0.asciiValue!) }).joined(separator: " ")
    }

    /// Walks a chunk's segments forward, answering the document offset of each chunk byte in turn.
    struct SegmentCursor {
        let segments: [XHTMLSourceOffset]
        var current = 0

        @inline(__always)
        mutating func source(at index: Int) -> Int {
            while current + 1 < segments.count, segments[current + 1].textOffset <= index { current += 1 }
            let segment = segments[current]
            return segment.sourceOffset + (index - segment.textOffset)
        }

        /// The document offset of the chunk byte at `index` and where the segment holding it ends (the next
        /// segment's start, `Int.max` for the last): the bytes between map one for one.
        @inline(__always)
        mutating func piece(at index: Int) -> (source: Int, end: Int) {
            let offset = source(at: index)
            return (offset, current + 1 < segments.count ? segments[current + 1].textOffset : Int.max)
        }
    }
}
