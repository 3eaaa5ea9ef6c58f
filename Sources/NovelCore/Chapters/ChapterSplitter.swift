import Foundation

/// Finds a book's headings and turns them into a `ChapterIndex` (see docs/chapters.md).
///
/// One pass over the lines: a line is a candidate when its first character can start a heading and it
/// is short, and `HeadingMatcher` (or the user's pattern) accepts it. Whole-book checks then pick the
/// Chinese or the English rules, drop lists of contents and duplicated headings, and split over-long
/// sections at paragraph boundaries.
public struct ChapterSplitter: Sendable {
    /// Bumped when the rules change, so that cached indexes are rebuilt.
    public static let rulesVersion = 5
    /// A section with more characters than this is split into parts.
    public static let longSectionCharacters = 100_000
    /// The size a long section's parts aim for.
    static let sectionPartCharacters = 50_000
    /// Longer lines are never headings (60 cells of CJK is 180 bytes; some headings carry a volume label).
    static let maximumHeadingBytes = 240

    private let custom: CustomHeadingPattern?
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
    func split(
        _ bytes: UnsafeBufferPointer<UInt8>, trace: inout ChapterTrace?, progress: LoadStep = .none
    ) -> ChapterIndex {
        let found = findHeadings(bytes, trace: &trace, progress: progress)
        defer { progress.finish() }
        return decide(found, bytes, trace: &trace)
    }

    /// The whole-book checks over every candidate the scan found, and the entries they leave.
    func decide(_ candidates: [FoundHeading], _ bytes: UnsafeBufferPointer<UInt8>, trace: inout ChapterTrace?) -> ChapterIndex {
        var found = candidates
        let ruleName: String
        if custom != nil {
            ruleName = "custom"
        } else {
            let family = chooseFamily(found)
            // Filtered only when another family is there (the array of a long book is not copied for nothing).
            let kept =
                found.allSatisfy { $0.candidate.family == family } ? found : found.filter { $0.candidate.family == family }
            trace?.dropped(found, keeping: kept, reason: "family: the book's headings are \(family)")
            found = kept
            ruleName = found.isEmpty ? "none" : (family == .chinese ? "chinese" : "english")
        }
        promoteVolumesWithoutChapters(&found)
        let lists = ListOfContents.find(found)
        trace?.dropped(found, keeping: lists.kept, reasons: lists.reasons)
        found = lists.kept
        let numerals = NumeralHeadings.filter(found)
        trace?.dropped(found, keeping: numerals.kept, reasons: numerals.reasons)
        found = numerals.kept
        let unrepeated = removeRepeatedHeadings(found)
        trace?.dropped(
            found, keeping: unrepeated, reason: "repeated: the same number as the chapter it sits in")
        found = unrepeated
        BareHeadingTitle.complete(&found, listed: lists.entries, bytes: bytes, isHeading: { isCandidate(bytes, $0) })
        trace?.kept(found, ruleName: ruleName)
        var entries = buildEntries(found, bytes)
        entries = GutenbergMatter.foldFooter(entries, bytes)
        entries = splitLongSections(entries, bytes)
        return ChapterIndex(entries: entries, ruleName: ruleName)
    }

    // MARK: Finding candidate lines

    struct FoundHeading {
        var lineStart: Int
        /// The end of the heading line (its line feed, or the end of the text).
        var lineEnd: Int
        /// Where the chapter's text starts: just past the heading line and its line feed, past title lines
        /// that follow a bare heading, or inside the line for a run-on heading.
        var bodyStart: Int
        var title: String
        var candidate: HeadingCandidate
        /// Non-blank lines between the previous heading and this one.
        var textLinesBefore: Int
        /// The longest of those lines, in bytes after trimming.
        var longestTextLineBefore: Int
        /// The title text after the marker (`本天倫談性命之情` in `第一回 本天倫談性命之情`), for a list of
        /// contents to lend to a bare body heading.
        var titleAfterMarker: String
        /// How the title was completed, for `novel toc --explain`.
        var note: String?
        /// The whole trimmed heading line (a run-on heading's title is only its beginning).
        var lineText: String
    }

