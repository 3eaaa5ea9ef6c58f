import Foundation

/// Turns one chapter of the book text into the text that is shown: hard-wrapped lines joined into
/// paragraphs (`ParagraphJoin`), straight quotes paired (`QuotePairing`) and shown curly, `--` shown as
/// an em dash in Latin text, Gutenberg `_italics_` without underscores, illustrations and editorial
/// notes shown as one caption line or hidden (`EditorialBlock`), site junk and running heads hidden
/// (`SiteJunk`, `RunningHeads`), then the
/// user's cleaning rules (`RulePass`), then Simplified ⇄ Traditional conversion (`ChineseConversion`). A pure function of the
/// bytes, the book's profile and the options. What the layouter reads (`chapterText`, for a `Book`'s
/// chapter in `DisplayTransform+Book.swift`) is nil-cost when
/// nothing would change, and a list of hidden lines when only whole lines are hidden, so that an
/// untouched chapter and a chapter that only loses junk lines cost no copy.
public enum DisplayTransform {
    /// The whole of `utf8` as one chapter body (for tests and fuzzing): any bytes, any options.
    public static func display(_ utf8: [UInt8], profile: TextProfile, options: DisplayOptions) -> DisplayText? {
        utf8.withUnsafeBufferPointer {
            shown($0, chapter: 0..<$0.count, bodyStart: 0, profile: profile, options: options, keepHiddenLines: false)
                .displayText
        }
    }

    /// How `chapter` (a running head before `headingStart`, heading lines before `bodyStart`) of `bytes`
    /// is shown; with `keepHiddenLines` false, hidden lines alone make a display text too. `rubyReadings`
    /// are the ruby readings in the chapter (an EPUB's, `BookMarkup`), hidden when `options.ruby` says so;
    /// `verbatim`, its runs of code and preformatted text, in text order, which typography leaves alone;
    /// `preformatted`, its runs of preformatted text alone, whose lines reflow never joins.
    /// The Chinese conversion (`ChineseConversion`) comes last, over what the other transforms show; a
    /// configuration that cannot be loaded shows the text unconverted (the reader and the commands report
    /// it when it is chosen).
    static func shown(
        _ bytes: UnsafeBufferPointer<UInt8>, chapter: Range<Int>, bodyStart: Int, headingStart: Int? = nil,
        profile: TextProfile, options: DisplayOptions, keepHiddenLines: Bool, recent: RecentConversions = .shared,
        rubyReadings: ArraySlice<Range<Int>> = [], verbatim: [Range<Int>] = [], preformatted: [Range<Int>] = []
    ) -> ChapterText {
        let bodyStart = min(max(bodyStart, chapter.lowerBound), chapter.upperBound)
        let headingStart = min(max(headingStart ?? chapter.lowerBound, chapter.lowerBound), bodyStart)
        let converting = options.convert != .none
        let shown = beforeConversion(
            bytes, chapter: chapter, bodyStart: bodyStart, headingStart: headingStart, profile: profile,
            options: options, keepHiddenLines: keepHiddenLines && !converting,
            hiddenReadings: options.ruby == .hidden ? rubyReadings : [], verbatim: verbatim, preformatted: preformatted)
        guard converting, !chapter.isEmpty, chapter.upperBound <= bytes.count else { return shown }
        let source = shown.displayText ?? unchanged(bytes, chapter: chapter, bodyStart: bodyStart)
        guard let converted = ChineseConversion.convert(source, options.convert, recent: recent) else { return shown }
        return .display(converted)
    }

