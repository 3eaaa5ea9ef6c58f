import Foundation

/// Finds a book's headings and turns them into a `ChapterIndex` (see docs/chapters.md).
///
/// One pass over the lines: a line is a candidate when its first character can start a heading and it
/// is short, and `HeadingMatcher` (or the user's pattern) accepts it. Whole-book checks then pick the
/// Chinese or the English rules, drop lists of contents and duplicated headings, and split over-long
/// sections at paragraph boundaries.
public struct ChapterSplitter: Sendable {
    /// Bumped when the rules change, so that cached indexes are rebuilt.
    public static let rulesVersion = 6
    /// A section with more characters than this is split into parts.
    public static let longSectionCharacters = 100_000
    /// The size a long section's parts aim for.
    static let sectionPartCharacters = 50_000
    /// Longer lines are never headings (60 cells of CJK is 180 bytes; some headings carry a volume label).
    static let maximumHeadingBytes = 240
    /// The scan reserves room for a heading every so many bytes, for at most so many headings.
    static let reservedBytesPerHeading = 256
    static let maximumReservedHeadings = 1 << 17

    let custom: CustomHeadingPattern?
    /// The user's pattern as given (nil: the built-in rules), kept with a `HeadingScan`.
    let pattern: String?

    /// The built-in rules.
    public init() {
        custom = nil
        pattern = nil
    }

    /// The user's pattern when one is given, else the built-in rules.
    public init(customPattern: String?) throws(ChapterPatternError) {
        if let customPattern, !customPattern.isEmpty {
            custom = try CustomHeadingPattern(customPattern)
            pattern = customPattern
        } else {
            custom = nil
            pattern = nil
        }
    }

    /// The index of `text`; `progress` hears how far the scan for headings has got.
    public func split(_ text: BookText, progress: LoadStep = .none) -> ChapterIndex {
        text.utf8.withUnsafeBufferPointer { split($0, progress: progress) }
    }

    func split(_ bytes: UnsafeBufferPointer<UInt8>, progress: LoadStep = .none) -> ChapterIndex {
        var trace: ChapterTrace?
        return split(bytes, trace: &trace, progress: progress)
    }

    /// Every candidate line with the decision taken on it and why (`novel toc --explain`).
    public func explain(_ text: BookText) -> [ExplainedLine] {
        text.utf8.withUnsafeBufferPointer { bytes in
            var trace: ChapterTrace? = ChapterTrace()
            _ = split(bytes, trace: &trace)
            return trace?.lines(bytes) ?? []
        }
    }

    /// The whole pipeline; `trace`, when given, records each candidate and the step that dropped it.
    ///
    /// One array of found headings goes through the steps: each whole-book check marks the headings it
    /// drops and the array is compacted in place, and a heading holds no String until the last steps (a
    /// bare heading's completed title, then the entries), when only the kept ones are left (an English
    /// book may have a heading every few hundred bytes, and copying arrays of Strings between the steps
    /// was most of the scan's cost).
    func split(
        _ bytes: UnsafeBufferPointer<UInt8>, trace: inout ChapterTrace?, progress: LoadStep = .none
    ) -> ChapterIndex {
        let found = findHeadings(bytes, trace: &trace, progress: progress)
        defer { progress.finish() }
        return decide(found, bytes, trace: &trace)
    }

