/// Running heads: a line that the site a book came from repeated directly before every chapter — a part
/// heading (`第一部分` before each of 第1回 … 第30回, `PART ONE` before each `CHAPTER`) or the book's
/// title. Left alone, each repeat of a part heading is a volume entry holding one heading, and every
/// chapter's page ends with the next one's running head (docs/chapters.md, *Running heads*).
///
/// A chapter's **head** is the line or lines directly above its heading (only blank lines between, at
/// most `maximumLines`), each of them either the volume heading found just before it or the book's title
/// (`BookTitle`). Nothing else is ever a head: a `＊＊＊` or a `（完）` ending every chapter is the
/// chapter's own text. A book has running heads when `minimumRun` chapters in a row have the same head
/// (and, for the title, when it heads that many chapters at all). Then a head that the chapter before had
/// too is a repeat: its volume heading makes no entry, and its lines begin the chapter's entry, before the
/// chapter's `headingStart`, where the page hides them as it hides site junk. The first chapter of each
/// run keeps its volume heading as the part's entry, with the run's chapters under it. The title never
/// makes an entry: wherever it heads a chapter it is folded into that chapter (or into the part heading
/// below it), except as the book's first line, which stays the front matter's.
enum RunningHeads {
    typealias FoundHeading = ChapterSplitter.FoundHeading

    /// Chapters in a row with the same head that make repeated lines running heads. Two would be a
    /// coincidence in a collection of sequels (two books, each a 第一卷 over a single chapter).
    static let minimumRun = 3
    /// Lines above a chapter that may be its head: a part heading and the title.
    static let maximumLines = 2

    /// What the running heads change in the found headings.
    struct Folding {
        /// False for a volume heading that repeats a running head: it makes no entry.
        var keep: [Bool]
        /// Headings (by index in the found headings) whose entry begins earlier, at a running head's line.
        var starts: [(heading: Int, start: Int)] = []
        /// Each dropped volume heading's `--explain` reason, by its line start.
        var reasons: [Int: String] = [:]
        /// The title's lines that were folded (trimmed), and why, for `--explain`.
        var titleLines: [Range<Int>] = []
        var titleReason = ""

        /// Sets the entries' earlier starts on `found` (before it is compacted by `keep`).
        func apply(to found: inout [FoundHeading]) {
            for (heading, start) in starts { found[heading].runningHeadStart = start }
        }
    }

    /// One line of a head.
    private struct Line {
        var lineStart: Int
        /// The trimmed line.
        var text: Range<Int>
        /// The volume heading (index in the found headings) that this line is, or nil for the title.
        var volume: Int?
    }

