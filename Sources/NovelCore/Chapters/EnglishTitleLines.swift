import Foundation

/// The title lines under a bare English heading: `CHAPTER I.`, then (after a blank line or two)
/// `THE COCKEREL ON THE ROOF`. A title line is short, in capitals or title case, does not open with a
/// quote and is followed by a blank line; a chapter's first line of prose is none of these (it is
/// wrapped into the next line, or it is a sentence in lower case). A long title in capitals wraps over
/// up to three lines, which may end in a comma where the title goes on.
enum EnglishTitleLines {
    /// Lines that can make a title.
    static let maximumLines = 3
    /// Blank lines allowed between the heading and its title.
    static let maximumBlankLines = 2
    /// A title line has at most this many characters: no wider than the text it heads, which the tools
    /// that wrap books wrap at 60 to 76 columns.
    static let maximumCharacters = 76

    /// Up to `maximumLines` title lines from `start` and where the text after them starts; none when the
    /// lines there are prose.
    static func after(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, isHeading: (Range<Int>) -> Bool
    ) -> TitleLines? {
        var lines: TitleLines?
        var position = start
        var blanks = 0
        while position < limit {
            let lineEnd = LineBounds.end(bytes, from: position, limit: limit)
            let (lineStart, trimmedEnd) = Blanks.trimmed(bytes, position, lineEnd)
            position = lineEnd + 1
            if lineStart == trimmedEnd {
                // A blank line closes the title, which does not end where it would go on.
                if let lines { return leadsOn(bytes[lines.last.upperBound - 1]) ? nil : lines }
                blanks += 1
                if blanks > maximumBlankLines { return nil }
                continue
            }
            let line = lineStart..<trimmedEnd
            // An illustration between the heading and its title (`CHAPTER I.`, `[Illustration: The Inn]`,
            // `THE ARRIVAL`) is no part of the title: passed over, with its caption's further lines.
            if EnglishHeading.opensIllustration(bytes, line) {
                if lines != nil { return lines }
                guard let captionEnd = illustrationEnd(bytes, from: line, limit: limit) else { return nil }
                position = captionEnd
                blanks = 0
                continue
            }
            // A line that is no title, or a third one: what came before ran into prose and was prose.
            guard (lines?.count ?? 0) < maximumLines,
                looksLikeTitle(bytes, line, continuing: lines != nil, mayGoOn: true), !isHeading(line)
            else {
                return nil
            }
            let end = min(position, bytes.count)
            if lines == nil {
                lines = TitleLines(first: line, second: nil, end: end)
            } else {
                lines?.append(line, end: end)
            }
        }
        // A title is closed by a blank line: one that runs up to the next heading is the chapter's text.
        return nil
    }

    /// Lines an illustration's caption may take.
    static let maximumCaptionLines = 8

    /// Just past the illustration block whose first line is `first` (its line feed included): the line
    /// that closes its bracket, within `maximumCaptionLines`; nil when none does.
    static func illustrationEnd(_ bytes: UnsafeBufferPointer<UInt8>, from first: Range<Int>, limit: Int) -> Int? {
        var line = first
        for _ in 0..<maximumCaptionLines {
            let lineEnd = LineBounds.end(bytes, from: line.upperBound, limit: limit)
            if line.upperBound > line.lowerBound, bytes[line.upperBound - 1] == 0x5D { return min(lineEnd + 1, limit) }
            guard lineEnd < limit else { return nil }
            let nextEnd = LineBounds.end(bytes, from: lineEnd + 1, limit: limit)
            let (start, end) = Blanks.trimmed(bytes, lineEnd + 1, nextEnd)
            line = start..<end
        }
        return nil
    }

