/// The chapter index an EPUB's own navigation makes: one entry per navigation point, in the order of the
/// text, partitioning it as every `ChapterIndex` does.
enum EpubChapterIndex {
    /// Nil when no point lands in the text, so that the caller falls back to the chapter splitter.
    ///
    /// Points are ordered by where they land (a navigation listed out of reading order cannot partition the
    /// text otherwise); points that land on the same offset keep their navigation order and all but the last
    /// are empty, as a part and its first chapter that open on the same heading are. A point with entries
    /// nested under it is a volume, the rest are chapters; `depth` keeps the navigation's nesting.
    /// A navigation listed out of reading order is listed in its own order still (`navigationOrder`).
    /// The table of contents is the navigation's, entry for entry: text before the first point (a cover,
    /// a title page the navigation does not list) belongs to the first entry, shown as text of its own
    /// (the entry's body starts at the text's start, so nothing of it is taken for a heading or hidden).
    static func make(points: [EpubTOCPoint], text: BookText, ruleName: String) -> ChapterIndex? {
        let length = text.utf8.count
        // Each point that lands, with its place in the navigation, in the order of the text.
        let landed = points.enumerated()
            .map { (listedAt: $0.offset, point: $0.element) }
            .filter { (0...length).contains($0.point.offset) }
            .sorted { ($0.point.offset, $0.listedAt) < ($1.point.offset, $1.listedAt) }
        let placed = landed.map(\.point)
        guard !placed.isEmpty else { return nil }
        let listed = landed.indices.sorted { landed[$0].listedAt < landed[$1].listedAt }
        var index = text.utf8.withUnsafeBufferPointer { bytes in
            var entries: [TOCEntry] = []
            entries.reserveCapacity(placed.count)
            let hasFrontText = placed[0].offset > 0 && Blanks.hasText(bytes, 0..<placed[0].offset)
            // The volume entry open at each depth, for the chapters nested under it.
            var volumesByDepth: [Int: Int] = [:]
            for (position, point) in placed.enumerated() {
                let start = entries.isEmpty ? 0 : point.offset
                let end = position + 1 < placed.count ? placed[position + 1].offset : length
                let hasNested = position + 1 < placed.count && placed[position + 1].depth > point.depth
                volumesByDepth = volumesByDepth.filter { $0.key < point.depth }
                let volume = volumesByDepth.max { $0.key < $1.key }?.value
                let holdsFront = entries.isEmpty && hasFrontText
                var entry = TOCEntry(
                    level: hasNested ? .volume : .chapter, title: point.title,
                    number: number(inTitle: point.title), range: start..<end,
                    bodyStart: holdsFront ? start : bodyStart(bytes, at: point.offset, end: end, title: point.title),
                    volumeIndex: volume, kind: hasNested ? .volume : .chapter,
                    headingStart: holdsFront ? start : point.offset)
                entry.depth = point.depth
                entries.append(entry)
                if hasNested { volumesByDepth[point.depth] = entries.count - 1 }
            }
            return ChapterIndex(entries: entries, ruleName: ruleName)
        }
        if listed != Array(listed.indices) { index.navigationOrder = listed }
        return index
    }

    /// The chapter number a label names (第十二回, Chapter XII), read by the splitter's own heading rules, so
    /// that `:12` in the reader finds the same chapter in an EPUB as in a .txt.
    static func number(inTitle title: String) -> Int? {
        heading(inTitle: title)?.number
    }

    /// The heading a label or a line is by the splitter's heading rules, if any.
    static func heading(inTitle title: String) -> HeadingCandidate? {
        let scalars = Array(title.unicodeScalars)
        return HeadingMatcher.match(scalars, width: ChapterSplitter.cells(scalars))
    }

    /// Where the text after the entry's heading starts: past the first line when that line is the heading
    /// the navigation's label names (`NavigationLabel`: the line, or its first part, and the label hold one
    /// another across blanks, widths and scripts; or both name the same chapter number), else where the
    /// entry starts.
    static func bodyStart(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, end: Int, title: String) -> Int {
        var lineStart = offset
        while lineStart < end {
            let lineEnd = LineBounds.end(bytes, from: lineStart, limit: end)
            let (start, stop) = Blanks.trimmed(bytes, lineStart, lineEnd)
            if start == stop {
                lineStart = lineEnd + 1
                continue
            }
            // A heading broken by `br` is one line whose parts a line separator joins: the label may name
            // it whole or only its first part (第一回 of 第一回 + its title).
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
            let parts = text.split(separator: Character(LineSeparator.scalar))
            let line = parts.joined(separator: " ")
            let first = parts.first.map(String.init) ?? line
            let isHeading = [line, first].contains { NavigationLabel.names($0, label: title) }
            return isHeading ? min(lineEnd + 1, end) : offset
        }
        return offset
    }
}
