/// Finds lists of contents (目錄, CONTENTS) among the heading candidates, whatever rule family made
/// them: it looks only at their kind, number and the text between them, never at their wording.
///
/// A list is a run of headings with little or no text between them — at most two short lines, so that
/// an entry may carry its title couplet on the next line — holding three or more entries, whose
/// numbering starts again: inside the run, back to the run's first number (the body's first heading
/// follows the list at once), or at the next numbered heading of a kind the run holds. Its entries are never chapters: its text stays in the
/// entry before the body. A run whose numbers keep rising (a body of very short chapters) is kept.
enum ListOfContents {
    typealias FoundHeading = ChapterSplitter.FoundHeading

    static let minimumEntries = 3
    /// Non-blank lines allowed between two entries of a list.
    static let maximumGapLines = 2
    /// The longest of those lines, in bytes (40 CJK characters).
    static let maximumGapLineBytes = 120
    /// Non-blank lines allowed between two entries of a list whose entries say what happens in their
    /// chapters (`CHAPTER VIII` and three lines `OF THE GOOD FORTUNE WHICH …` under it), when the second
    /// entry's number follows the first's.
    static let maximumDescriptionLines = 8
    /// How far the number of such an entry may pass the one before it: a list whose line broke after
    /// `CHAPTER` (`CHAPTER` / `XIII IN WHICH …`) has no heading for that entry.
    static let maximumNumbersSkipped = 2

    struct Result {
        /// Whether each heading is kept; false for the entries of a list.
        var keep: [Bool]
        /// The lists found among the runs of headings.
        var lists: [List]
        /// Named sections before a list that the body names again (`INTRODUCTION` listed, then the body's
        /// `INTRODUCTION`): counted once, at the body.
        var listedSections: [Int] = []

        struct List {
            /// The headings of the list.
            var entries: Range<Int>
            /// The heading whose number showed where the body begins.
            var restart: Int
        }

        /// Why each list entry was dropped, by its line's first byte (for `novel toc --explain`: the
        /// ordinary split makes none of these strings).
        func reasons(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> [Int: String] {
            var reasons: [Int: String] = [:]
            for list in lists {
                for index in list.entries {
                    reasons[found[index].lineStart] =
                        "list of contents: \(list.entries.count) lines of headings with little text between, "
                        + "and the numbering starts again at \(found[list.restart].title(bytes))"
                }
            }
            for index in listedSections {
                reasons[found[index].lineStart] =
                    "list of contents: a named section listed before the body, which names it again"
            }
            for index in found.indices where !keep[index] && reasons[found[index].lineStart] == nil {
                reasons[found[index].lineStart] =
                    "list of contents: \(found[index].candidate.entriesOnLine) headings on one line"
            }
            return reasons
        }
    }

    static func find(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        var keep = [Bool](repeating: true, count: found.count)
        var lists: [Result.List] = []
        var numbers = RunNumbers()
        var runStart = 0
        while runStart < found.count {
            let runEnd = Self.runEnd(found, from: runStart, bytes, numbers: &numbers)
            let entries = found[runStart...runEnd].reduce(0) { $0 + $1.candidate.entriesOnLine }
            if entries >= minimumEntries, let body = bodyStart(found, runStart, runEnd, bytes, numbers: &numbers) {
                let listStart = keepsLeadingVolume(found, runStart, body.index) ? runStart + 1 : runStart
                for index in listStart..<body.index { keep[index] = false }
                if listStart < body.index {
                    lists.append(Result.List(entries: listStart..<body.index, restart: body.restart))
                }
                // The body began inside the run: what follows may be another list (one per volume, the
                // second straight after the first).
                if body.index > runStart, body.index <= runEnd {
                    runStart = body.index
                    continue
                }
            }
            runStart = runEnd + 1
        }
        // A line holding several headings is a line of a list wherever it stands.
        for index in found.indices where keep[index] && found[index].candidate.entriesOnLine > 1 {
            keep[index] = false
        }
        let listedSections = sectionsNamedAgain(found, lists, keep: keep, bytes)
        for index in listedSections { keep[index] = false }
        return Result(keep: keep, lists: lists, listedSections: listedSections)
    }

    /// The last heading of the run that starts at `runStart`: each heading follows the one before it
    /// closely (`isClose`), or after that one's description (`followsDescription`).
    static func runEnd(
        _ found: [FoundHeading], from runStart: Int, _ bytes: UnsafeBufferPointer<UInt8>, numbers: inout RunNumbers
    ) -> Int {
        numbers.clear()
        var runEnd = runStart
        while true {
            let candidate = found[runEnd].candidate
            if let number = candidate.number, candidate.kind != .special {
                numbers.most[candidate.numbering.slot] = candidate.lastNumber ?? number
            }
            guard runEnd + 1 < found.count,
                isClose(found[runEnd + 1])
                    || followsDescription(found[runEnd + 1], after: found[runEnd], bytes, numbers)
            else { return runEnd }
            runEnd += 1
        }
    }

