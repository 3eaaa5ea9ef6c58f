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

    /// The entries of the lists of contents that can lend a title: lines of one entry with a title after
    /// the marker, in reading order.
    struct Listed {
        struct Entry {
            var numbering: HeadingCandidate.Numbering
            var number: Int?
            /// The entry's trimmed line.
            var line: Range<Int>
            var titleAfterMarker: Range<Int>
            var bodyStart: Int
        }

        struct Key: Hashable {
            var slot: Int
            var number: Int?
        }

        var entries: [Entry] = []

        /// The headings of `found` that the list-of-contents check drops (`keep` false).
        init(_ found: [FoundHeading], keep: [Bool]) {
            entries.reserveCapacity(keep.count(where: { !$0 }))
            for index in found.indices
            where !keep[index] && found[index].candidate.entriesOnLine == 1 && !found[index].titleAfterMarker.isEmpty {
                entries.append(
                    Entry(
                        numbering: found[index].candidate.numbering, number: found[index].candidate.number,
                        line: found[index].line, titleAfterMarker: found[index].titleAfterMarker,
                        bodyStart: found[index].bodyStart))
            }
        }

        /// The last entry of each numbering and number, looked up once per bare heading (not a scan of
        /// the whole list for each).
        func byNumber() -> [Key: Entry] {
            var table: [Key: Entry] = [:]
            for entry in entries { table[Key(slot: entry.numbering.slot, number: entry.number)] = entry }
            return table
        }
    }

    /// Completes the titles of the bare headings among `found`, which are the headings kept: from the
    /// lines after each one, else from a list of contents. The title is made into its String here, while
    /// the bytes around the heading are in the cache. Each title reads only the text after its heading,
    /// so on a book with many bare headings pieces of them are completed side by side (`SideBySide`):
    /// `isHeading` is then called from several threads at once.
    static func complete(
        _ found: inout [FoundHeading], listed: Listed, bytes: UnsafeBufferPointer<UInt8>,
        isHeading: (Range<Int>) -> Bool
    ) {
        let bare = found.indices.filter { isBare(found[$0]) }
        guard !bare.isEmpty else { return }
        let listedByNumber = listed.entries.isEmpty ? [:] : listed.byNumber()
        let pieces = bare.count >= piecesFrom ? 8 : 1
        let completions = found.withUnsafeBufferPointer { headings in
            SideBySide.results(pieces) { piece in
                bare[(bare.count * piece / pieces)..<(bare.count * (piece + 1) / pieces)].compactMap { index in
                    completion(
                        of: index, in: headings, listedByNumber: listedByNumber, bytes: bytes, isHeading: isHeading)
                }
            }
        }
        for completion in completions.joined() {
            found[completion.index].completedTitle = completion.title
            found[completion.index].note = completion.note
            if let bodyStart = completion.bodyStart { found[completion.index].bodyStart = bodyStart }
        }
    }

    /// Bare headings from which their titles are completed side by side.
    static let piecesFrom = 1024

    /// A bare heading's completed title, where its text starts when title lines were taken, and why.
    struct Completion {
        var index: Int
        var title: String
        var bodyStart: Int?
        var note: ChapterSplitter.FoundHeading.Note
    }

    /// The title of bare heading `headings[index]`: from the lines after it, else from the entry with its
    /// number in a list of contents; nil when neither has one.
    static func completion(
        of index: Int, in headings: UnsafeBufferPointer<FoundHeading>, listedByNumber: [Listed.Key: Listed.Entry],
        bytes: UnsafeBufferPointer<UInt8>, isHeading: (Range<Int>) -> Bool
    ) -> Completion? {
        let heading = headings[index]
        let limit = index + 1 < headings.count ? headings[index + 1].lineStart : bytes.count
        let english = heading.candidate.family == .english
        let following =
            english
            ? EnglishTitleLines.after(bytes, from: heading.bodyStart, limit: limit, isHeading: isHeading)
            : titleLines(bytes, from: heading.bodyStart, limit: limit, isHeading: isHeading)
        if let following {
            return Completion(
                index: index,
                title: TitleCompletion(
                    english: english, first: following.first, second: following.second, third: following.third
                ).title(after: heading.titleRange, bytes),
                bodyStart: following.end, note: following.count == 1 ? .titleFromNextLine : .titleFromNextLines)
        }
        let key = Listed.Key(slot: heading.candidate.numbering.slot, number: heading.candidate.number)
        guard let entry = listedByNumber[key] else { return nil }
        // English parts and books share a numbering (`Part I`, `Book I`, `Book II`, `Part II`): a part takes
        // no book's title.
        if english, heading.candidate.kind == .volume, !EnglishHeading.sameName(bytes, heading.line, entry.line) {
            return nil
        }
        // An entry's title may go on over the next line of the list (the second half of a couplet).
        let nextLine =
            english
            ? nil : titleLines(bytes, from: entry.bodyStart, limit: bytes.count, blankLines: 0, isHeading: isHeading)
        return Completion(
            index: index,
            title: TitleCompletion(english: english, first: entry.titleAfterMarker, second: nextLine?.first)
                .title(after: heading.titleRange, bytes),
            bodyStart: nil, note: .titleFromList)
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
    /// where the text after them starts; nil when the first line there is no title.
    static func titleLines(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, blankLines: Int = 1,
        isHeading: (Range<Int>) -> Bool
    ) -> TitleLines? {
        var lines: TitleLines?
        var position = start
        var blanks = 0
        while (lines?.count ?? 0) < maximumLines, position < limit {
            let lineEnd = LineBounds.end(bytes, from: position, limit: limit)
            let (lineStart, trimmedEnd) = Blanks.trimmed(bytes, position, lineEnd)
            position = lineEnd + 1
            if lineStart == trimmedEnd {
                if lines != nil || blanks >= blankLines { break }
                blanks += 1
                continue
            }
            let text = ChapterSplitter.text(bytes, lineStart..<trimmedEnd)
            guard looksLikeTitle(text), !isHeading(lineStart..<trimmedEnd) else { break }
            let end = min(position, bytes.count)
            if lines == nil {
                lines = TitleLines(first: lineStart..<trimmedEnd, second: nil, end: end)
            } else {
                lines?.second = lineStart..<trimmedEnd
                lines?.end = end
            }
        }
        return lines
    }

    static func looksLikeTitle(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        return (1...maximumCharacters).contains(scalars.count) && !scalars.contains(where: nonTitleScalars.contains)
    }
}