    /// `chapter` with every transform but the conversion: reflow, quotes, site junk, hidden ruby readings,
    /// then the cleaning rules.
    private static func beforeConversion(
        _ bytes: UnsafeBufferPointer<UInt8>, chapter: Range<Int>, bodyStart: Int, headingStart: Int,
        profile: TextProfile, options: DisplayOptions, keepHiddenLines: Bool, hiddenReadings: ArraySlice<Range<Int>>,
        verbatim: [Range<Int>], preformatted: [Range<Int>]
    ) -> ChapterText {
        let rules = options.cleaning.rules
        var shown = transform(
            bytes, chapter: chapter, bodyStart: bodyStart, headingStart: headingStart, profile: profile,
            options: options, keepHiddenLines: keepHiddenLines && rules.isEmpty && hiddenReadings.isEmpty,
            verbatim: verbatim, preformatted: preformatted)
        guard !chapter.isEmpty, chapter.upperBound <= bytes.count else { return shown }
        if !hiddenReadings.isEmpty,
            let hidden = RubyPass.hide(
                hiddenReadings, in: shown.displayText ?? unchanged(bytes, chapter: chapter, bodyStart: bodyStart))
        {
            shown = .display(hidden)
        }
        if !rules.isEmpty,
            let cleaned = RulePass.apply(
                rules, to: shown.displayText ?? unchanged(bytes, chapter: chapter, bodyStart: bodyStart))
        {
            shown = .display(cleaned)
        }
        return shown
    }

    /// `chapter` of `bytes` as a display text that shows it as it is.
    static func unchanged(_ bytes: UnsafeBufferPointer<UInt8>, chapter: Range<Int>, bodyStart: Int) -> DisplayText {
        var text = DisplayText(capacity: chapter.count)
        text.copy(bytes, chapter)
        text.bodyStart = text.map.displayOffset(ofOriginal: min(max(bodyStart, chapter.lowerBound), chapter.upperBound))
        return text
    }

    /// The transforms before the conversion: reflow, quotes, italics, site junk and running heads; quotes
    /// and dashes are left as written inside `verbatim`; a line that starts in `preformatted` is never
    /// joined to the line before it, nor the line after it to it.
    private static func transform(
        _ bytes: UnsafeBufferPointer<UInt8>, chapter: Range<Int>, bodyStart: Int, headingStart: Int,
        profile: TextProfile, options: DisplayOptions, keepHiddenLines: Bool, verbatim: [Range<Int>],
        preformatted: [Range<Int>]
    ) -> ChapterText {
        guard !chapter.isEmpty, chapter.upperBound <= bytes.count else { return .asWritten }
        let body = min(max(bodyStart, chapter.lowerBound), chapter.upperBound)..<chapter.upperBound
        let reflow = options.reflows(profile)
        let quoteMarks = Self.quoteMarks(bytes, body, profile: profile, options: options)
        let illustrations = options.illustrations != .raw || reflow ? EditorialBlock.mayHold(bytes, body) : false
        var writer = Writer(bytes, chapter: chapter)
        var junk = options.hideSiteJunk ? JunkScan(mask: options.cleaning.builtInMask) : nil
        let joiner = ParagraphJoin(profile: profile)
        var pairing = QuotePairing(smart: options.smartQuotes, latin: profile.script == .latin)
        var verbatim = VerbatimCursor(ranges: verbatim)
        var preformatted = VerbatimCursor(ranges: preformatted)
        let perLine = reflow || quoteMarks.any || illustrations
        // A line at least this wide is full whatever follows it (the join test's bound).
        let wideEnough = (profile.wrapWidth ?? Int.max / 4) + 4
        guard perLine || junk != nil else { return .asWritten }

        var lineStart = chapter.lowerBound
        var previous: LineFacts?
        while lineStart < chapter.upperBound {
            let lineEnd = LineBounds.end(bytes, from: lineStart, limit: chapter.upperBound)
            let next = min(lineEnd + 1, chapter.upperBound)
            var textStart = lineStart
            if junk != nil {
                let content = Blanks.trimmed(bytes, lineStart..<lineEnd)
                // A running head the site repeated before the chapter's own heading (`RunningHeads`), and
                // the blank lines after it, are hidden whole, as a line of junk is.
                let hidden = lineStart < headingStart ? content.upperBound : junk?.hidden(bytes, content)
                if hidden == content.upperBound {
                    writer.hideLine(lineStart..<next)
                    (previous, lineStart) = (nil, next)
                    pairing.endParagraph()
                    continue
                }
                if let hidden {
                    writer.change(content.lowerBound..<hidden, to: [])
                    textStart = hidden
                }
            }
            guard lineStart >= body.lowerBound && perLine else {
                lineStart = next
                continue
            }
            // An illustration or an editorial note: never running text.
            if illustrations, textStart == lineStart,
                let block = EditorialBlock.at(bytes, lineStart, limit: chapter.upperBound)
            {
                block.show(options.illustrations, writer: &writer)
                (previous, lineStart) = (nil, block.end)
                pairing.endParagraph()
                continue
            }
            // Widths are needed only to decide joins.
            let facts =
                reflow
                ? LineFacts.of(bytes, textStart..<lineEnd, wideEnough: wideEnough)
                : LineFacts.ends(bytes, textStart..<lineEnd)
            if facts.isBlank {
                (previous, lineStart) = (nil, next)
                pairing.endParagraph()
                continue
            }
            var startsParagraph = true
            // A preformatted line keeps its line ends, before and after it.
            let isPreformatted = reflow && preformatted.contains(lineStart)
            if reflow, textStart == lineStart, let before = previous, !isPreformatted {
                startsParagraph = !join(bytes, joiner, before, facts, lineStart: lineStart, writer: &writer)
            }
            if startsParagraph { pairing.startParagraph(bytes, facts) }
            if quoteMarks.any {
                markQuoteMarks(
                    bytes, facts.content, quoteMarks, writer: &writer, pairing: &pairing, verbatim: &verbatim)
            }
            (previous, lineStart) = (isPreformatted ? nil : facts, next)
        }
        return writer.finish(bodyStart: body.lowerBound, keepHiddenLines: keepHiddenLines)
    }

