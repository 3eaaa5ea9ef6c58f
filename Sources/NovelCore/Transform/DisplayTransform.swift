import Foundation

/// Turns one chapter of the book text into the text that is shown: hard-wrapped lines joined into
/// paragraphs (`ParagraphJoin`), straight quotes in CJK text paired (`QuotePairing`) and shown curly,
/// Gutenberg `_italics_` without underscores, site junk hidden (`SiteJunk`). A pure function of the
/// bytes, the book's profile and the options; it returns nil when nothing would change, so that the
/// layouter reads the book text itself and an untouched chapter costs no copy.
public enum DisplayTransform {
    /// The display text of `book.index.entries[entry]`, or nil when it is shown as the file has it.
    public static func display(_ book: Book, entry: Int, options: DisplayOptions) -> DisplayText? {
        let section = book.index.entries[entry]
        return book.text.utf8.withUnsafeBufferPointer { bytes in
            let body = max(section.bodyStart, section.range.lowerBound)
            return display(
                bytes, chapter: section.range, bodyStart: min(body, section.range.upperBound), profile: book.profile,
                options: options)
        }
    }

    /// The whole of `utf8` as one chapter body (for tests and fuzzing): any bytes, any options.
    public static func display(_ utf8: [UInt8], profile: TextProfile, options: DisplayOptions) -> DisplayText? {
        utf8.withUnsafeBufferPointer { display($0, chapter: 0..<$0.count, bodyStart: 0, profile: profile, options: options) }
    }

    /// The display text of `chapter` (heading lines before `bodyStart`) of `bytes`.
    static func display(
        _ bytes: UnsafeBufferPointer<UInt8>, chapter: Range<Int>, bodyStart: Int, profile: TextProfile,
        options: DisplayOptions
    ) -> DisplayText? {
        guard !chapter.isEmpty, chapter.upperBound <= bytes.count else { return nil }
        let body = min(max(bodyStart, chapter.lowerBound), chapter.upperBound)..<chapter.upperBound
        let reflow = options.reflows(profile)
        let quotes = options.pairQuotes && profile.script == .cjk && (contains(bytes, body, 0x22) || contains(bytes, body, 0x27))
        let italics = reflow && profile.script == .latin && contains(bytes, body, 0x5F)
        var writer = Writer(bytes, chapter: chapter)
        var junk = options.hideSiteJunk ? JunkScan() : nil
        var joiner = ParagraphJoin(profile: profile)
        var pairing = QuotePairing(smart: options.smartQuotes)
        let perLine = reflow || quotes || italics
        // A line at least this wide is full whatever follows it (the join test's bound).
        let wideEnough = (profile.wrapWidth ?? Int.max / 4) + 4
        guard perLine || junk != nil else { return nil }

        var lineStart = chapter.lowerBound
        var previous: LineFacts?
        while lineStart < chapter.upperBound {
            let lineEnd = lineEndOf(bytes, from: lineStart, limit: chapter.upperBound)
            let next = min(lineEnd + 1, chapter.upperBound)
            let inBody = lineStart >= body.lowerBound
            var textStart = lineStart
            if junk != nil {
                let content = LineFacts.contentRange(bytes, lineStart..<lineEnd)
                if let hidden = junk?.hidden(bytes, content) {
                    if hidden == content.upperBound {
                        writer.change(lineStart..<next, to: [])
                        previous = nil
                        pairing.endParagraph()
                        lineStart = next
                        continue
                    }
                    writer.change(content.lowerBound..<hidden, to: [])
                    textStart = hidden
                }
            }
            guard inBody && perLine else {
                lineStart = next
                continue
            }
            // Widths are needed only to decide joins.
            let facts =
                reflow
                ? LineFacts.of(bytes, textStart..<lineEnd, wideEnough: wideEnough) : LineFacts.ends(bytes, textStart..<lineEnd)
            if facts.isBlank {
                previous = nil
                pairing.endParagraph()
                lineStart = next
                continue
            }
            var startsParagraph = true
            if reflow, textStart == lineStart, let before = previous, let separator = joiner.separator(bytes, before, facts) {
                writer.change(before.content.upperBound..<facts.content.lowerBound, to: separator)
                startsParagraph = false
            }
            if startsParagraph { pairing.startParagraph(bytes, facts) }
            if quotes || italics {
                markMarks(bytes, facts.content, quotes: quotes, italics: italics, writer: &writer, pairing: &pairing)
            }
            previous = facts
            lineStart = next
        }
        return writer.finish(bodyStart: body.lowerBound)
    }

