import CICU

/// Breaks the paragraphs of one chapter into lines and the lines into pages.
///
/// The chapter is scanned once (see `scan`); each source line (a paragraph) is collected as
/// `StoredCluster`s without leading whitespace at the end of the chapter's cluster buffer, broken
/// greedily (see `breakParagraph`), and each line is placed on the current page or starts the next
/// one; placing a line gives its clusters their columns where they lie, dropping blanks. With
/// `materialize` false only pages are counted, for whole-book totals, and the buffer holds one
/// paragraph at a time.
struct ChapterBuilder {
    let geometry: LayoutGeometry
    let measure: DisplayWidth
    let materialize: Bool
    /// Cells for natural widths 0, 1 and 2 at the font scale.
    let narrowCells: Int
    let wideCells: Int
    let indentCells: Int
    let tabStop: Int
    let letterSpacing: Int
    let lineSpacing: Int
    let paragraphSpacing: Int
    /// The pair rules at the settings' `lineBreak` level.
    let rules: BreakRules

    private(set) var lines = LayoutLines()
    private(set) var pages: [LayoutPage] = []
    private(set) var pageCount = 0

    private var placedLines: [LayoutLines.Record] = []
    /// The chapter's placed clusters, in line order, then the paragraph being broken; all the
    /// chapter's lines share it. Used through its raw pointer: an array here would cost a uniqueness
    /// check per cluster.
    private var buffer = PlacedClusterStorage.empty
    private var placedCount = 0
    /// Clusters of the paragraph being broken, stored from `placedCount` on.
    private var paragraphCount = 0
    /// Whether the paragraph has blanks after its indentation; without them no line drops a cluster.
    private var paragraphHasBlanks = false
    /// Row just below the last line placed on the current page.
    private var nextRow = 0
    private var pageHasLines = false
    /// Blank rows owed before the next line (line and paragraph spacing).
    private var pendingGap = 0

    init(settings: LayoutSettings, geometry: LayoutGeometry, materialize: Bool) {
        let scale = PageLayouter.clampedScale(settings.fontScale)
        self.geometry = geometry
        self.materialize = materialize
        measure = DisplayWidth(ambiguous: settings.ambiguousWidth)
        narrowCells = PageLayouter.scaledWidth(1, scale: scale)
        wideCells = PageLayouter.scaledWidth(2, scale: scale)
        // The indent never leaves less than one wide character of room.
        indentCells = max(0, min(settings.indent * wideCells, geometry.textWidth - wideCells))
        tabStop = max(1, PageLayouter.scaledWidth(8, scale: scale))
        letterSpacing = max(0, settings.letterSpacing)
        lineSpacing = max(0, settings.lineSpacing)
        paragraphSpacing = max(0, settings.paragraphSpacing)
        rules = BreakRules.rules(settings.lineBreak)
    }

    /// The map and quote roles of the chapter's display text when a transform applies (nil and none:
    /// the book text is laid out as it is). Clusters then hold display offsets; lines and pages are
    /// mapped back to original offsets.
    private var positionMap: PositionMap?
    private var quoteRoles: [DisplayText.QuoteRole] = []
    /// The next of the quote roles to apply.
    private var quoteCursor = 0
    /// The chapter's runs of preformatted text (original offsets, in order; `BookMarkup.preformatted`).
    private var preformatted: [Range<Int>] = []
    /// Whether the source line being collected is preformatted: its leading blanks are kept as written
    /// (no indent) and its lines break at the width, by no rule.
    private var lineIsPreformatted = false