    /// The marks `body` is looked at for. Latin quotes and dashes are typography, shown only with
    /// smartQuotes; CJK quotes are paired for line breaking either way.
    private static func quoteMarks(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: Range<Int>, profile: TextProfile, options: DisplayOptions
    ) -> QuoteMarks {
        let latin = profile.script == .latin
        let typography = latin && options.smartQuotes && options.pairQuotes
        let quotes =
            options.pairQuotes && (!latin || typography) && (contains(bytes, body, 0x22) || contains(bytes, body, 0x27))
        let dashes = typography && containsDoubleHyphen(bytes, body)
        let italics = options.reflows(profile) && latin && contains(bytes, body, 0x5F)
        return QuoteMarks(quotes: quotes, italics: italics, dashes: dashes)
    }

    /// Joins the line `facts` to the line `before` when the book's paragraphs say it goes on; whether it did.
    private static func join(
        _ bytes: UnsafeBufferPointer<UInt8>, _ joiner: ParagraphJoin, _ before: LineFacts, _ facts: LineFacts,
        lineStart: Int, writer: inout Writer
    ) -> Bool {
        switch joiner.join(bytes, before, facts) {
        case .joined(let separator):
            writer.change(before.content.upperBound..<facts.content.lowerBound, to: separator)
        case .lineBreak:
            // The line end itself, so that the line keeps its indentation.
            writer.change(before.range.upperBound..<lineStart, to: ParagraphJoin.lineSeparator)
        case .paragraph:
            return false
        }
        return true
    }

    /// Which typographic marks a chapter's lines are looked at for: straight quotes, Gutenberg underscores
    /// (italics) and `--` dashes.
    struct QuoteMarks {
        var quotes: Bool
        var italics: Bool
        var dashes: Bool
        var any: Bool { quotes || italics || dashes }
    }

    static let emDash: [UInt8] = Array("\u{2014}".utf8)