    /// The whole-book checks over every candidate the scan found, and the entries they leave.
    /// `candidates` is consumed: the steps compact it in place, so a caller that is done with it hands
    /// it over without a copy.
    func decide(
        _ candidates: consuming [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>, trace: inout ChapterTrace?
    ) -> ChapterIndex {
        var found = candidates
        let ruleName: String
        if custom != nil {
            ruleName = "custom"
        } else {
            let family = chooseFamily(found)
            // Marked only when another family is there (a long book's array is not walked for nothing).
            if found.contains(where: { $0.candidate.family != family }) {
                let keep = found.map { $0.candidate.family == family }
                trace?.dropped(found, bytes, keep: keep, reason: "family: the book's headings are \(family)")
                Self.compact(&found, keeping: keep)
            }
            ruleName = found.isEmpty ? "none" : (family == .chinese ? "chinese" : "english")
        }
        promoteVolumesWithoutChapters(&found)
        let lists = ListOfContents.find(found, bytes)
        trace?.dropped(found, bytes, keep: lists.keep, reasons: lists.reasons(found, bytes))
        let listed = BareHeadingTitle.Listed(found, keep: lists.keep)
        Self.compact(&found, keeping: lists.keep)
        let numerals = NumeralHeadings.filter(found)
        trace?.dropped(found, bytes, keep: numerals.keep, reasons: numerals.reasons(found, bytes))
        Self.compact(&found, keeping: numerals.keep)
        let unrepeated = unrepeatedHeadings(found, bytes)
        trace?.dropped(
            found, bytes, keep: unrepeated,
            reason: "repeated: the same number or section name as the chapter it sits in")
        Self.compact(&found, keeping: unrepeated)
        if let heads = RunningHeads.fold(found, bytes) {
            trace?.dropped(found, bytes, keep: heads.keep, reasons: heads.reasons)
            trace?.runningHeads(bytes, heads.titleLines, reason: heads.titleReason)
            heads.apply(to: &found)
            Self.compact(&found, keeping: heads.keep)
        }
        BareHeadingTitle.complete(&found, listed: listed, bytes: bytes, isHeading: { isCandidate(bytes, $0) })
        trace?.kept(found, bytes, ruleName: ruleName)
        var entries = buildEntries(found, bytes)
        GutenbergMatter.foldFooter(&entries, bytes)
        splitLongSections(&entries, bytes)
        return ChapterIndex(entries: entries, ruleName: ruleName)
    }

    /// Keeps the headings whose `keep` is true, in order, moving them down in place (no second array).
    static func compact(_ found: inout [FoundHeading], keeping keep: [Bool]) {
        var written = 0
        for index in found.indices where keep[index] {
            if written != index { found.swapAt(written, index) }
            written += 1
        }
        if written < found.count { found.removeSubrange(written...) }
    }

    // MARK: Finding candidate lines

    /// A heading line found by the scan. Its texts are ranges of the book's bytes, made into Strings only
    /// for the entries that are kept (`title(_:)`).
    struct FoundHeading {
        var lineStart: Int
        /// Where the chapter's text starts: just past the heading line and its line feed, past title lines
        /// that follow a bare heading, or inside the line for a run-on heading.
        var bodyStart: Int
        /// The whole trimmed heading line (the caption's part for a heading inside an illustration).
        var line: Range<Int>
        /// Where the heading as a title ends: the line's end, or for a run-on heading where the body begins.
        var titleEnd: Int
        /// A bare heading's whole title, made by `BareHeadingTitle` while the bytes around the heading are
        /// still in the cache (the entries are built in a later pass).
        var completedTitle: String?
        var candidate: HeadingCandidate
        /// Non-blank lines between the previous heading and this one.
        var textLinesBefore: Int
        /// The longest of those lines, in bytes after trimming.
        var longestTextLineBefore: Int
        /// The title text after the marker (`本天倫談性命之情` in `第一回 本天倫談性命之情`), for a list of
        /// contents to lend to a bare body heading; empty when the marker stands alone.
        var titleAfterMarker: Range<Int>
        /// How the title was completed, for `novel toc --explain`.
        var note: Note?
        /// Where a running head folded into this heading's entry begins (`RunningHeads`), if there is one.
        var runningHeadStart: Int? = nil

        /// Where the heading's entry begins: at its running head, or at its own line.
        var entryStart: Int { runningHeadStart ?? lineStart }

        enum Note: String {
            case runOn = "run-on: the title ends where the body begins"
            case titleFromNextLine = "bare heading: title from the next line"
            case titleFromNextLines = "bare heading: title from the next lines"
            case titleFromList = "bare heading: title from the list of contents"
        }

        /// The heading as a title: the line, or for a run-on heading only its beginning.
        var titleRange: Range<Int> { line.lowerBound..<titleEnd }

        /// The title shown in the table of contents.
        func title(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            completedTitle ?? ChapterSplitter.text(bytes, titleRange)
        }

        /// The trimmed heading line.
        func lineText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            ChapterSplitter.text(bytes, line)
        }
    }

