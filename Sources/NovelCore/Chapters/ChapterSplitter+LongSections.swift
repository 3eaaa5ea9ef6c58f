/// Long sections cut into parts of about `sectionPartCharacters`, at paragraph ends where there are any.
extension ChapterSplitter {
    /// Splits every section longer than `longSectionCharacters` into parts at paragraph boundaries,
    /// titled `标题 (2)`, `标题 (3)` … The entries are rebuilt only when one is split.
    func splitLongSections(_ entries: inout [TOCEntry], _ bytes: UnsafeBufferPointer<UInt8>) {
        // A section of fewer bytes than the limit cannot hold more characters: no need to count.
        let isLong = { (entry: TOCEntry) in
            entry.level != .volume && entry.range.count > Self.longSectionCharacters
                && scalarCount(bytes, entry.range) > Self.longSectionCharacters
        }
        guard let firstLong = entries.firstIndex(where: isLong) else { return }
        var result = Array(entries[..<firstLong])
        var volumeRemap: [Int: Int] = [:]
        for index in result.indices where result[index].level == .volume { volumeRemap[index] = index }
        for index in firstLong..<entries.count {
            var entry = entries[index]
            if let volume = entry.volumeIndex { entry.volumeIndex = volumeRemap[volume] }
            if entry.level == .volume {
                volumeRemap[index] = result.count
                result.append(entry)
                continue
            }
            guard isLong(entry) else {
                result.append(entry)
                continue
            }
            let cuts = Self.partBoundaries(bytes, entry.range)
            for (part, range) in cuts.enumerated() {
                var piece = entry
                piece.range = range
                if part > 0 {
                    piece.title = "\(entry.title) (\(part + 1))"
                    piece.bodyStart = range.lowerBound
                    piece.headingStart = range.lowerBound
                    piece.kind = .section
                    piece.number = nil
                }
                result.append(piece)
            }
        }
        entries = result
    }

    /// Ranges of about `sectionPartCharacters` each, cut after a line feed when there is one near the
    /// target, otherwise at a character boundary (a 2 MB line has no paragraph boundary).
    ///
    /// The range is counted once and each part's characters are taken off what remains, so a book without
    /// headings (one section of hundreds of megabytes) is cut in one walk forward, not one recount per part.
    static func partBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var remaining = scalarCount(bytes, range)
        while remaining > longSectionCharacters {
            let (index, characters) = charactersForward(
                bytes, from: start, count: sectionPartCharacters, limit: range.upperBound)
            // Prefer the next blank line within another part's length (in a hard-wrapped book a line
            // end is not a paragraph's end), then the next line end.
            let limit = min(range.upperBound, index + sectionPartCharacters * 3)
            let blankLine = nextBlankLine(bytes, from: index, limit: limit)
            let cut = blankLine ?? LineBounds.nextStart(bytes, after: index, limit: limit) ?? index
            parts.append(start..<cut)
            remaining -= characters + scalarCount(bytes, index..<cut)
            start = cut
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// Where `count` characters from `start` end (before `limit`), past the continuation bytes of the last
    /// one, and how many characters that is (fewer when `limit` comes first). Whole blocks of words while
    /// a block cannot pass the count, then single words, then byte by byte.
    private static func charactersForward(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, limit: Int
    ) -> (end: Int, characters: Int) {
        guard let base = bytes.baseAddress else { return (start, 0) }
        var index = start
        var characters = 0
        for words in [maximumWordsPerContinuationCount, 1] {
            while index + words * 8 <= limit, characters + words * 8 <= count {
                characters += words * 8 - continuationBytes(base, from: index, words: words)
                index += words * 8
            }
        }
        while index < limit, characters < count {
            if bytes[index] & 0xC0 != 0x80 { characters += 1 }
            index += 1
        }
        while index < limit, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return (index, characters)
    }

    /// The start of the first line after an empty line (nothing but spaces and TABs) that starts after
    /// `start` (before `limit`), or nil. A line of ideographic spaces is not taken for one: the parts of
    /// the long sections of books already split keep their bounds (and their cached indexes stay right).
    private static func nextBlankLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var lineStart = LineBounds.nextStart(bytes, after: start, limit: limit)
        while let current = lineStart {
            var probe = current
            while probe < limit, Blanks.isSpaceOrTab(bytes[probe]) { probe += 1 }
            if probe < limit, bytes[probe] == 0x0A { return probe + 1 }
            lineStart = LineBounds.nextStart(bytes, after: current, limit: limit)
        }
        return nil
    }
}