    /// Straight quotes (paired, curly when `smartQuotes`), Gutenberg underscores and `--` dashes in
    /// `content`.
    private static func markQuoteMarks(
        _ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, _ quoteMarks: QuoteMarks, writer: inout Writer,
        pairing: inout QuotePairing, verbatim: inout VerbatimCursor
    ) {
        // The marks are rare: each kind is found with memchr, and they are handled in text order.
        let end = content.upperBound
        var nextDouble = quoteMarks.quotes ? find(bytes, 0x22, from: content.lowerBound, to: end) : end
        var nextSingle = quoteMarks.quotes ? find(bytes, 0x27, from: content.lowerBound, to: end) : end
        var nextUnderscore = quoteMarks.italics ? find(bytes, 0x5F, from: content.lowerBound, to: end) : end
        var nextHyphen = quoteMarks.dashes ? find(bytes, 0x2D, from: content.lowerBound, to: end) : end
        while true {
            let index = min(nextDouble, nextSingle, nextUnderscore, nextHyphen)
            guard index < end else { break }
            let byte = bytes[index]
            if verbatim.contains(index) {
                switch byte {
                case 0x2D: nextHyphen = find(bytes, 0x2D, from: index + 1, to: end)
                case 0x5F: nextUnderscore = find(bytes, 0x5F, from: index + 1, to: end)
                case 0x22: nextDouble = find(bytes, 0x22, from: index + 1, to: end)
                default: nextSingle = find(bytes, 0x27, from: index + 1, to: end)
                }
                continue
            }
            if byte == 0x2D {
                // `--` is an em dash, `----` two; a single hyphen or another run stays as written.
                var run = index
                while run < end, bytes[run] == 0x2D { run += 1 }
                if run - index == 2 || run - index == 4 {
                    writer.change(
                        index..<run, to: Array([[UInt8]](repeating: emDash, count: (run - index) / 2).joined()))
                }
                nextHyphen = find(bytes, 0x2D, from: run, to: end)
                continue
            }
            if byte == 0x5F {
                nextUnderscore = find(bytes, 0x5F, from: index + 1, to: end)
                let before = index > content.lowerBound ? bytes[index - 1] : 0x20
                let after = index + 1 < end ? bytes[index + 1] : 0x20
                if isWordByte(before) != isWordByte(after) { writer.change(index..<(index + 1), to: []) }
                continue
            }
            if byte == 0x22 {
                nextDouble = find(bytes, 0x22, from: index + 1, to: end)
            } else {
                nextSingle = find(bytes, 0x27, from: index + 1, to: end)
            }
            let before =
                index > content.lowerBound
                ? LineFacts.scalar(
                    bytes, at: LineFacts.scalarStart(bytes, before: index, floor: content.lowerBound), end: index) : 0
            let after = index + 1 < end ? LineFacts.scalar(bytes, at: index + 1, end: end) : 0
            let elision = byte == 0x27 && pairing.latin && QuotePairing.isElision(bytes, from: index + 1, to: end)
            guard let mark = pairing.role(of: byte, before: before, after: after, elision: elision) else { continue }
            if let opens = mark.opens {
                writer.markQuote(at: index, opens: opens, shown: mark.shown)
            } else if let shown = mark.shown {
                writer.change(index..<(index + 1), to: shown)
            }
        }
    }

    /// Runs of code and preformatted text (an EPUB's `TextStyle.code`), asked in text order.
    struct VerbatimCursor {
        let ranges: [Range<Int>]
        var current = 0

        /// Whether `offset` lies in a run; offsets are asked in increasing order.
        mutating func contains(_ offset: Int) -> Bool {
            while current < ranges.count, ranges[current].upperBound <= offset { current += 1 }
            return current < ranges.count && ranges[current].lowerBound <= offset
        }
    }