    /// Whether a heading follows the one before it closely enough to be the next line of a list.
    static func isClose(_ heading: FoundHeading) -> Bool {
        heading.textLinesBefore <= maximumGapLines && heading.longestTextLineBefore <= maximumGapLineBytes
    }

    /// Whether a heading after a few short lines is the next entry of an English list whose entries carry
    /// a description: the lines start right under the entry before it (a chapter's heading stands over a
    /// blank line), and the heading's number follows the last one of its kind in the run (`numbers.most`),
    /// so that a list's entries join however long their descriptions, and a list and the body's first
    /// chapter never do. Not in Chinese, whose bare body headings have their couplet right under them and
    /// whose lists hold a title, not a description.
    static func followsDescription(
        _ heading: FoundHeading, after previous: FoundHeading, _ bytes: UnsafeBufferPointer<UInt8>,
        _ numbers: RunNumbers
    ) -> Bool {
        let candidate = heading.candidate
        guard heading.textLinesBefore <= maximumDescriptionLines, heading.longestTextLineBefore <= maximumGapLineBytes,
            candidate.family == .english, candidate.kind != .special, let number = candidate.number,
            let last = numbers.most[candidate.numbering.slot],
            number > last, number <= last + 1 + maximumNumbersSkipped
        else { return false }
        return textRightUnder(previous, bytes) || brokenEntryUnder(previous, bytes, before: heading.lineStart)
    }

    /// Whether the first line of text after the heading (before `limit`) is an entry broken after its
    /// word: `CHAPTER` alone, its number and title on the next line (no heading, so the entry after it
    /// skips a number).
    static func brokenEntryUnder(
        _ heading: FoundHeading, _ bytes: UnsafeBufferPointer<UInt8>, before limit: Int
    ) -> Bool {
        var start = heading.line.upperBound
        while start < limit {
            start = LineBounds.end(bytes, from: start, limit: limit)
            start += 1
            let end = LineBounds.end(bytes, from: start, limit: limit)
            let (lineStart, lineEnd) = Blanks.trimmed(bytes, start, min(end, limit))
            guard lineStart == lineEnd else {
                return EnglishHeading.numberedWordBytes.contains { keyword in
                    keyword.word.count == lineEnd - lineStart
                        && zip(keyword.word, lineStart..<lineEnd).allSatisfy { $0 == bytes[$1] | 0x20 }
                }
            }
            start = end
        }
        return false
    }

    /// Whether the line right after the heading's line holds text.
    static func textRightUnder(_ heading: FoundHeading, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = LineBounds.end(bytes, from: heading.line.upperBound)
        start += 1
        let end = LineBounds.end(bytes, from: start)
        guard start < end else { return false }
        let (trimmedStart, trimmedEnd) = Blanks.trimmed(bytes, start, end)
        return trimmedStart < trimmedEnd
    }

    /// Named sections before a list of contents that the body names again: a section listed in the front
    /// matter (`INTRODUCTION`, a few lines of other entries, then the list's `CHAPTER I`) is counted once,
    /// at the body. Only a section whose own text is a few short lines (a list's entry, not a preface)
    /// before the list's first entry, or before another such section.
    static func sectionsNamedAgain(
        _ found: [FoundHeading], _ lists: [Result.List], keep: [Bool], _ bytes: UnsafeBufferPointer<UInt8>
    ) -> [Int] {
        var named: [Int] = []
        for list in lists {
            var index = list.entries.lowerBound - 1
            while index >= 0, keep[index], isNamedSection(found[index]),
                found[index + 1].textLinesBefore <= maximumDescriptionLines,
                found[index + 1].longestTextLineBefore <= maximumGapLineBytes
            {
                let section = found[index].line
                let namedAgain = found[list.entries.upperBound...].indices.contains {
                    keep[$0] && isNamedSection(found[$0]) && EnglishHeading.sameName(bytes, section, found[$0].line)
                }
                if namedAgain { named.append(index) }
                index -= 1
            }
        }
        return named
    }

    /// An English named section (PREFACE, EXTRACTS …): its name is its first word.
    static func isNamedSection(_ heading: FoundHeading) -> Bool {
        heading.candidate.kind == .special && heading.candidate.family == .english
    }

    /// The first, highest and most recent numbers of a run, by numbering (`HeadingCandidate.Numbering.slot`):
    /// a few numbers in place, made once for the whole book and cleared for each run.
    struct RunNumbers {
        var first = [Int?](repeating: nil, count: HeadingCandidate.Numbering.slotCount)
        var highest = [Int?](repeating: nil, count: HeadingCandidate.Numbering.slotCount)
        var most = [Int?](repeating: nil, count: HeadingCandidate.Numbering.slotCount)

        mutating func clear() {
            for slot in 0..<HeadingCandidate.Numbering.slotCount {
                first[slot] = nil
                highest[slot] = nil
                most[slot] = nil
            }
        }
    }

