/// Lays out one TOC entry: its heading as title lines, then each source line as a paragraph, stacking
/// lines into rows and pages. In counting mode it keeps only the number of pages, so whole-book
/// pagination stores nothing per cluster.
struct ChapterBuilder {
    let geometry: LayoutGeometry
    let metrics: LineMetrics
    let width: DisplayWidth
    let lineSpacing: Int
    let paragraphSpacing: Int
    let materialise: Bool

    private(set) var lines: [LayoutLine] = []
    private(set) var pages: [LayoutPage] = []
    private(set) var pageCount = 0
    private var lineCount = 0
    /// Row just below the last line of the current page; nil before the first line of a page.
    private var bottom: Int?
    private var pageFirstLine = 0
    private var pageFirstOffset = 0
    private let clusters = ClusterBuffer()

    init(geometry: LayoutGeometry, settings: LayoutSettings, materialise: Bool) {
        self.geometry = geometry
        metrics = LineMetrics(
            textWidth: geometry.textWidth, fontScale: settings.fontScale, letterSpacing: settings.letterSpacing,
            indent: settings.indent)
        width = DisplayWidth(ambiguous: settings.ambiguousWidth)
        lineSpacing = max(0, settings.lineSpacing)
        paragraphSpacing = max(0, settings.paragraphSpacing)
        self.materialise = materialise
    }

    /// Lays out `entry` of `bytes` (the whole book text).
    mutating func build(_ bytes: UnsafeBufferPointer<UInt8>, _ entry: TOCEntry) {
        let range = entry.range.clamped(to: 0..<bytes.count)
        var lineStart = range.lowerBound
        var gap = 0
        if let heading = Self.headingLine(bytes, entry, range) {
            if addParagraph(bytes, heading, owner: range.lowerBound, kind: .title, gap: 0) {
                gap = lineSpacing + max(1, paragraphSpacing)
            }
            lineStart = min(entry.bodyStart, range.upperBound)
        }
        while lineStart < range.upperBound {
            let lineEnd = Self.lineEnd(bytes, from: lineStart, limit: range.upperBound)
            // The first line of the chapter owns any blank bytes before it.
            let owner = lineCount == 0 ? range.lowerBound : lineStart
            if addParagraph(bytes, lineStart..<lineEnd, owner: owner, kind: .text, gap: lineCount == 0 ? 0 : gap) {
                gap = lineSpacing + paragraphSpacing
            }
            lineStart = lineEnd + 1
        }
        finish(range)
    }

    /// Breaks one source line (a paragraph, or the heading) into lines and stacks them; its leading
    /// spaces are dropped (the indent replaces them). Returns false for a blank line, which adds nothing.
    /// `owner` is the first byte of its first line.
    private mutating func addParagraph(
        _ bytes: UnsafeBufferPointer<UInt8>, _ source: Range<Int>, owner: Int, kind: LayoutLine.Kind, gap: Int
    ) -> Bool {
        if source.isEmpty { return false }
        clusters.measure(bytes, source, width: width)
        var firstContent = 0
        while firstContent < clusters.count && clusters.base[firstContent].breakClass == .space { firstContent += 1 }
        if firstContent == clusters.count { return false }
        let breaker = LineBreaker(metrics: metrics)
        let buffer = clusters.base + firstContent
        let base = source.lowerBound
        var first = true
        breaker.breakLines(buffer, count: clusters.count - firstContent, indent: kind == .title ? 0 : metrics.indentCells) {
            lineFirst, lineEnd, startColumn in
            let lower = first ? owner : base + Int(buffer[lineFirst].start)
            let lineGap = first ? gap : lineSpacing
            first = false
            guard materialise else {
                stack(gap: lineGap, lower: lower)
                return
            }
            var placed: [PlacedCluster] = []
            placed.reserveCapacity(lineEnd - lineFirst)
            breaker.place(buffer, lineFirst..<lineEnd, startColumn: startColumn) { index, column, cells in
                let cluster = buffer[index]
                placed.append(
                    PlacedCluster(
                        bytes: (base + Int(cluster.start))..<(base + Int(cluster.end)), column: column, width: cells))
            }
            if kind == .title, let last = placed.last {
                // Titles are centred in the text block.
                let shift = max(0, (geometry.textWidth - (last.column + last.width)) / 2)
                for position in placed.indices { placed[position].column += shift }
            }
            let row = stack(gap: lineGap, lower: lower)
            lines.append(LayoutLine(kind: kind, bytes: lower..<lower, clusters: placed, row: row))
        }
        return true
    }

    /// Places a line of the current page `gap` rows below the previous one, or at the top of a new page
    /// when it would not fit; returns its row. `lower` is its first byte.
    @discardableResult
    private mutating func stack(gap: Int, lower: Int) -> Int {
        if materialise, let previous = lines.indices.last { lines[previous].bytes = lines[previous].bytes.lowerBound..<lower }
        var row = 0
        if let bottom, bottom + gap + geometry.rowsPerGlyph <= geometry.textHeight {
            row = bottom + gap
        } else {
            closePage()
            pageFirstLine = lineCount
            pageFirstOffset = lower
        }
        bottom = row + geometry.rowsPerGlyph
        lineCount += 1
        return row
    }

    private mutating func closePage() {
        guard bottom != nil else { return }
        pageCount += 1
        if materialise { pages.append(LayoutPage(lines: pageFirstLine..<lineCount, firstOffset: pageFirstOffset)) }
    }

    private mutating func finish(_ range: Range<Int>) {
        if materialise, let last = lines.indices.last { lines[last].bytes = lines[last].bytes.lowerBound..<range.upperBound }
        if bottom == nil {
            // A chapter with nothing to show still has one (empty) page, so every entry can be located.
            pageCount = 1
            if materialise { pages = [LayoutPage(lines: 0..<0, firstOffset: range.lowerBound)] }
            return
        }
        closePage()
    }

    // MARK: Bytes

    /// The heading line of an entry that has one: the line that ends just before `bodyStart`.
    static func headingLine(_ bytes: UnsafeBufferPointer<UInt8>, _ entry: TOCEntry, _ range: Range<Int>) -> Range<Int>? {
        let bodyStart = min(entry.bodyStart, range.upperBound)
        guard bodyStart > range.lowerBound else { return nil }
        var end = bodyStart
        if bytes[end - 1] == 0x0A { end -= 1 }
        var start = end
        while start > range.lowerBound && bytes[start - 1] != 0x0A { start -= 1 }
        return start..<end
    }

    /// The end of the source line starting at `start`: the offset of its LF, or `limit`.
    @inline(__always)
    static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit && bytes[index] != 0x0A { index += 1 }
        return index
    }
}