    /// Whether `range` holds `--`.
    private static func containsDoubleHyphen(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = find(bytes, 0x2D, from: range.lowerBound, to: range.upperBound)
        while index + 1 < range.upperBound {
            if bytes[index + 1] == 0x2D { return true }
            index = find(bytes, 0x2D, from: index + 2, to: range.upperBound)
        }
        return false
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ byte: UInt8) -> Bool {
        find(bytes, byte, from: range.lowerBound, to: range.upperBound) < range.upperBound
    }

    /// The first `byte` in `start..<end`, or `end`.
    static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ byte: UInt8, from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress, start < end else { return end }
        guard let found = memchr(base + start, Int32(byte), end - start) else { return end }
        return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + start))
    }

    /// Letters, digits and the bytes of non-ASCII characters.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Junk hiding for one chapter: the built-in rules, their patterns compiled only once a line holds a hint.
    private struct JunkScan {
        private let table = SiteJunk.builtInHints
        private var matcher: SiteJunk.Matcher?
        /// The built-in rules switched on (`rules.json`), one bit each.
        let mask: UInt64

        init(mask: UInt64) { self.mask = mask }

        mutating func hidden(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
            guard line.count >= 2, line.count <= SiteJunk.longestJunkLine, table.candidates(bytes, line) & mask != 0
            else { return nil }
            if matcher == nil { matcher = SiteJunk.Matcher(table) }
            return matcher?.hidden(bytes, line, mask: mask)?.end
        }
    }

    /// Builds the display text lazily: original bytes are copied only once a first change inside a
    /// line shows the chapter differs; until then hidden whole lines are only listed, so an untouched
    /// chapter allocates nothing and one that only hides lines allocates the list.
    struct Writer {
        let source: UnsafeBufferPointer<UInt8>
        let chapter: Range<Int>
        private var display: DisplayText?
        /// Original bytes from here up to the next change are still to be copied.
        private var copied: Int
        /// Whole lines hidden while there is no display text yet.
        private var hiddenLines: [Range<Int>] = []

        init(_ source: UnsafeBufferPointer<UInt8>, chapter: Range<Int>) {
            self.source = source
            self.chapter = chapter
            copied = chapter.lowerBound
        }

        /// Hides the whole source line `range` (its line end included).
        mutating func hideLine(_ range: Range<Int>) {
            if display == nil { hiddenLines.append(range) } else { change(range, to: []) }
        }

        /// Starts the display text, with the lines hidden so far.
        private mutating func startDisplay() {
            guard display == nil else { return }
            display = DisplayText(capacity: chapter.count + chapter.count / 16 + 16)
            let listed = hiddenLines
            hiddenLines = []
            for line in listed { change(line, to: []) }
        }

        /// Shows `replacement` instead of original bytes `range` (changes come in order).
        mutating func change(_ range: Range<Int>, to replacement: [UInt8]) {
            startDisplay()
            flush(upTo: range.lowerBound)
            display?.replace(range, with: replacement)
            copied = max(copied, range.upperBound)
        }

        /// A straight quote at `index`: its role for the line breaker, and the glyph shown.
        mutating func markQuote(at index: Int, opens: Bool, shown: [UInt8]?) {
            startDisplay()
            flush(upTo: index)
            display?.markQuote(opens: opens)
            if let shown { change(index..<(index + 1), to: shown) }
        }

        private mutating func flush(upTo end: Int) {
            guard end > copied else { return }
            display?.copy(source, copied..<end)
            copied = end
        }

        mutating func finish(bodyStart: Int, keepHiddenLines: Bool) -> ChapterText {
            if display == nil {
                if hiddenLines.isEmpty { return .asWritten }
                if keepHiddenLines { return .hidingLines(hiddenLines) }
                startDisplay()
            }
            flush(upTo: chapter.upperBound)
            guard var result = display else { return .asWritten }
            result.bodyStart = result.map.displayOffset(ofOriginal: bodyStart)
            return .display(result)
        }
    }
}
