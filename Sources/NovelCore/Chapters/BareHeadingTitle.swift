import Foundation

/// Titles for bare body headings: `第一回` alone on its line, the title (often a couplet) on the next one
/// or two lines. The title comes from those lines when they look like a title — short, without sentence
/// punctuation or quotes, not headings themselves — and the chapter's text then starts after them;
/// otherwise from the entry with the same number in a list of contents, when the book has one.
enum BareHeadingTitle {
    typealias FoundHeading = ChapterSplitter.FoundHeading

    /// Lines after a bare heading that can make its title.
    static let maximumLines = 2
    /// A title line has at most this many characters.
    static let maximumCharacters = 24
    /// Characters a title line never holds: sentence punctuation and quotes.
    static let nonTitleScalars: Set<Unicode.Scalar> = RunOnHeading.sentencePunctuation
        .union(RunOnHeading.openingQuotes).union(["」", "』", "”", "．"])

    static func complete(
        _ found: inout [FoundHeading], listed: [FoundHeading], bytes: UnsafeBufferPointer<UInt8>,
        isHeading: (Range<Int>) -> Bool
    ) {
        for index in found.indices where isBare(found[index]) {
            let limit = index + 1 < found.count ? found[index + 1].lineStart : bytes.count
            let english = found[index].candidate.family == .english
            let following =
                english
                ? EnglishTitleLines.after(bytes, from: found[index].bodyStart, limit: limit, isHeading: isHeading)
                : titleLines(bytes, from: found[index].bodyStart, limit: limit, isHeading: isHeading)
            if !following.titles.isEmpty {
                found[index].title +=
                    english
                    ? EnglishTitleLines.joiner(after: found[index].title) + following.titles.joined(separator: " ")
                    : "\u{3000}" + following.titles.joined(separator: "\u{3000}")
                found[index].bodyStart = following.end
                found[index].note = "bare heading: title from the next \(following.titles.count == 1 ? "line" : "lines")"
            } else if let entry = listed.last(where: {
                $0.candidate.numbering == found[index].candidate.numbering && $0.candidate.number == found[index].candidate.number
                    && $0.candidate.entriesOnLine == 1 && !$0.titleAfterMarker.isEmpty
            }) {
                // An entry's title may go on over the next line of the list (the second half of a couplet).
                if english {
                    found[index].title += EnglishTitleLines.joiner(after: found[index].title) + entry.titleAfterMarker
                } else {
                    let nextLine = titleLines(bytes, from: entry.bodyStart, limit: bytes.count, blankLines: 0, isHeading: isHeading)
                    found[index].title += "\u{3000}" + ([entry.titleAfterMarker] + nextLine.titles.prefix(1)).joined(separator: "\u{3000}")
                }
                found[index].note = "bare heading: title from the list of contents"
            }
        }
    }

    /// A numbered chapter heading with nothing after its marker.
    /// A numbered chapter heading with nothing after its marker (in English also a part or a book:
    /// `PART ONE` over `THE SEA`).
    static func isBare(_ heading: FoundHeading) -> Bool {
        let kind = heading.candidate.kind
        let titled = kind == .chapter || (heading.candidate.family == .english && kind == .volume)
        return titled && heading.candidate.titleStart != nil && heading.titleAfterMarker.isEmpty
            && heading.candidate.bodyColumn == nil
    }

    /// Up to `maximumLines` title-like lines from `start` (after at most `blankLines` blank ones), and
    /// where the text after them starts.
    static func titleLines(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, blankLines: Int = 1,
        isHeading: (Range<Int>) -> Bool
    ) -> (titles: [String], end: Int) {
        var titles: [String] = []
        var end = start
        var position = start
        var blanks = 0
        while titles.count < maximumLines, position < limit {
            var lineEnd = position
            while lineEnd < limit, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let (lineStart, trimmedEnd) = ChapterSplitter.trimmed(bytes, position, lineEnd)
            position = lineEnd + 1
            if lineStart == trimmedEnd {
                if !titles.isEmpty || blanks >= blankLines { break }
                blanks += 1
                continue
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<trimmedEnd]), as: UTF8.self)
            guard looksLikeTitle(text), !isHeading(lineStart..<trimmedEnd) else { break }
            titles.append(text)
            end = min(position, bytes.count)
        }
        return (titles, end)
    }

    static func looksLikeTitle(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return (1...maximumCharacters).contains(scalars.count) && !scalars.contains(where: nonTitleScalars.contains)
    }
}