    /// Lays out `entry`: its heading line(s) as centred `.title` lines, then its body; as `shown`
    /// (made by `DisplayTransform.chapterText` for this entry) says: from the book text, skipping
    /// hidden lines, or from a display text. `preformatted` are the chapter's runs of preformatted text.
    mutating func build(
        _ text: BookText, _ entry: TOCEntry, shown: ChapterText = .asWritten, preformatted: [Range<Int>] = []
    ) {
        precondition(buffer.capacity == 0, "a ChapterBuilder builds one chapter")
        self.preformatted = preformatted
        let display = shown.displayText
        positionMap = display?.map
        quoteRoles = display?.quoteRoles ?? []
        // Mostly-CJK text has about one cluster per three bytes; other text grows the buffer.
        let size = display?.utf8.count ?? entry.range.count
        buffer = PlacedClusterStorage(
            capacity: materialize ? size / 3 + 64 : 1024, narrowCells: UInt8(truncatingIfNeeded: narrowCells),
            wideCells: UInt8(truncatingIfNeeded: wideCells))
        if let display {
            display.utf8.withUnsafeBufferPointer { bytes in
                if display.bodyStart > 0 {
                    scan(bytes, 0..<display.bodyStart, kind: .title)
                    if pageHasLines { pendingGap = lineSpacing + max(1, paragraphSpacing) }
                }
                scan(bytes, display.bodyStart..<bytes.count, kind: .text)
            }
        } else {
            let hidden = shown.hiddenLines
            text.utf8.withUnsafeBufferPointer { bytes in
                if entry.bodyStart > entry.range.lowerBound {
                    scan(
                        bytes, entry.range.lowerBound..<min(entry.bodyStart, entry.range.upperBound), skipping: hidden,
                        kind: .title)
                    if pageHasLines { pendingGap = lineSpacing + max(1, paragraphSpacing) }
                }
                scan(
                    bytes, max(entry.bodyStart, entry.range.lowerBound)..<entry.range.upperBound, skipping: hidden,
                    kind: .text)
            }
        }
        if materialize {
            if pages.isEmpty {
                pages.append(LayoutPage(lines: 0..<0, firstOffset: entry.range.lowerBound))
            } else {
                pages[pages.count - 1].lines = pages[pages.count - 1].lines.lowerBound..<placedLines.count
                pages[0].firstOffset = entry.range.lowerBound
            }
            lines = LayoutLines(placedLines, clusters: buffer, display: display)
        }
        pageCount = max(pageCount, 1)
    }

    /// Gives the paragraph's straight quotes the break class of the role `DisplayTransform` found for
    /// them: an opening quote never ends a line, a closing one never starts one, whatever glyph shows them.
    private mutating func applyQuoteRoles(_ paragraph: UnsafeMutablePointer<StoredCluster>, count: Int) {
        guard quoteCursor < quoteRoles.count, count > 0 else { return }
        // Roles before the paragraph (in a hidden or blank stretch) are passed over; roles after its
        // last cluster wait for the next paragraph, so that a paragraph without quotes costs nothing.
        let first = paragraph[0].start
        let last = paragraph[count - 1].start
        while quoteCursor < quoteRoles.count && quoteRoles[quoteCursor].offset < first { quoteCursor += 1 }
        var index = 0
        while quoteCursor < quoteRoles.count && quoteRoles[quoteCursor].offset <= last {
            let role = quoteRoles[quoteCursor]
            // Clusters are in order and the last one starts at or after the role: this stops.
            while paragraph[index].start < role.offset { index += 1 }
            if paragraph[index].start == role.offset {
                paragraph[index].kind = role.opens ? .openingQuote : .closingQuote
            }
            quoteCursor += 1
        }
    }