    /// The candidate lines from the line at `start` on; `textLines` and `longestTextLine` are what the
    /// text lines since the last candidate before `start` made (`textLinesBefore` of the next one).
    func findHeadings(
        _ bytes: UnsafeBufferPointer<UInt8>, trace: inout ChapterTrace?, progress: LoadStep = .none, from start: Int = 0,
        textLines: Int = 0, longestTextLine: Int = 0
    ) -> [FoundHeading] {
        guard let base = bytes.baseAddress else { return [] }
        let count = bytes.count
        var found: [FoundHeading] = []
        var textLines = textLines
        var longestTextLine = longestTextLine
        var lineStart = start
        var nextReport = LoadStep.reportBytes
        while lineStart < count {
            if lineStart >= nextReport {
                progress.reached(lineStart, of: count)
                nextReport = lineStart + LoadStep.reportBytes
            }
            let lineEnd: Int
            if let feed = memchr(base + lineStart, 0x0A, count - lineStart) {
                lineEnd = base.distance(to: feed.assumingMemoryBound(to: UInt8.self))
            } else {
                lineEnd = count
            }
            defer { lineStart = lineEnd + 1 }
            let (start, end) = Self.trimmed(bytes, lineStart, lineEnd)
            if start == end { continue }
            if let heading = heading(
                bytes, lineStart: lineStart, lineEnd: lineEnd, trimmed: start..<end, textLinesBefore: textLines,
                longestTextLineBefore: longestTextLine)
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
        return found
    }

    /// The heading on the line `lineStart..<lineEnd`, whose trimmed text is the non-empty `trimmed`, or
    /// nil for a line of text. Judged by the line alone; the text lines before it are the caller's count.
    func heading(
        _ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, lineEnd: Int, trimmed: Range<Int>, textLinesBefore: Int,
        longestTextLineBefore: Int
    ) -> FoundHeading? {
        var (start, end) = (trimmed.lowerBound, trimmed.upperBound)
        // Most lines of a book are refused by their first bytes, before any heading is built.
        if custom == nil, !Self.mayBeHeading(bytes, start, end) { return nil }
        var heading: HeadingCandidate?
        // A heading inside an illustration's caption: `[Illustration: … Chapter I.]`.
        if custom == nil, let inner = EnglishHeading.insideCaption(bytes, start, end),
            let inside = candidate(bytes, inner.lowerBound, inner.upperBound), inside.family == .english
        {
            heading = inside
            (start, end) = (inner.lowerBound, inner.upperBound)
        } else {
            heading = candidate(bytes, start, end)
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
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[trimmed]), as: UTF8.self)
        var title = line
        var bodyStart = min(lineEnd + 1, count)
        var titleEnd = trimmed.upperBound
        if let column = candidate.bodyColumn, let cut = scalarOffset(bytes, trimmed, column) {
            titleEnd = Self.trimmed(bytes, trimmed.lowerBound, cut).1
            title = String(decoding: UnsafeBufferPointer(rebasing: bytes[trimmed.lowerBound..<titleEnd]), as: UTF8.self)
            bodyStart = cut
        }
        // The title after the marker, cut from the bytes once (no scalar arrays: an English book has a
        // heading every few kilobytes at most, a list of contents hundreds in a row).
        var titleAfterMarker = ""
        if let titleStart = candidate.titleStart, let from = scalarOffset(bytes, trimmed.lowerBound..<titleEnd, titleStart) {
            let (afterStart, afterEnd) = Self.trimmed(bytes, from, titleEnd)
            if afterStart < afterEnd {
                titleAfterMarker = String(decoding: UnsafeBufferPointer(rebasing: bytes[afterStart..<afterEnd]), as: UTF8.self)
            }
        }
        return FoundHeading(
            lineStart: lineStart, lineEnd: lineEnd, bodyStart: bodyStart, title: title, candidate: candidate,
            textLinesBefore: textLinesBefore, longestTextLineBefore: longestTextLineBefore,
            titleAfterMarker: titleAfterMarker, note: candidate.bodyColumn == nil ? nil : "run-on: the title ends where the body begins",
            lineText: line)
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

    private func candidate(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> HeadingCandidate? {
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let custom {
            let (matched, number) = custom.match(line)
            return matched
                ? HeadingCandidate(kind: .chapter, family: .chinese, number: number, unit: nil, volumeLabel: nil) : nil
        }
        guard Self.mayBeHeading(bytes, start, end) else { return nil }
        let first = decodeScalar(bytes, at: start).value
        guard end - start <= Self.maximumHeadingBytes else {
            guard first == 0x7B2C else { return nil }  // 第
            let prefix = Self.prefix(bytes, start, end, maximum: Self.maximumRunOnPrefixBytes)
            let scalars = Array(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<prefix]), as: UTF8.self).unicodeScalars)
            return HeadingMatcher.listLine(scalars) ?? RunOnHeading.match(scalars)
        }
        // An ASCII line's bytes are its scalars: no decoding (English headings and prose).
        let scalars =
            line.allSatisfy { $0 < 0x80 }
            ? line.map { Unicode.Scalar($0) } : Array(String(decoding: line, as: UTF8.self).unicodeScalars)
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

