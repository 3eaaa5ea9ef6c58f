import NovelCore

/// Books and layout settings made in memory, shared by the core's and the reader's tests.
public enum TestBooks {
    /// A book from a string, split by the built-in chapter rules (or one section with `split: false`).
    public static func book(_ string: String, split: Bool = true, path: String = "test.txt", title: String = "test")
        -> Book
    {
        let text = BookText(
            utf8: Array(string.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        let index =
            split
            ? ChapterSplitter().split(text)
            : ChapterIndex(
                entries: [
                    TOCEntry(
                        level: .chapter, title: "Text", number: nil, range: 0..<text.utf8.count, bodyStart: 0,
                        volumeIndex: nil, kind: .section)
                ], ruleName: "none")
        return Book(path: path, title: title, text: text, fingerprint: BookFingerprint.of(text.utf8), index: index)
    }

    /// The bytes of the `occurrence`th (from 0) `needle` in `book`'s text, for markup made by hand in tests;
    /// traps when there is no such occurrence, as a test's own text is wrong then.
    public static func byteRange(of needle: String, in book: Book, occurrence: Int = 0) -> Range<Int> {
        let haystack = Array(book.text.utf8)
        let pattern = Array(needle.utf8)
        var found = 0
        var start = 0
        while start + pattern.count <= haystack.count {
            if haystack[start..<start + pattern.count].elementsEqual(pattern) {
                if found == occurrence { return start..<start + pattern.count }
                found += 1
            }
            start += 1
        }
        preconditionFailure("'\(needle)' occurs \(found) times, not \(occurrence + 1)")
    }

    /// Layout settings with every field set, so that a changed default does not change a test.
    public static func layoutSettings(
        width: Int = 80, fontScale: Double = 1, indent: Int = 2, lineSpacing: Int = 0, letterSpacing: Int = 0,
        paragraphSpacing: Int = 1, margin: Int = 0, ambiguous: AmbiguousWidth = .narrow,
        display: DisplayOptions = .verbatim
    ) -> LayoutSettings {
        var settings = LayoutSettings()
        settings.width = width
        settings.fontScale = fontScale
        settings.indent = indent
        settings.lineSpacing = lineSpacing
        settings.letterSpacing = letterSpacing
        settings.paragraphSpacing = paragraphSpacing
        settings.margin = margin
        settings.ambiguousWidth = ambiguous
        settings.display = display
        return settings
    }
}
