import Foundation

/// Finds a book's headings and turns them into a `ChapterIndex` (see docs/chapters.md).
///
/// One pass over the lines: a line is a candidate when its first character can start a heading and it
/// is short, and `HeadingMatcher` (or the user's pattern) accepts it. Whole-book checks then pick the
/// Chinese or the English rules, drop lists of contents and duplicated headings, and split over-long
/// sections at paragraph boundaries.
public struct ChapterSplitter: Sendable {
    /// Bumped when the rules change, or an EPUB's text is made otherwise (the offsets of its navigation's
    /// entries move), so that cached indexes are rebuilt.
    public static let rulesVersion = 9
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
    /// bare heading's completed title, then the entries), when only the kept ones are left. An English
    /// book may have a heading every few hundred bytes, so arrays of Strings copied from step to step
    /// would cost more than the scan that found them (measured in docs/benchmarks.md, *Costs behind the
    /// code's shape*).
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
}
