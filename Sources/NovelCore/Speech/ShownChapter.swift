/// One chapter exactly as the reader lays it out, always as a `DisplayText` (bytes and a map back to the
/// book): what read-aloud splits into sentences, so that what is spoken is what is shown. The layouter
/// reads an untouched chapter, or one that only hides whole lines, from the book text itself
/// (`ChapterText`); here those are copied into a display text too, as a chapter is spoken once at a time.
public enum ShownChapter {
    /// The shown text of `book.index.entries[entry]` under `options`, heading first (`bodyStart`).
    public static func text(_ book: Book, entry: Int, options: DisplayOptions) -> DisplayText {
        let section = book.index.entries[entry]
        switch DisplayTransform.chapterText(book, entry: entry, options: options) {
        case .display(let text): return text
        case .asWritten: return copied(book, section, hiding: [])
        case .hidingLines(let lines): return copied(book, section, hiding: lines)
        }
    }

    /// The chapter's bytes less the hidden whole lines, heading and body as `ChapterBuilder` takes them.
    private static func copied(_ book: Book, _ section: TOCEntry, hiding hidden: [Range<Int>]) -> DisplayText {
        var text = DisplayText(capacity: section.range.count)
        let bodyStart = min(max(section.bodyStart, section.range.lowerBound), section.range.upperBound)
        book.text.utf8.withUnsafeBufferPointer { bytes in
            copy(bytes, section.range.lowerBound..<bodyStart, hiding: hidden, into: &text)
            text.bodyStart = text.utf8.count
            copy(bytes, bodyStart..<section.range.upperBound, hiding: hidden, into: &text)
        }
        return text
    }

    private static func copy(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hiding hidden: [Range<Int>],
        into text: inout DisplayText
    ) {
        var start = range.lowerBound
        for line in hidden where line.upperBound > start && line.lowerBound < range.upperBound {
            text.copy(bytes, start..<max(start, line.lowerBound))
            start = max(start, line.upperBound)
        }
        if start < range.upperBound { text.copy(bytes, start..<range.upperBound) }
    }
}