    /// The bytes at `range` as a String.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Whether two ranges of the text hold the same bytes.
    static func sameBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count, let base = bytes.baseAddress else { return first.count == second.count }
        return first.lowerBound == second.lowerBound
            || memcmp(base + first.lowerBound, base + second.lowerBound, first.count) == 0
    }

    /// The candidate lines from the line at `start` on; `textLines` and `longestTextLine` are what the
    /// text lines since the last candidate before `start` made (`textLinesBefore` of the next one). When
    /// `stop` is raised the scan ends early (within a megabyte) with what it found so far, which the
    /// caller then drops.
    func findHeadings(
        _ bytes: UnsafeBufferPointer<UInt8>, trace: inout ChapterTrace?, progress: LoadStep = .none,
        from start: Int = 0,
        textLines: Int = 0, longestTextLine: Int = 0, stop: StopFlag? = nil
    ) -> [FoundHeading] {
        findHeadings(
            bytes, start..<bytes.count, trace: &trace, progress: progress, textLines: textLines,
            longestTextLine: longestTextLine, stop: stop
        ).found
    }

    /// `findHeadings` over the lines in `range` (from a line's start to a line's end or the text's), with
    /// the text lines after the last candidate it found (all of them when it found none) and the longest
    /// of those.
    func findHeadings(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trace: inout ChapterTrace?,
        progress: LoadStep = .none,
        textLines: Int = 0, longestTextLine: Int = 0, stop: StopFlag? = nil
    ) -> (found: [FoundHeading], textLines: Int, longestTextLine: Int) {
        let start = range.lowerBound
        let count = range.upperBound
        guard let base = bytes.baseAddress else { return ([], textLines, longestTextLine) }
        var found: [FoundHeading] = []
        // Room for a heading every 256 bytes, up to a limit: pages are touched only as headings are
        // appended, so a sparse book pays nothing for the room and a dense one (a list of contents and a
        // heading every few hundred bytes) never copies a grown array.
        found.reserveCapacity(min(max(0, count - start) / Self.reservedBytesPerHeading, Self.maximumReservedHeadings))
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(Self.maximumHeadingBytes)
        // This scan's own copy of the user's regex, which keeps the line it was last given.
        let matcher = custom?.matcher()
        var textLines = textLines
        var longestTextLine = longestTextLine
        var lineStart = start
        var nextReport = start + LoadStep.reportBytes
        // Looked at first, so that a piece handed out after the stop does not start.
        var nextStopCheck = start
        while lineStart < count {
            if lineStart >= nextReport {
                progress.reached(lineStart, of: bytes.count)
                nextReport = lineStart + LoadStep.reportBytes
            }
            if let stop, lineStart >= nextStopCheck {
                if stop.isRaised { break }
                nextStopCheck = lineStart + SideBySide.stopCheckBytes
            }
            // An empty line (every other line of an English book) needs no search for its end.
            if base[lineStart] == 0x0A {
                lineStart += 1
                continue
            }
            let lineEnd = LineBounds.end(bytes, from: lineStart, limit: count)
            defer { lineStart = lineEnd + 1 }
            let (start, end) = Blanks.trimmed(bytes, lineStart, lineEnd)
            if start == end { continue }
            // `heading` refuses the line by its first bytes too; asked here, most lines (text) cost no call
            // and no copy of an empty result (a found heading is 200 bytes).
            if custom != nil || Self.mayBeHeading(bytes, start, end),
                let heading = heading(
                    bytes, lineStart: lineStart, lineEnd: lineEnd, trimmed: start..<end, textLinesBefore: textLines,
                    longestTextLineBefore: longestTextLine, scalars: &scalars, matcher: matcher)
            {
                found.append(heading)
                textLines = 0
                longestTextLine = 0
            } else {
                textLines += 1
                longestTextLine = max(longestTextLine, end - start)
                trace?.rejected(bytes, start..<end, custom: custom != nil)
            }
        }
        return (found, textLines, longestTextLine)
    }

    /// The heading on the line `lineStart..<lineEnd`, whose trimmed text is the non-empty `trimmed`, or
    /// nil for a line of text. Judged by the line alone; the text lines before it are the caller's count.
    /// `scalars` and `matcher` are the caller's (see `candidate`).
    func heading(
        _ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, lineEnd: Int, trimmed: Range<Int>, textLinesBefore: Int,
        longestTextLineBefore: Int, scalars: inout [Unicode.Scalar], matcher: CustomHeadingPattern.Matcher?
    ) -> FoundHeading? {
        var (start, end) = (trimmed.lowerBound, trimmed.upperBound)
        // Most lines of a book are refused by their first bytes, before any heading is built.
        if custom == nil, !Self.mayBeHeading(bytes, start, end) { return nil }
        var heading: HeadingCandidate?
        // A heading inside an illustration's caption: `[Illustration: … Chapter I.]`.
        if custom == nil, let inner = EnglishHeading.insideCaption(bytes, start, end),
            let inside = candidate(bytes, inner.lowerBound, inner.upperBound, scalars: &scalars, matcher: matcher),
            inside.family == .english
        {
            heading = inside
            (start, end) = (inner.lowerBound, inner.upperBound)
        } else {
            heading = candidate(bytes, start, end, scalars: &scalars, matcher: matcher)
        }
        guard let heading else { return nil }
        return Self.foundHeading(
            bytes, heading, lineStart: lineStart, trimmed: start..<end, lineEnd: lineEnd,
            textLinesBefore: textLinesBefore, longestTextLineBefore: longestTextLineBefore)
    }

    /// A heading found on the trimmed line `trimmed`: its title is the line, or for a run-on heading the
    /// part before the body.
    static func foundHeading(
        _ bytes: UnsafeBufferPointer<UInt8>, _ candidate: HeadingCandidate, lineStart: Int, trimmed: Range<Int>,
        lineEnd: Int, textLinesBefore: Int, longestTextLineBefore: Int
    ) -> FoundHeading {
        let count = bytes.count
        var bodyStart = min(lineEnd + 1, count)
        var titleEnd = trimmed.upperBound
        if let column = candidate.bodyColumn, let cut = scalarOffset(bytes, trimmed, column) {
            titleEnd = Blanks.trimmed(bytes, trimmed.lowerBound, cut).1
            bodyStart = cut
        }
        // The title after the marker, cut from the bytes once (no scalar arrays: an English book has a
        // heading every few kilobytes at most, a list of contents hundreds in a row).
        var titleAfterMarker = titleEnd..<titleEnd
        if let titleStart = candidate.titleStart,
            let from = scalarOffset(bytes, trimmed.lowerBound..<titleEnd, titleStart)
        {
            if candidate.family == .english {
                // `CHAPTER II. [Illustration]`, `CHAPTER I. The Arrival ..... 12`: not part of the title.
                let cleanEnd = EnglishHeading.titleEnd(bytes, from..<titleEnd)
                if cleanEnd < titleEnd {
                    titleEnd = cleanEnd > from ? cleanEnd : Blanks.trimmed(bytes, trimmed.lowerBound, from).1
                }
            }
            let (afterStart, afterEnd) = Blanks.trimmed(bytes, from, max(from, titleEnd))
            if afterStart < afterEnd { titleAfterMarker = afterStart..<afterEnd }
        }
        return FoundHeading(
            lineStart: lineStart, bodyStart: bodyStart, line: trimmed, titleEnd: titleEnd, completedTitle: nil,
            candidate: candidate,
            textLinesBefore: textLinesBefore, longestTextLineBefore: longestTextLineBefore,
            titleAfterMarker: titleAfterMarker, note: candidate.bodyColumn == nil ? nil : .runOn)
    }

    /// The byte offset of the scalar at index `scalars` in `range`, or nil past its end (the end itself is
    /// an offset).
    static func scalarOffset(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ scalars: Int) -> Int? {
        var index = range.lowerBound
        var seen = 0
        while seen < scalars {
            guard index < range.upperBound else { return nil }
            index += 1
            while index < range.upperBound, bytes[index] & 0xC0 == 0x80 { index += 1 }
            seen += 1
        }
        return index
    }

    /// Longer lines are looked at only when they start with a numbered marker, and then only their
    /// beginning: a line of a list of contents or a run-on heading shows itself there.
    static let maximumRunOnPrefixBytes = 360

    /// The heading on the trimmed line `start..<end`, if it is one; `scalars` is a buffer the caller
    /// lends, so that the lines of a scan are decoded without an allocation each, and `matcher` the
    /// calling thread's copy of the user's pattern (`custom.matcher()`; nil for the built-in rules).
    private func candidate(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, scalars: inout [Unicode.Scalar],
        matcher: CustomHeadingPattern.Matcher?
    ) -> HeadingCandidate? {
        assert((matcher == nil) == (custom == nil), "a user's pattern is matched with the caller's matcher")
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let matcher {
            let (matched, number) = matcher.match(line)
            return matched
                ? HeadingCandidate(kind: .chapter, family: .chinese, number: number, unit: nil, volumeLabel: nil) : nil
        }
        guard Self.mayBeHeading(bytes, start, end) else { return nil }
        let first = decodeScalar(bytes, at: start).value
        guard end - start <= Self.maximumHeadingBytes else {
            guard first == 0x7B2C else { return nil }  // 第
            let prefix = Self.prefix(bytes, start, end, maximum: Self.maximumRunOnPrefixBytes)
            let scalars = Array(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<prefix]), as: UTF8.self).unicodeScalars)
            return HeadingMatcher.listLine(scalars) ?? RunOnHeading.match(scalars)
        }
        scalars.removeAll(keepingCapacity: true)
        // An ASCII line's bytes are its scalars: no decoding (English headings and prose).
        var isASCII = true
        for byte in line {
            guard byte < 0x80 else {
                isASCII = false
                break
            }
            scalars.append(Unicode.Scalar(byte))
        }
        if isASCII { return HeadingMatcher.matchASCII(scalars) }
        scalars.removeAll(keepingCapacity: true)
        scalars.append(contentsOf: String(decoding: line, as: UTF8.self).unicodeScalars)
        return HeadingMatcher.match(scalars, width: Self.cells(scalars))
    }

    /// Whether the trimmed, non-empty line `start..<end` may be a heading under the built-in rules: its
    /// first character can start one (`HeadingMatcher.firstScalars`) and, for ASCII, its first word can
    /// (`EnglishHeading.mayStart`). Bytes only, nothing decoded but the first character.
    @inline(__always)
    static func mayBeHeading(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        guard first >= 0x80 else {
            return HeadingMatcher.mayStartHeading(UInt32(first)) && EnglishHeading.mayStart(bytes, start, end)
        }
        return HeadingMatcher.mayStartHeading(decodeScalar(bytes, at: start).0)
    }

    /// Whether the trimmed line at `range` is a heading under the rules in use. Any thread may ask: a
    /// user's pattern is matched with a copy of its own.
    func isCandidate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var scalars: [Unicode.Scalar] = []
        return !range.isEmpty
            && candidate(bytes, range.lowerBound, range.upperBound, scalars: &scalars, matcher: custom?.matcher())
                != nil
    }

    /// Cells a line takes, counting everything from U+1100 up as wide (close enough to judge a heading).
    static func cells(_ scalars: [Unicode.Scalar]) -> Int {
        var width = 0
        for scalar in scalars { width += scalar.value >= 0x1100 ? 2 : 1 }
        return width
    }

    /// The end of the first `maximum` bytes of `start..<end`, moved back to a character boundary.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, maximum: Int) -> Int {
        var cut = min(end, start + maximum)
        while cut > start, cut < end, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    // MARK: Whole-book checks

    /// The rule family with more headings wins; Chinese on a tie.
    func chooseFamily(_ found: [FoundHeading]) -> HeadingCandidate.Family {
        var chinese = 0
        var english = 0
        for heading in found {
            // Numbered chapters weigh most: they are what a table of contents is made of.
            let weight = heading.candidate.kind == .chapter ? 3 : 1
            if heading.candidate.family == .chinese { chinese += weight } else { english += weight }
        }
        return english > chinese ? .english : .chinese
    }

    /// A book whose only numbered unit is 卷 (or Part) has those as its chapters.
    func promoteVolumesWithoutChapters(_ found: inout [FoundHeading]) {
        guard !found.contains(where: { $0.candidate.kind == .chapter }) else { return }
        for index in found.indices where found[index].candidate.kind == .volume && found[index].candidate.number != nil
        {
            found[index].candidate.kind = .chapter
        }
    }

    /// Which headings to keep: a chapter heading that repeats the number of the chapter it sits in (a
    /// pasted title inside the text) is not a new chapter, nor a section's bare name inside the section of
    /// that name (`EXTRACTS.` after an introduction inside `EXTRACTS. (Supplied by a Sub-Sub-Librarian)`).
    func unrepeatedHeadings(_ found: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>) -> [Bool] {
        var keep = [Bool](repeating: true, count: found.count)
        var previousNumber: Int?
        for (index, heading) in found.enumerated() {
            switch heading.candidate.kind {
            case .volume:
                previousNumber = nil
            case .chapter:
                if let number = heading.candidate.number, number == previousNumber {
                    keep[index] = false
                    continue
                }
                previousNumber = heading.candidate.number
            case .special:
                previousNumber = nil
                if index > 0, ListOfContents.isNamedSection(heading), heading.titleAfterMarker.isEmpty,
                    ListOfContents.isNamedSection(found[index - 1]),
                    EnglishHeading.sameName(bytes, found[index - 1].line, heading.line)
                {
                    keep[index] = false
                }
            }
        }
        return keep
    }

    // MARK: Building entries

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

    // MARK: Long sections

    /// Splits every section longer than `longSectionCharacters` into parts at paragraph boundaries,
    /// titled `标题 (2)`, `标题 (3)` … The entries are rebuilt only when one is split.
    func splitLongSections(_ entries: inout [TOCEntry], _ bytes: UnsafeBufferPointer<UInt8>) {
        // A section of fewer bytes than the limit cannot hold more characters: no need to count.
        let isLong = { (entry: TOCEntry) in
            entry.level != .volume && entry.range.count > Self.longSectionCharacters
                && Self.scalarCount(bytes, entry.range) > Self.longSectionCharacters
        }
        guard let firstLong = entries.firstIndex(where: isLong) else { return }
        var result = Array(entries[..<firstLong])
        var volumeRemap: [Int: Int] = [:]
        for index in result.indices where result[index].level == .volume { volumeRemap[index] = index }
        for index in firstLong..<entries.count {
            var entry = entries[index]
            if let volume = entry.volumeIndex { entry.volumeIndex = volumeRemap[volume] }
            if entry.level == .volume {
                volumeRemap[index] = result.count
                result.append(entry)
                continue
            }
            guard isLong(entry) else {
                result.append(entry)
                continue
            }
            let cuts = Self.partBoundaries(bytes, entry.range)
            for (part, range) in cuts.enumerated() {
                var piece = entry
                piece.range = range
                if part > 0 {
                    piece.title = "\(entry.title) (\(part + 1))"
                    piece.bodyStart = range.lowerBound
                    piece.headingStart = range.lowerBound
                    piece.kind = .section
                    piece.number = nil
                }
                result.append(piece)
            }
        }
        entries = result
    }

    /// Ranges of about `sectionPartCharacters` each, cut after a line feed when there is one near the
    /// target, otherwise at a character boundary (a 2 MB line has no paragraph boundary).
    ///
    /// The range is counted once and each part's characters are taken off what remains, so a book without
    /// headings (one section of hundreds of megabytes) is cut in one walk forward, not one recount per part.
    static func partBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var remaining = scalarCount(bytes, range)
        while remaining > longSectionCharacters {
            let (index, characters) = charactersForward(
                bytes, from: start, count: sectionPartCharacters, limit: range.upperBound)
            // Prefer the next blank line within another part's length (in a hard-wrapped book a line
            // end is not a paragraph's end), then the next line end.
            let limit = min(range.upperBound, index + sectionPartCharacters * 3)
            let blankLine = nextBlankLine(bytes, from: index, limit: limit)
            let cut = blankLine ?? LineBounds.nextStart(bytes, after: index, limit: limit) ?? index
            parts.append(start..<cut)
            remaining -= characters + scalarCount(bytes, index..<cut)
            start = cut
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// Where `count` characters from `start` end (before `limit`), past the continuation bytes of the last
    /// one, and how many characters that is (fewer when `limit` comes first). Whole blocks of words while
    /// a block cannot pass the count, then single words, then byte by byte.
    private static func charactersForward(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int, limit: Int
    ) -> (end: Int, characters: Int) {
        guard let base = bytes.baseAddress else { return (start, 0) }
        var index = start
        var characters = 0
        for words in [maximumWordsPerContinuationCount, 1] {
            while index + words * 8 <= limit, characters + words * 8 <= count {
                characters += words * 8 - continuationBytes(base, from: index, words: words)
                index += words * 8
            }
        }
        while index < limit, characters < count {
            if bytes[index] & 0xC0 != 0x80 { characters += 1 }
            index += 1
        }
        while index < limit, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return (index, characters)
    }

    /// The start of the first line after an empty line (nothing but spaces and TABs) that starts after
    /// `start` (before `limit`), or nil. A line of ideographic spaces is not taken for one: the parts of
    /// the long sections of books already split keep their bounds (and their cached indexes stay right).
    private static func nextBlankLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var lineStart = LineBounds.nextStart(bytes, after: start, limit: limit)
        while let current = lineStart {
            var probe = current
            while probe < limit, Blanks.isSpaceOrTab(bytes[probe]) { probe += 1 }
            if probe < limit, bytes[probe] == 0x0A { return probe + 1 }
            lineStart = LineBounds.nextStart(bytes, after: current, limit: limit)
        }
        return nil
    }

    /// Unicode scalars in the range (see `scalarCount` in Text/UTF8Scalars.swift).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        NovelCore.scalarCount(bytes, range)
    }
}