    /// Whether the line at `range` reads as a title line: an ASCII line is read from its bytes, without
    /// making a String.
    static func looksLikeTitle(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, continuing: Bool, mayGoOn: Bool = false
    ) -> Bool {
        let line = UnsafeBufferPointer(rebasing: bytes[range])
        guard line.allSatisfy({ $0 < 0x80 }) else {
            return looksLikeTitle(
                scalars: ChapterSplitter.text(bytes, range).unicodeScalars, continuing: continuing, mayGoOn: mayGoOn)
        }
        return looksLikeTitle(scalars: line.lazy.map { Unicode.Scalar($0) }, continuing: continuing, mayGoOn: mayGoOn)
    }

    /// Whether `text` reads as a title line; a `continuing` line (the second of a title) may start in
    /// lower case.
    static func looksLikeTitle(_ text: String, continuing: Bool = false) -> Bool {
        looksLikeTitle(scalars: text.unicodeScalars, continuing: continuing)
    }

    /// The rule itself, on a line's scalars. A line in capitals that `mayGoOn` (one the next line may
    /// continue) may end in `,` or `;`.
    static func looksLikeTitle<Scalars: BidirectionalCollection<Unicode.Scalar>>(
        scalars: Scalars, continuing: Bool, mayGoOn: Bool = false
    ) -> Bool {
        guard let first = scalars.first, let last = scalars.last, scalars.count <= maximumCharacters,
            !opensNoTitle(first), continuing || !EnglishHeading.isLowercase(first)
        else { return false }
        let inCapitals = !scalars.contains(where: EnglishHeading.isLowercase)
        if endsNoTitle(last), !(mayGoOn && inCapitals && last.isASCII && leadsOn(UInt8(last.value))) { return false }
        if inCapitals { return true }
        // Title case: every word of four letters or more starts with a capital, but for the small words
        // titles keep in lower case.
        var index = scalars.startIndex
        while index != scalars.endIndex {
            guard scalars[index] != " " else {
                index = scalars.index(after: index)
                continue
            }
            var wordEnd = index
            while wordEnd != scalars.endIndex, scalars[wordEnd] != " " { wordEnd = scalars.index(after: wordEnd) }
            let word = scalars[index..<wordEnd]
            index = wordEnd
            var letters = 0
            var initial: Unicode.Scalar?
            for scalar in word where EnglishHeading.isAlphabetic(scalar) {
                if initial == nil { initial = scalar }
                letters += 1
            }
            guard letters >= 4, let initial, !EnglishHeading.isUppercase(initial) else { continue }
            let lettersOnly = String(String.UnicodeScalarView(word.filter(EnglishHeading.isAlphabetic)))
            if !smallWords.contains(lettersOnly) { return false }
        }
        return true
    }

    /// A title line never ends in a quote or a mark that leads on (`"` `'` `“` `‘` `,` `;` `:`).
    private static func endsNoTitle(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "“", "‘", ",", ";", ":": true
        default: false
        }
    }

    /// A mark after which a wrapped title goes on (`,` `;`): never the end of a title.
    static func leadsOn(_ byte: UInt8) -> Bool {
        byte == 0x2C || byte == 0x3B
    }

    /// A title line never opens with a quote or a bracket (`"` `'` `“` `‘` `(`).
    private static func opensNoTitle(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "“", "‘", "(": true
        default: false
        }
    }

    /// Words of four letters or more that title case leaves in lower case.
    static let smallWords: Set<String> = [
        "from", "with", "into", "upon", "over", "onto", "unto", "than", "that", "about", "after", "before", "under",
        "through", "which", "what", "when", "where", "while",
    ]

    /// What goes between the heading at `range` of the text and its title: a space after a heading that
    /// ends in a mark (`CHAPTER I.`), else a full stop and a space (`I. THE STORM`).
    static func joiner(after range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard !range.isEmpty else { return "" }
        var lead = range.upperBound - 1
        while lead > range.lowerBound, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        switch Unicode.Scalar(decodeScalar(bytes, at: lead).value) {
        case ".", ":", "—", "–", "-": return " "
        default: return ". "
        }
    }
}