    /// The running heads among `found` (after the other whole-book checks) in the text `bytes`, or nil
    /// when the book has none.
    static func fold(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> Folding? {
        guard found.count >= minimumRun else { return nil }
        var title = Title(bytes)
        guard title != nil || found.contains(where: { $0.candidate.kind == .volume }) else { return nil }
        var heads = self.heads(found, bytes, title: title)
        let titled = heads.filter { $0?.contains { $0.volume == nil } ?? false }.count
        if title != nil, titled < minimumRun {
            title = nil
            heads = self.heads(found, bytes, title: nil)
        }
        let chapters = found.indices.filter { found[$0].candidate.kind != .volume }
        let runs = self.runs(chapters, heads, bytes)
        guard runs.contains(where: { $0.count >= minimumRun && heads[chapters[$0.lowerBound]] != nil }) else {
            return nil
        }

        var folding = Folding(keep: [Bool](repeating: true, count: found.count))
        folding.titleReason =
            "running head: the book's title, repeated directly before \(titled) chapters; hidden with the next heading"
        let firstLine = firstLineStart(bytes)
        // The part the chapters are in: the text of the last volume heading kept. A head that names it
        // again is a repeat too, after a chapter the site left without one.
        var part: Range<Int>?
        var afterChapter = 0
        for run in runs {
            for position in run {
                let chapter = chapters[position]
                let head = heads[chapter]
                let headVolume = head?.first { $0.volume != nil }?.volume
                for volume in afterChapter..<chapter
                where found[volume].candidate.kind == .volume && volume != headVolume {
                    part = found[volume].line
                }
                afterChapter = chapter + 1
                guard let head else { continue }
                let namesThePart = headVolume.map { volume in
                    part.map { ChapterSplitter.sameBytes(bytes, $0, found[volume].line) } ?? false
                }
                let isRepeat = position > run.lowerBound || namesThePart == true
                // From the line nearest the heading up: the lines folded so far go to `owner`, the heading
                // below them, and a part heading kept as the part's entry takes the lines above it.
                var owner = chapter
                var top: Int?
                for line in head.reversed() {
                    if let volume = line.volume {
                        if isRepeat {
                            folding.keep[volume] = false
                            folding.reasons[found[volume].lineStart] =
                                position > run.lowerBound
                                ? "running head: the same line stands directly before \(run.count) chapters in a row;"
                                    + " the first is the part, this repeat is hidden with the next heading"
                                : "running head: it names again the part the chapters are in;"
                                    + " this repeat is hidden with the next heading"
                            top = line.lineStart
                        } else {
                            if let top { folding.starts.append((owner, top)) }
                            (owner, top) = (volume, nil)
                            part = found[volume].line
                        }
                    } else {
                        // The book's first line is its front matter's title.
                        guard line.lineStart != firstLine else { break }
                        folding.titleLines.append(line.text)
                        top = line.lineStart
                    }
                }
                if let top { folding.starts.append((owner, top)) }
            }
        }
        return folding
    }

    /// Each chapter-like heading's head (nil for a volume heading, or when the lines above are not one).
    private static func heads(
        _ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>, title: Title?
    ) -> [[Line]?] {
        var heads = [[Line]?](repeating: nil, count: found.count)
        for index in found.indices where found[index].candidate.kind != .volume {
            var lines: [Line] = []
            var cursor = found[index].lineStart
            var previous = index - 1
            while lines.count < maximumLines, let textEnd = textEndAbove(bytes, cursor) {
                // Most chapters have neither head: after a heading that is not a volume's, only the title
                // can be one, told from the last byte above, without reading back over the line above
                // (on a long book those bytes are rarely in the cache).
                let afterVolume = previous >= 0 && found[previous].candidate.kind == .volume
                guard afterVolume || title?.mayEnd(bytes, at: textEnd) == true,
                    let (lineStart, text) = lineAbove(bytes, cursor)
                else { break }
                if previous >= 0, found[previous].lineStart == lineStart {
                    // The heading just before: a head only when it is a volume heading, one to a head.
                    guard found[previous].candidate.kind == .volume, !lines.contains(where: { $0.volume != nil })
                    else { break }
                    lines.append(Line(lineStart: lineStart, text: text, volume: previous))
                    previous -= 1
                } else if let title, lineStart >= (previous >= 0 ? found[previous].bodyStart : 0),
                    title.matches(bytes, text)
                {
                    lines.append(Line(lineStart: lineStart, text: text, volume: nil))
                } else {
                    break
                }
                cursor = lineStart
            }
            if !lines.isEmpty { heads[index] = lines.reversed() }
        }
        return heads
    }

    /// The chapters (positions in `chapters`) in runs of equal heads: each run is as long as it can be;
    /// chapters without a head are runs of their own.
    private static func runs(_ chapters: [Int], _ heads: [[Line]?], _ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]
    {
        var runs: [Range<Int>] = []
        var start = 0
        for position in chapters.indices.dropFirst() {
            let same =
                if let head = heads[chapters[position]], let before = heads[chapters[position - 1]] {
                    head.count == before.count
                        && zip(head, before).allSatisfy { ChapterSplitter.sameBytes(bytes, $0.text, $1.text) }
                } else { false }
            if !same {
                runs.append(start..<position)
                start = position
            }
        }
        if !chapters.isEmpty { runs.append(start..<chapters.count) }
        return runs
    }

    /// Where the text of the last non-blank line before `lineStart` ends (its trailing blanks left out),
    /// or nil when there is none: the same end as `lineAbove`'s text.
    private static func textEndAbove(_ bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int) -> Int? {
        let end = Blanks.textEnd(bytes, from: 0, to: lineStart, acrossLines: true)
        return end > 0 ? end : nil
    }

    /// The last non-blank line before the line starting at `lineStart`: its start and its trimmed text.
    private static func lineAbove(_ bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int) -> (Int, Range<Int>)? {
        var end = lineStart
        while end > 0 {
            let lineEnd = end - 1  // the line feed that ends the line above
            let start = LineBounds.start(bytes, of: lineEnd)
            let (textStart, textEnd) = Blanks.trimmed(bytes, start, lineEnd)
            if textStart < textEnd { return (start, textStart..<textEnd) }
            end = start
        }
        return nil
    }

    /// Where the text's first non-blank line starts.
    private static func firstLineStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = 0
        while start < bytes.count {
            let end = LineBounds.end(bytes, from: start)
            let (textStart, textEnd) = Blanks.trimmed(bytes, start, end)
            if textStart < textEnd { return start }
            start = end + 1
        }
        return start
    }

    /// The book's title as its front matter names it (`BookTitle`), to compare lines with: bytes, ASCII
    /// letters in lower case. A title without a letter (`＊＊＊` as a first line) is none.
    struct Title {
        let folded: [UInt8]

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let title = BookTitle.of(bytes)?.title,
                title.unicodeScalars.contains(where: { $0.properties.isAlphabetic })
            else { return nil }
            folded = title.utf8.map(Self.lowercased)
        }

        /// Whether the trimmed line `text` is the title, alone or in 《》, in any capitals.
        func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: Range<Int>) -> Bool {
            var (start, end) = (text.lowerBound, text.upperBound)
            if end - start > folded.count, Self.hasMark(bytes, start, Self.openingMark),
                Self.hasMark(bytes, end - Self.closingMark.count, Self.closingMark)
            {
                (start, end) = Blanks.trimmed(
                    bytes, start + Self.openingMark.count, end - Self.closingMark.count)
            }
            guard end - start == folded.count else { return false }
            for offset in 0..<folded.count where Self.lowercased(bytes[start + offset]) != folded[offset] {
                return false
            }
            return true
        }

        /// Whether trimmed text ending at `end` may be the title: its last byte is the title's or 》's.
        func mayEnd(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int) -> Bool {
            guard end > 0, let last = folded.last else { return false }
            let byte = Self.lowercased(bytes[end - 1])
            return byte == last || byte == Self.closingMark.last
        }

        static let openingMark = Array("《".utf8)
        static let closingMark = Array("》".utf8)

        private static func hasMark(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ mark: [UInt8]) -> Bool {
            at >= 0 && at + mark.count <= bytes.count && bytes[at..<(at + mark.count)].elementsEqual(mark)
        }

        private static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
    }
}