    /// Scans `range` without the whole source lines `hidden` (in order): the pieces between them end
    /// with a line end, so each is scanned as text of its own and nothing joins across a hidden line,
    /// as in a display text without them.
    private mutating func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, skipping hidden: [Range<Int>], kind: LayoutLine.Kind
    ) {
        var start = range.lowerBound
        for line in hidden where line.upperBound > start && line.lowerBound < range.upperBound {
            if line.lowerBound > start { scan(bytes, start..<line.lowerBound, kind: kind) }
            start = line.upperBound
        }
        if start < range.upperBound { scan(bytes, start..<range.upperBound, kind: kind) }
    }

    /// Collects the clusters of each source line in `range` and breaks them into lines.
    ///
    /// The same cluster boundaries and widths as `DisplayWidth.forEachCluster` (the property tests
    /// compare them), scanned inline: `PlainScalarTable` settles the common characters with one load;
    /// for the rest the width engine's table gives each scalar's width and whether it may join the
    /// next one, and ICU is asked only where it may.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, kind: LayoutLine.Kind) {
        guard !range.isEmpty, let base = bytes.baseAddress else { return }
        let table = ScalarTable.shared
        let lower = range.lowerBound
        let count = range.upperBound
        // Widths of the four kinds packed into one word: zero, one, two, ambiguous.
        let widths = UInt32(0x0002_0100) | UInt32(measure.ambiguous.rawValue) << 24
        // Scaled cells for natural widths 0, 1 and 2 packed the same way, and for the plain table's
        // width codes 1, 2 and 3 (ambiguous).
        let cells = UInt32(narrowCells) << 8 | UInt32(wideCells) << 16
        let ambiguousCells = measure.ambiguous == .wide ? wideCells : narrowCells
        let plainCells = UInt32(narrowCells) << 8 | UInt32(wideCells) << 16 | UInt32(ambiguousCells) << 24
        let plainTable = PlainScalarTable.shared.entries
        var iterator: OpaquePointer? = nil
        defer { if let iterator { nicu_break_close(iterator) } }

        var lineStart = lower
        var start = lower
        lineIsPreformatted = kind == .text && isPreformatted(lower)
        // The paragraph in locals, so that stores through it need not reload `self`.
        var paragraph = buffer.elements + placedCount
        var room = buffer.capacity - placedCount
        var used = paragraphCount
        var hasBlanks = false
        var (scalar, next) = decodeScalar(base, at: start, count: count)
        var entry = scalar < 0x10000 ? plainTable[Int(scalar)] : 0
        while true {
            // The common case: two plain scalars in a row, so the first is a cluster of its own. In a
            // loop of its own, away from the rare cases, so that its state stays in registers; it
            // stops four bytes before the end, so that it can decode without bounds checks.
            while next <= count - 4 {
                let (following, afterFollowing) = decodeScalar(base, at: next)
                let followingEntry = following < 0x10000 ? plainTable[Int(following)] : 0
                if entry & followingEntry & 0x80 == 0 { break }
                append(
                    StoredCluster(
                        start: start, length: UInt32(truncatingIfNeeded: next - start),
                        width: UInt8(truncatingIfNeeded: plainCells >> (UInt32(entry & 3) << 3)),
                        kind: PlainScalarTable.breakClass(entry)),
                    to: &paragraph, used: &used, room: &room, hasBlanks: &hasBlanks)
                start = next
                next = afterFollowing
                entry = followingEntry
            }
            // Anything else: the width engine's table, and ICU where two scalars may join. (At the range's
            // end `entry` is not looked at again.)
            let cluster = unsettledCluster(
                bytes, base, at: start, in: range, table: table, widths: widths, next: next, iterator: &iterator)
            let (first, end, width) = (cluster.first, cluster.end, cluster.width)
            (scalar, next) = (cluster.scalar, cluster.next)
            entry = scalar < 0x10000 ? plainTable[Int(scalar)] : 0

            if first == 0x0A || first == DisplayText.lineSeparator.value {
                paragraphCount = used
                paragraphHasBlanks = hasBlanks
                breakParagraph(kind: kind, sourceLineStart: lineStart, endsParagraph: first == 0x0A)
                hasBlanks = false
                paragraph = buffer.elements + placedCount
                room = buffer.capacity - placedCount
                used = 0
                lineStart = end
                lineIsPreformatted = kind == .text && isPreformatted(end)
            } else {
                append(
                    StoredCluster(
                        start: start, length: UInt32(truncatingIfNeeded: end - start),
                        width: first == 0x09
                            ? StoredCluster.tabWidth : UInt8(truncatingIfNeeded: cells >> (UInt32(width) << 3)),
                        kind: BreakClass.of(first)),
                    to: &paragraph, used: &used, room: &room, hasBlanks: &hasBlanks)
            }
            if end >= count { break }
            start = end
        }
        paragraphCount = used
        paragraphHasBlanks = hasBlanks
        breakParagraph(kind: kind, sourceLineStart: lineStart)
    }

    /// The cluster at `start` that the plain table could not settle: its first scalar, its end and its
    /// natural width (packed in `widths` as the scan packs them), from the width engine's table, and from
    /// ICU's character breaks where two scalars may join (`iterator`, the scan's, opened over `range` at
    /// the first need). `next` is where the scalar after `start` begins. With the cluster come back the
    /// scalar after it and where the one after that begins (`first` and `next` as given past the range's
    /// end).
    ///
    /// A call, not inlined: about one cluster in a hundred comes here, and the scan's loop is shorter
    /// without this path in it. So the scan's scalar and position go in and come back as values: a local
    /// passed `inout` to a call lives in memory for the whole loop, a store and a load on every cluster
    /// (3% more instructions in the scan and about 5% more time on the layout rows, docs/benchmarks.md).
    @inline(never)
    private func unsettledCluster(
        _ bytes: UnsafeBufferPointer<UInt8>, _ base: UnsafePointer<UInt8>, at start: Int, in range: Range<Int>,
        table: ScalarTable, widths: UInt32, next: Int, iterator: inout OpaquePointer?
    ) -> (first: UInt32, end: Int, width: Int, scalar: UInt32, next: Int) {
        let (lower, count) = (range.lowerBound, range.upperBound)
        let first = decodeScalar(base, at: start, count: count).value
        guard next < count else {
            return (first, count, Int(widths >> (UInt32(table.entry(first) & 3) << 3) & 0xFF), first, next)
        }
        let (following, afterFollowing) = decodeScalar(base, at: next, count: count)
        let firstEntry = table.entry(first)
        let followingEntry = table.entry(following)
        if table.mayJoin[Int(firstEntry >> 2 & 0x1F) << 5 | Int(followingEntry >> 2 & 0x1F)] == 0 {
            return (first, next, Int(widths >> (UInt32(firstEntry & 3) << 3) & 0xFF), following, afterFollowing)
        }
        if iterator == nil {
            var error: Int32 = 0
            iterator = nicu_break_open_utf8(
                Int32(NICU_BREAK_CHARACTER), nil, base + lower, Int64(count - lower), &error)
            precondition(iterator != nil, "ICU character break iterator: \(String(cString: nicu_error_name(error)))")
        }
        var end = lower + Int(nicu_break_following(iterator, Int32(start - lower)))
        if end <= start || end > count { end = count }
        let width = measure.clusterWidth(bytes, start..<end)
        guard end < count else { return (first, end, width, first, next) }
        let (after, afterAfter) = decodeScalar(base, at: end, count: count)
        return (first, end, width, after, afterAfter)
    }

    /// Whether the source line starting at `shownOffset` (an offset of what the scan reads) is in a run of
    /// preformatted text.
    private func isPreformatted(_ shownOffset: Int) -> Bool {
        guard !preformatted.isEmpty else { return false }
        let offset = positionMap?.originalStart(shownOffset) ?? shownOffset
        return SortedRanges.firstOverlapping(offset..<offset + 1, in: preformatted, range: { $0 }) != nil
    }

    /// Appends a cluster to the paragraph the scan keeps in its locals, unless it is leading whitespace
    /// (indentation, which the indent setting replaces; a preformatted line keeps it). Inlined into both
    /// of the scan's loops, so that the fast loop keeps its state in registers.
    @inline(__always)
    private mutating func append(
        _ cluster: StoredCluster, to paragraph: inout UnsafeMutablePointer<StoredCluster>, used: inout Int,
        room: inout Int, hasBlanks: inout Bool
    ) {
        guard cluster.kind != .space || used > 0 || lineIsPreformatted else { return }
        hasBlanks = hasBlanks || cluster.kind == .space
        makeRoom(used: used, &paragraph, &room)
        paragraph[used] = cluster
        used += 1
    }

    /// Grows the buffer when the paragraph being collected (`used` clusters at `paragraph`, `room` free
    /// slots) is full, and points the two locals at the new one.
    @inline(__always)
    private mutating func makeRoom(used: Int, _ paragraph: inout UnsafeMutablePointer<StoredCluster>, _ room: inout Int)
    {
        guard used == room else { return }
        paragraphCount = used
        growBuffer()
        paragraph = buffer.elements + placedCount
        room = buffer.capacity - placedCount
    }

    /// Doubles the buffer, keeping the placed clusters and the paragraph. Lines refer to the buffer
    /// only once the chapter is built, so none can hold the old one.
    private mutating func growBuffer() {
        let larger = PlacedClusterStorage(
            capacity: buffer.capacity * 2, narrowCells: buffer.narrowCells, wideCells: buffer.wideCells)
        larger.elements.moveInitialize(from: buffer.elements, count: placedCount + paragraphCount)
        buffer = larger
    }

    /// The original offset where shown bytes ending at `end` end.
    @inline(__always)
    private func originalEnd(_ end: Int) -> Int {
        positionMap?.originalEnd(end) ?? end
    }

    @inline(__always)
    private func advance(_ cluster: StoredCluster, at column: Int) -> Int {
        cluster.width == StoredCluster.tabWidth ? tabStop - column % tabStop : Int(cluster.width)
    }

    /// Whether a line may end before cluster `index` (after `lineStart`): by the pair rules, or by
    /// kinsoku alone. After a run of spaces the pair is the cluster before the spaces and the one after.
    @inline(__always)
    private func canBreak(
        _ clusters: UnsafeBufferPointer<StoredCluster>, before index: Int, lineStart: Int, kinsokuOnly: Bool
    ) -> Bool {
        let after = clusters[index].kind
        let before = clusters[index - 1].kind
        if after == .space { return false }
        if before == .space {
            var previous = index - 2
            while previous >= lineStart && clusters[previous].kind == .space { previous -= 1 }
            if previous < lineStart { return false }
            return rules.allowsAfterSpaces(clusters[previous].kind, after)
        }
        if kinsokuOnly { return rules.kinsokuAllows(before, after) }
        if before == .hyphen,
            BreakRules.holdsWordInitialHyphen(index >= 2 ? clusters[index - 2].kind : nil, before, after)
        {
            return false
        }
        return rules.allows(before, after)
    }

    /// Breaks the collected paragraph into lines: as many clusters as fit, then back to the last
    /// allowed break (after spaces, between CJK characters, never against kinsoku or inside a word);
    /// a word longer than the line breaks where kinsoku allows. Only a run of prohibited characters
    /// that cannot be placed otherwise breaks the rules, and then the line that starts against them
    /// holds nothing but that run.
    ///
    /// With `endsParagraph` false the text goes on after a line separator (a verse line kept in its
    /// stanza): the next line follows without the paragraph spacing.
    ///
    /// A preformatted line (`lineIsPreformatted`: its leading blanks kept, so never indented) breaks where
    /// the width ends, by none of these rules: code and drawings in text keep their columns.
    private mutating func breakParagraph(kind: LayoutLine.Kind, sourceLineStart: Int, endsParagraph: Bool = true) {
        let count = paragraphCount
        let verbatim = lineIsPreformatted
        // A blank line (paragraphs are separated by spacing anyway), or a preformatted one of blanks only.
        guard count > 0,
            !verbatim
                || UnsafeBufferPointer(start: buffer.elements + placedCount, count: count)
                    .contains(where: { $0.kind != .space })
        else {
            paragraphCount = 0
            return
        }
        let textWidth = geometry.textWidth
        // Placing lines rewrites the clusters before the next line's start, never after it.
        let paragraph = buffer.elements + placedCount
        if quoteCursor < quoteRoles.count { applyQuoteRoles(paragraph, count: count) }
        let clusters = UnsafeBufferPointer(start: paragraph, count: count)
        do {
            let indented = kind == .text && clusters[0].start > sourceLineStart
            var lineStart = 0
            while lineStart < count {
                let startColumn = lineStart == 0 && indented ? indentCells : 0
                var column = startColumn
                var end = lineStart
                while end < count {
                    let width = advance(clusters[end], at: column)
                    // Measuring gives each cluster its column on this line; placing the line keeps it.
                    paragraph[end].column = UInt16(truncatingIfNeeded: column)
                    if column + width > textWidth { break }
                    column += width + letterSpacing
                    end += 1
                }
                if end == lineStart { end += 1 }  // cannot happen: the geometry fits a wide glyph after the indent
                while end < count && clusters[end].kind == .space { end += 1 }  // spaces hang past the edge
                var lineEnd = end
                if end < count && !verbatim {
                    while lineEnd > lineStart
                        && !canBreak(clusters, before: lineEnd, lineStart: lineStart, kinsokuOnly: false)
                    {
                        lineEnd -= 1
                    }
                    if lineEnd == lineStart {
                        lineEnd = end
                        while lineEnd > lineStart
                            && !canBreak(clusters, before: lineEnd, lineStart: lineStart, kinsokuOnly: true)
                        {
                            lineEnd -= 1
                        }
                        if lineEnd == lineStart { lineEnd = end }
                    }
                }
                // A line that had to start against kinsoku holds only the prohibited run it starts.
                if !verbatim && lineStart > 0
                    && rules.startsAgainstKinsoku(clusters[lineStart - 1].kind, clusters[lineStart].kind)
                {
                    var runEnd = lineStart + 1
                    while runEnd < lineEnd && rules.isProhibited(clusters[runEnd].kind) { runEnd += 1 }
                    if runEnd < lineEnd {
                        lineEnd = runEnd
                        while lineEnd < count && clusters[lineEnd].kind == .space { lineEnd += 1 }
                    }
                }
                emitLine(
                    clusters, lineStart..<lineEnd, startColumn: startColumn, kind: kind,
                    firstByte: lineStart == 0 ? sourceLineStart : clusters[lineStart].start)
                lineStart = lineEnd
            }
        }
        paragraphCount = 0
        // A heading's lines (a number, then its title) are one block: the spacing comes after it.
        if endsParagraph && kind == .text { pendingGap += paragraphSpacing }
    }

    /// Places clusters `range` (trailing spaces dropped) as one line on the current or a new page.
    private mutating func emitLine(
        _ clusters: UnsafeBufferPointer<StoredCluster>, _ range: Range<Int>, startColumn: Int,
        kind: LayoutLine.Kind, firstByte shownFirstByte: Int
    ) {
        // Lines and pages hold original offsets; a display text's offsets are mapped back.
        let firstByte = positionMap?.originalStart(shownFirstByte) ?? shownFirstByte
        var last = range.upperBound
        while last > range.lowerBound + 1 && clusters[last - 1].kind == .space { last -= 1 }
        var row = pageHasLines ? nextRow + pendingGap : 0
        if pageHasLines && row + geometry.rowsPerGlyph > geometry.textHeight {
            row = 0
            pageHasLines = false
        }
        if !pageHasLines {
            pageCount += 1
            if materialize {
                if !pages.isEmpty {
                    pages[pages.count - 1].lines = pages[pages.count - 1].lines.lowerBound..<placedLines.count
                }
                pages.append(LayoutPage(lines: placedLines.count..<placedLines.count, firstOffset: firstByte))
            }
        }
        pageHasLines = true
        nextRow = row + geometry.rowsPerGlyph
        pendingGap = lineSpacing
        guard materialize else { return }

        let lastCluster = clusters[last - 1]
        // The placed clusters go where the line's clusters lie or before: blanks are dropped.
        let first = placedCount
        let stored = buffer.elements
        var output = first
        if !paragraphHasBlanks {
            // Nothing to drop in the paragraph: the clusters stay where they lie, with the columns
            // `breakParagraph` gave them.
            output += last - range.lowerBound
        } else {
            var column = startColumn
            for index in range.lowerBound..<last {
                let cluster = clusters[index]
                let width = advance(cluster, at: column)
                if cluster.kind != .space {  // (only blanks have a width that depends on the column)
                    stored[output] = cluster
                    stored[output].column = UInt16(truncatingIfNeeded: column)
                    output += 1
                }
                column += width + letterSpacing
            }
        }
        if kind == .title, output > first {
            let final = stored[output - 1]
            let shift = max(0, (geometry.textWidth - Int(final.column) - Int(final.width)) / 2)
            for index in first..<output { stored[index].column += UInt16(truncatingIfNeeded: shift) }
        }
        placedCount = output
        placedLines.append(
            LayoutLines.Record(
                kind: kind, bytes: firstByte..<max(firstByte, originalEnd(lastCluster.start + Int(lastCluster.length))),
                clusters: first..<output, row: row))
    }

}