    /// Where the body begins when the run is a list of contents (`index`), and the heading whose number
    /// showed it (`restart`); nil when the numbering never starts again.
    ///
    /// Chapter numbers start again after each volume only in a run that opens with a volume (a list of
    /// volumes and their chapters); in a run that opens with chapters, a volume and a chapter numbered
    /// again are where the body starts (`第一回 … 第一百八十回`, then the body's `卷一`, `第一回`).
    static func bodyStart(
        _ found: [FoundHeading], _ runStart: Int, _ runEnd: Int, _ bytes: UnsafeBufferPointer<UInt8>,
        numbers: inout RunNumbers
    ) -> (index: Int, restart: Int)? {
        // Numbers are compared within a kind and series (Letter 1 … 4 and Chapter 1 … 24 are two runs).
        numbers.clear()
        var numberedPerVolume: Bool?
        for index in runStart...runEnd {
            let candidate = found[index].candidate
            // An epilogue listed with its own chapters (`Epilogue`, `Chapter I`) numbers them again, as a volume.
            if candidate.kind == .special, numberedPerVolume == true {
                for slot in HeadingCandidate.Numbering.slots(of: .chapter) {
                    numbers.first[slot] = nil
                    numbers.highest[slot] = nil
                }
            }
            guard let number = candidate.number, candidate.kind != .special else { continue }
            if numberedPerVolume == nil { numberedPerVolume = candidate.kind == .volume }
            // Back to where the run began (not a title repeated inside its chapter: 第38回 … 第38回).
            let key = candidate.numbering.slot
            if let start = numbers.first[key], let previous = numbers.highest[key], previous > start,
                number <= start
            {
                var body = index
                if candidate.kind == .chapter, numberedPerVolume == false {
                    while body > runStart, found[body - 1].candidate.kind == .volume { body -= 1 }
                }
                body -= repeatedTail(found, runStart..<body, bytes)
                return (openingSections(found, runStart, body, bytes), index)
            }
            let last = max(number, candidate.lastNumber ?? number)
            if numbers.first[key] == nil { numbers.first[key] = number }
            numbers.highest[key] = max(numbers.highest[key] ?? last, last)
            numbers.most[key] = max(numbers.most[key] ?? last, last)
            if candidate.kind == .volume, numberedPerVolume == true {
                for slot in HeadingCandidate.Numbering.slots(of: .chapter) {
                    numbers.first[slot] = nil
                    numbers.highest[slot] = nil
                }
            }
        }
        let most = numbers.most
        guard
            let next = found[(runEnd + 1)...].firstIndex(where: {
                $0.candidate.number != nil && $0.candidate.kind != .special && most[$0.candidate.numbering.slot] != nil
            }),
            let number = found[next].candidate.number, let listed = most[found[next].candidate.numbering.slot],
            number <= listed
        else { return nil }
        let body = runEnd + 1 - repeatedTail(found, runStart..<(runEnd + 1), bytes)
        return (openingSections(found, runStart, body, bytes), next)
    }

    /// Where the body begins when the sections that open a book (a preface, an introduction) stand between
    /// a list's last entry and `body`: a list names its closing sections (an epilogue, an appendix) after its
    /// last chapter, so an opening one there is the body's.
    static func openingSections(
        _ found: [FoundHeading], _ runStart: Int, _ body: Int, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var start = body
        while start - 1 > runStart, isNamedSection(found[start - 1]),
            EnglishHeading.opensBook(bytes, found[start - 1].line)
        {
            start -= 1
        }
        return start
    }

    /// A numbered volume heading just before a list (`第一部分`, then the list) heads the part the list
    /// belongs to, unless the list or the body names that volume again.
    static func keepsLeadingVolume(_ found: [FoundHeading], _ runStart: Int, _ bodyIndex: Int) -> Bool {
        let first = found[runStart].candidate
        guard first.kind == .volume, let number = first.number, runStart + 1 < bodyIndex,
            !found[(runStart + 1)..<bodyIndex].contains(where: { $0.candidate.kind == .volume })
        else { return false }
        guard let nextVolume = found[bodyIndex...].first(where: { $0.candidate.kind == .volume }) else { return true }
        return (nextVolume.candidate.number ?? Int.max) > number
    }

    /// How many headings at the end of a list-of-contents run repeat, in order, the titles at its start:
    /// the body began inside the run (儿女英雄传: the list ends, then the body's 緣起首回 heads a chapter
    /// whose 第一回 comes later).
    static func repeatedTail(_ found: [FoundHeading], _ run: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // Compared in place, on the titles' bytes: a list of a thousand entries would otherwise copy half of
        // it per length.
        for length in stride(from: run.count / 2, through: 1, by: -1) {
            let tail = run.upperBound - length
            if (0..<length).allSatisfy({
                ChapterSplitter.sameBytes(bytes, found[run.lowerBound + $0].titleRange, found[tail + $0].titleRange)
            }) {
                return length
            }
        }
        return 0
    }
}