    /// Whether the trimmed line at `range` is a heading under the rules in use.
    func isCandidate(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        !range.isEmpty && candidate(bytes, range.lowerBound, range.upperBound) != nil
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

    /// The line without leading and trailing ASCII spaces, tabs, CRs and ideographic spaces (U+3000).
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ lineEnd: Int) -> (Int, Int) {
        var start = lineStart
        var end = lineEnd
        while start < end {
            let byte = bytes[start]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                start += 1
            } else if byte == 0xE3, start + 2 < end, bytes[start + 1] == 0x80, bytes[start + 2] == 0x80 {
                start += 3
            } else {
                break
            }
        }
        while end > start {
            let byte = bytes[end - 1]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                end -= 1
            } else if end - 3 >= start, bytes[end - 3] == 0xE3, bytes[end - 2] == 0x80, byte == 0x80 {
                end -= 3
            } else {
                break
            }
        }
        return (start, end)
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
        for index in found.indices where found[index].candidate.kind == .volume && found[index].candidate.number != nil {
            found[index].candidate.kind = .chapter
        }
    }

    /// A chapter heading that repeats the number of the chapter it sits in (a pasted title inside the
    /// text) is not a new chapter.
    func removeRepeatedHeadings(_ found: [FoundHeading]) -> [FoundHeading] {
        var result: [FoundHeading] = []
        var previousNumber: Int?
        for heading in found {
            switch heading.candidate.kind {
            case .volume:
                previousNumber = nil
            case .chapter:
                if let number = heading.candidate.number, number == previousNumber { continue }
                previousNumber = heading.candidate.number
            case .special:
                previousNumber = nil
            }
            result.append(heading)
        }
        return result
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
        if Self.hasText(bytes, 0..<firstHeading.lineStart) {
            let title = Self.frontTitle(bytes, 0..<firstHeading.lineStart) ?? (isChinese ? "开篇" : "Opening")
            entries.append(
                TOCEntry(
                    level: .chapter, title: title, number: nil, range: 0..<firstHeading.lineStart, bodyStart: 0,
                    volumeIndex: nil, kind: .front))
        }
        let firstStart = entries.isEmpty ? 0 : firstHeading.lineStart
        var currentVolume: Int?
        var currentVolumeLabel: String?
        for (position, heading) in found.enumerated() {
            let start = position == 0 ? firstStart : heading.lineStart
            let end = position + 1 < found.count ? found[position + 1].lineStart : count
            let candidate = heading.candidate
            switch candidate.kind {
            case .volume:
                entries.append(
                    TOCEntry(
                        level: .volume, title: heading.title, number: candidate.number, range: start..<end,
                        bodyStart: heading.bodyStart, volumeIndex: nil, kind: .volume))
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
                        level: .chapter, title: heading.title, number: candidate.number, range: chapterStart..<end,
                        bodyStart: heading.bodyStart, volumeIndex: volume,
                        kind: candidate.kind == .special ? .special : .chapter))
            }
        }
        return entries
    }

    /// Whether the range holds anything but whitespace.
    static func hasText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == 0xE3, index + 2 < range.upperBound, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 {
                index += 3
            } else {
                return true
            }
        }
        return false
    }

    /// The first non-blank line of the text before the first heading when it is short enough to be a
    /// title (usually the book's name).
    /// Only that line is decoded: the front matter may hold a list of contents of a thousand lines.
    static func frontTitle(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let (start, end) = trimmed(bytes, lineStart, lineEnd)
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
    /// titled `标题 (2)`, `标题 (3)` …
    func splitLongSections(_ entries: [TOCEntry], _ bytes: UnsafeBufferPointer<UInt8>) -> [TOCEntry] {
        var result: [TOCEntry] = []
        var volumeRemap: [Int: Int] = [:]
        for (index, entry) in entries.enumerated() {
            var entry = entry
            if let volume = entry.volumeIndex { entry.volumeIndex = volumeRemap[volume] }
            if entry.level == .volume {
                volumeRemap[index] = result.count
                result.append(entry)
                continue
            }
            // A section of fewer bytes than the limit cannot hold more characters: no need to count.
            guard entry.range.count > Self.longSectionCharacters,
                Self.scalarCount(bytes, entry.range) > Self.longSectionCharacters
            else {
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
                    piece.kind = .section
                    piece.number = nil
                }
                result.append(piece)
            }
        }
        return result
    }

    /// Ranges of about `sectionPartCharacters` each, cut after a line feed when there is one near the
    /// target, otherwise at a character boundary (a 2 MB line has no paragraph boundary).
    static func partBoundaries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        while scalarCount(bytes, start..<range.upperBound) > longSectionCharacters {
            // Walk `sectionPartCharacters` characters forward.
            var index = start
            var characters = 0
            while index < range.upperBound, characters < sectionPartCharacters {
                if bytes[index] & 0xC0 != 0x80 { characters += 1 }
                index += 1
            }
            while index < range.upperBound, bytes[index] & 0xC0 == 0x80 { index += 1 }
            // Prefer the next paragraph boundary within another part's length.
            var cut = index
            var probe = index
            let limit = min(range.upperBound, index + sectionPartCharacters * 3)
            while probe < limit, bytes[probe] != 0x0A { probe += 1 }
            if probe < limit { cut = probe + 1 }
            parts.append(start..<cut)
            start = cut
        }
        parts.append(start..<range.upperBound)
        return parts
    }

    /// Unicode scalars in the range (bytes that do not continue a UTF-8 sequence).
    /// Unicode scalars in the range (see `scalarCount` in Text/UTF8Scalars.swift).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        NovelCore.scalarCount(bytes, range)
    }
}
