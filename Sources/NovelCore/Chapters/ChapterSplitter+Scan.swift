/// The scan: one pass over the lines that keeps each line a heading rule accepts (a candidate), with the
/// count of text lines before it. Most lines are refused by their first bytes, before anything is decoded.
extension ChapterSplitter {
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
        // Its own copy of the first test's tables, read for every line.
        let prefilter = HeadingPrefilter()
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
            // `heading` refuses the line by its first bytes too, unless told they were asked about here: most
            // lines (text) cost no call and no copy of an empty result (a found heading is 200 bytes).
            if custom != nil || prefilter.mayBeHeading(bytes, start, end),
                let heading = heading(
                    bytes, lineStart: lineStart, lineEnd: lineEnd, trimmed: start..<end, textLinesBefore: textLines,
                    longestTextLineBefore: longestTextLine, scalars: &scalars, matcher: matcher, prefiltered: true)
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
    /// `scalars` and `matcher` are the caller's (see `candidate`); `prefiltered`, that the caller found the
    /// line may be a heading by its first bytes (`HeadingPrefilter`).
    func heading(
        _ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, lineEnd: Int, trimmed: Range<Int>, textLinesBefore: Int,
        longestTextLineBefore: Int, scalars: inout [Unicode.Scalar], matcher: CustomHeadingPattern.Matcher?,
        prefiltered: Bool = false
    ) -> FoundHeading? {
        var (start, end) = (trimmed.lowerBound, trimmed.upperBound)
        // Most lines of a book are refused by their first bytes, before any heading is built.
        if custom == nil, !prefiltered, !Self.mayBeHeading(bytes, start, end) { return nil }
        var heading: HeadingCandidate?
        // A heading inside an illustration's caption: `[Illustration: … Chapter I.]`.
        if custom == nil, let inner = EnglishHeading.insideCaption(bytes, start, end),
            let inside = candidate(bytes, inner.lowerBound, inner.upperBound, scalars: &scalars, matcher: matcher),
            inside.family == .english
        {
            heading = inside
            (start, end) = (inner.lowerBound, inner.upperBound)
        } else {
            heading = candidate(bytes, start, end, scalars: &scalars, matcher: matcher, prefiltered: true)
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

    /// Longer lines are looked at only when they start with a numbered marker, and then only their
    /// beginning: a line of a list of contents or a run-on heading shows itself there.
    static let maximumRunOnPrefixBytes = 360

    /// The heading on the trimmed line `start..<end`, if it is one; `scalars` is a buffer the caller
    /// lends, so that the lines of a scan are decoded without an allocation each, and `matcher` the
    /// calling thread's copy of the user's pattern (`custom.matcher()`; nil for the built-in rules);
    /// `prefiltered`, that the line is known to pass `mayBeHeading`.
    private func candidate(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, scalars: inout [Unicode.Scalar],
        matcher: CustomHeadingPattern.Matcher?, prefiltered: Bool = false
    ) -> HeadingCandidate? {
        assert((matcher == nil) == (custom == nil), "a user's pattern is matched with the caller's matcher")
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let matcher {
            let (matched, number) = matcher.match(line)
            return matched
                ? HeadingCandidate(kind: .chapter, family: .chinese, number: number, unit: nil, volumeLabel: nil) : nil
        }
        guard prefiltered || Self.mayBeHeading(bytes, start, end) else { return nil }
        let first = decodeScalar(bytes, at: start).value
        guard end - start <= Self.maximumHeadingBytes else {
            guard first == 0x7B2C else { return nil }  // 第
            let prefix = Self.prefix(bytes, start, end, maximum: Self.maximumRunOnPrefixBytes)
            let scalars = Array(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<prefix]), as: UTF8.self).unicodeScalars)
            return HeadingMatcher.listLine(scalars) ?? RunOnHeading.match(scalars)
        }
        // An ASCII line's bytes are its scalars: no decoding (English headings and prose).
        if Self.isASCII(line) { return HeadingMatcher.matchASCII(line, scalars: &scalars) }
        scalars.removeAll(keepingCapacity: true)
        scalars.append(contentsOf: String(decoding: line, as: UTF8.self).unicodeScalars)
        return HeadingMatcher.match(scalars, width: Self.cells(scalars))
    }

    /// Whether the trimmed, non-empty line `start..<end` may be a heading under the built-in rules
    /// (`HeadingPrefilter`), for callers that judge a few lines; the scan holds a prefilter of its own.
    @inline(__always)
    static func mayBeHeading(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        HeadingPrefilter.shared.mayBeHeading(bytes, start, end)
    }

    /// Whether `line` is ASCII only: its bytes OR-ed together, a loop without a branch a byte.
    @inline(__always)
    static func isASCII(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var union: UInt8 = 0
        for byte in line { union |= byte }
        return union < 0x80
    }

    /// Whether the trimmed line at `range` is a heading under the rules in use. Any thread may ask: a
    /// user's pattern is matched with a copy of its own.
    func isCandidate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var scalars: [Unicode.Scalar] = []
        return !range.isEmpty
            && candidate(bytes, range.lowerBound, range.upperBound, scalars: &scalars, matcher: custom?.matcher())
                != nil
    }
}