    /// Straight quotes (paired, curly when `smartQuotes`) and Gutenberg underscores in `content`.
    private static func markMarks(
        _ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, quotes: Bool, italics: Bool,
        writer: inout Writer, pairing: inout QuotePairing
    ) {
        for index in content {
            let byte = bytes[index]
            if quotes && (byte == 0x22 || byte == 0x27) {
                let before = index > content.lowerBound ? LineFacts.scalar(bytes, at: LineFacts.scalarStart(bytes, before: index, floor: content.lowerBound), end: index) : 0
                let after = index + 1 < content.upperBound ? LineFacts.scalar(bytes, at: index + 1, end: content.upperBound) : 0
                guard let role = pairing.role(of: byte, before: before, after: after) else { continue }
                writer.markQuote(at: index, opens: role.opens, shown: role.shown)
            } else if italics && byte == 0x5F {
                let before = index > content.lowerBound ? bytes[index - 1] : 0x20
                let after = index + 1 < content.upperBound ? bytes[index + 1] : 0x20
                if isWordByte(before) != isWordByte(after) { writer.change(index..<(index + 1), to: []) }
            }
        }
    }

    /// Letters, digits and the bytes of non-ASCII characters.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func lineEndOf(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        guard let base = bytes.baseAddress, start < limit else { return limit }
        guard let found = memchr(base + start, 0x0A, limit - start) else { return limit }
        return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + start))
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ byte: UInt8) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return false }
        return memchr(base + range.lowerBound, Int32(byte), range.count) != nil
    }

    /// Junk hiding for one chapter: the built-in rules, their patterns compiled only once a line holds a hint.
    private struct JunkScan {
        private let table = SiteJunk.builtInHints
        private var matcher: SiteJunk.Matcher?

        mutating func hidden(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
            guard line.count >= 2, line.count <= SiteJunk.longestJunkLine, table.candidates(bytes, line) != 0
            else { return nil }
            if matcher == nil { matcher = SiteJunk.Matcher(table) }
            return matcher?.hidden(bytes, line)?.end
        }
    }

    /// Builds the display text lazily: original bytes are copied only once a first change shows the
    /// chapter differs, so an untouched chapter allocates nothing.
    struct Writer {
        let source: UnsafeBufferPointer<UInt8>
        let chapter: Range<Int>
        private var display: DisplayText?
        /// Original bytes from here up to the next change are still to be copied.
        private var copied: Int

        init(_ source: UnsafeBufferPointer<UInt8>, chapter: Range<Int>) {
            self.source = source
            self.chapter = chapter
            copied = chapter.lowerBound
        }

        /// Shows `replacement` instead of original bytes `range` (changes come in order).
        mutating func change(_ range: Range<Int>, to replacement: [UInt8]) {
            if display == nil { display = DisplayText(capacity: chapter.count + chapter.count / 16 + 16) }
            flush(upTo: range.lowerBound)
            display?.replace(range, with: replacement)
            copied = max(copied, range.upperBound)
        }

        /// A straight quote at `index`: its role for the line breaker, and the glyph shown.
        mutating func markQuote(at index: Int, opens: Bool, shown: [UInt8]?) {
            if display == nil { display = DisplayText(capacity: chapter.count + chapter.count / 16 + 16) }
            flush(upTo: index)
            display?.markQuote(opens: opens)
            if let shown { change(index..<(index + 1), to: shown) }
        }

        private mutating func flush(upTo end: Int) {
            guard end > copied else { return }
            display?.copy(source, copied..<end)
            copied = end
        }

        mutating func finish(bodyStart: Int) -> DisplayText? {
            guard display != nil else { return nil }
            flush(upTo: chapter.upperBound)
            guard var result = display else { return nil }
            result.bodyStart = result.map.displayOffset(ofOriginal: bodyStart)
            return result
        }
    }
}
