/// The TOC entries the kept headings make: volumes, chapters, the front matter before the first heading,
/// and one made-up section for a book without headings.
extension ChapterSplitter {
    func buildEntries(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> [TOCEntry] {
        let count = bytes.count
        let isChinese = Self.isMostlyCJK(bytes)
        guard let firstHeading = found.first else {
            return [
                TOCEntry(
                    level: .chapter, title: isChinese ? "正文" : "Text", number: nil, range: 0..<count, bodyStart: 0,
                    volumeIndex: nil, kind: .section)
            ]
        }
        var entries: [TOCEntry] = []
        entries.reserveCapacity(found.count + 2)
        if Blanks.hasText(bytes, 0..<firstHeading.entryStart) {
            let title = Self.frontTitle(bytes, 0..<firstHeading.entryStart) ?? (isChinese ? "开篇" : "Opening")
            entries.append(
                TOCEntry(
                    level: .chapter, title: title, number: nil, range: 0..<firstHeading.entryStart, bodyStart: 0,
                    volumeIndex: nil, kind: .front))
        }
        let firstStart = entries.isEmpty ? 0 : firstHeading.entryStart
        var currentVolume: Int?
        var currentVolumeLabel: String?
        for (position, heading) in found.enumerated() {
            let start = position == 0 ? firstStart : heading.entryStart
            let end = position + 1 < found.count ? found[position + 1].entryStart : count
            // The entry's own heading, after its running head.
            let headingStart = heading.runningHeadStart == nil ? start : heading.lineStart
            let candidate = heading.candidate
            switch candidate.kind {
            case .volume:
                entries.append(
                    TOCEntry(
                        level: .volume, title: heading.title(bytes), number: candidate.number, range: start..<end,
                        bodyStart: heading.bodyStart, volumeIndex: nil, kind: .volume, headingStart: headingStart))
                currentVolume = entries.count - 1
                currentVolumeLabel = nil
            case .chapter, .special:
                var chapterStart = start
                if let label = candidate.volumeLabel, label != currentVolumeLabel {
                    // The volume is named on the chapter's line: an empty volume entry opens the group.
                    entries.append(
                        TOCEntry(
                            level: .volume, title: label, number: nil, range: start..<start, bodyStart: start,
                            volumeIndex: nil, kind: .volume))
                    currentVolume = entries.count - 1
                    currentVolumeLabel = label
                    chapterStart = start
                }
                // 番外 and 后记 after the last volume stand on their own unless a volume label says otherwise.
                let volume = candidate.kind == .special && candidate.volumeLabel == nil ? nil : currentVolume
                entries.append(
                    TOCEntry(
                        level: .chapter, title: heading.title(bytes), number: candidate.number,
                        range: chapterStart..<end,
                        bodyStart: heading.bodyStart, volumeIndex: volume,
                        kind: candidate.kind == .special ? .special : .chapter, headingStart: headingStart))
            }
        }
        return entries
    }

    /// The first non-blank line of the text before the first heading when it is short enough to be a
    /// title (usually the book's name).
    /// Only that line is decoded: the front matter may hold a list of contents of a thousand lines.
    static func frontTitle(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let lineEnd = LineBounds.end(bytes, from: lineStart, limit: range.upperBound)
            let (start, end) = Blanks.trimmed(bytes, lineStart, lineEnd)
            lineStart = lineEnd + 1
            if start == end { continue }
            return scalarCount(bytes, start..<end) <= 20
                ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) : nil
        }
        return nil
    }

    /// Whether most of the first 64 KB is CJK, to title made-up sections in the book's language.
    static func isMostlyCJK(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var threeByteLeads = 0
        var ascii = 0
        for byte in bytes.prefix(65536) {
            if byte >= 0xE0 && byte < 0xF0 { threeByteLeads += 1 } else if byte < 0x80, byte > 0x20 { ascii += 1 }
        }
        return threeByteLeads * 2 >= ascii
    }
}
