import Foundation

/// The title lines under a bare English heading: `CHAPTER I.`, then (after a blank line or two)
/// `THE COCKEREL ON THE ROOF`. A title line is short, in capitals or title case, does not open with a
/// quote and is followed by a blank line; a chapter's first line of prose is none of these (it is
/// wrapped into the next line, or it is a sentence in lower case).
enum EnglishTitleLines {
    /// Lines that can make a title.
    static let maximumLines = 2
    /// Blank lines allowed between the heading and its title.
    static let maximumBlankLines = 2
    /// A title line has at most this many characters.
    static let maximumCharacters = 70

    /// Up to `maximumLines` title lines from `start` and where the text after them starts; none when the
    /// lines there are prose.
    static func after(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, isHeading: (Range<Int>) -> Bool
    ) -> (titles: [String], end: Int) {
        var titles: [String] = []
        var end = start
        var position = start
        var blanks = 0
        while position < limit {
            var lineEnd = position
            while lineEnd < limit, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let (lineStart, trimmedEnd) = ChapterSplitter.trimmed(bytes, position, lineEnd)
            position = lineEnd + 1
            if lineStart == trimmedEnd {
                if !titles.isEmpty { return (titles, end) }  // a blank line closes the title
                blanks += 1
                if blanks > maximumBlankLines { return ([], start) }
                continue
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<trimmedEnd]), as: UTF8.self)
            // A line that is no title, or a third one: what came before ran into prose and was prose.
            guard titles.count < maximumLines, looksLikeTitle(text, continuing: !titles.isEmpty),
                !isHeading(lineStart..<trimmedEnd)
            else {
                return ([], start)
            }
            titles.append(text)
            end = min(position, bytes.count)
        }
        // A title is closed by a blank line: one that runs up to the next heading is the chapter's text.
        return ([], start)
    }

    /// Whether `text` reads as a title line; a `continuing` line (the second of a title) may start in
    /// lower case.
    static func looksLikeTitle(_ text: String, continuing: Bool = false) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, scalars.count <= maximumCharacters,
            !"\"'“‘,;:".unicodeScalars.contains(last), !"\"'“‘(".unicodeScalars.contains(first),
            continuing || !EnglishHeading.isLowercase(first)
        else { return false }
        if !scalars.contains(where: EnglishHeading.isLowercase) { return true }
        // Title case: every word of four letters or more starts with a capital, but for the small words
        // titles keep in lower case.
        return text.split(separator: " ").allSatisfy { word in
            let letters = word.unicodeScalars.filter(EnglishHeading.isAlphabetic)
            guard letters.count >= 4, let initial = letters.first,
                !smallWords.contains(String(String.UnicodeScalarView(letters)))
            else { return true }
            return EnglishHeading.isUppercase(initial)
        }
    }

    /// Words of four letters or more that title case leaves in lower case.
    static let smallWords: Set<String> = [
        "from", "with", "into", "upon", "over", "onto", "unto", "than", "that", "about", "after", "before", "under",
        "through", "which", "what", "when", "where", "while",
    ]

    /// What goes between a heading and its title: a space after a heading that ends in a mark
    /// (`CHAPTER I.`), else a full stop and a space (`I. THE STORM`).
    static func joiner(after heading: String) -> String {
        guard let last = heading.unicodeScalars.last else { return "" }
        return ".:—–-".unicodeScalars.contains(last) ? " " : ". "
    }
}
