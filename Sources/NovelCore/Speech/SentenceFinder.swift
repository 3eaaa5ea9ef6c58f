import CICU

/// Splits a chapter as it is shown into the sentences read aloud, with ICU's sentence break iterator
/// (UAX #29: `。！？` and `.!?` end a sentence with the closing quotes and brackets after them; a line
/// end ends one too). Each heading line is one sentence of its own. Sentences with nothing to say
/// (a row of `……` or `***`, an image placeholder, an illustration's caption line) are left out, and
/// footnote markers are cut from what is said (`UnspokenMarks`).
public enum SentenceFinder {
    /// The sentences of `book.index.entries[entry]` as shown under `options`, in order.
    public static func sentences(_ book: Book, entry: Int, options: DisplayOptions) -> [SpokenSentence] {
        let shown = ShownChapter.text(book, entry: entry, options: options)
        let chapter = book.index.entries[entry].range
        let notes = (book.markup?.links ?? []).filter { $0.isNote && chapter.overlaps($0.range) }.map {
            shown.map.displayOffset(
                ofOriginal: $0.range.lowerBound)..<shown.map.displayOffset(ofOriginal: $0.range.upperBound)
        }
        return sentences(in: shown, script: book.profile.script, notes: notes)
    }

    /// The sentences of `shown`; `notes` are display ranges of note references, not spoken.
    public static func sentences(
        in shown: DisplayText, script: TextProfile.Script, notes: [Range<Int>] = []
    ) -> [SpokenSentence] {
        let text = ScalarText(shown.utf8)
        var unspoken = UnspokenMarks.ranges(in: text.scalars)
        unspoken += notes.map { text.scalarIndex(atByte: $0.lowerBound)..<text.scalarIndex(atByte: $0.upperBound) }
        let bodyStart = min(max(0, shown.bodyStart), shown.utf8.count)
        var body = shown.utf8.withUnsafeBufferPointer { bytes in
            boundaries(bytes, bodyStart..<bytes.count, locale: locale(script)).map {
                text.scalarIndex(atByte: $0.lowerBound)..<text.scalarIndex(atByte: $0.upperBound)
            }
        }
        body = openingMarksMovedForward(body, text)
        body = joiningContinuations(body, text, script: script)
        body = body.flatMap { cutAtClauses($0, text, longest: longestSentence(script)) }
        let segments =
            lines(text, 0..<text.scalarIndex(atByte: bodyStart)).map { ($0, true) } + body.map { ($0, false) }
        return segments.compactMap { segment, isHeading in
            sentence(text, segment, in: shown, unspoken: unspoken, isHeading: isHeading)
        }
    }

    /// The ICU locale whose sentence rules fit the script: English with the abbreviation list (`Mr.`,
    /// `e.g.` end no sentence), Chinese otherwise.
    static func locale(_ script: TextProfile.Script) -> String {
        switch script {
        case .latin: "en@ss=standard"
        case .cjk: "zh"
        }
    }

    /// The pieces of `range` between ICU's sentence boundaries, in bytes.
    static func boundaries(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, locale: String) -> [Range<Int>] {
        guard !range.isEmpty, let base = bytes.baseAddress else { return [] }
        var error: Int32 = 0
        guard
            let iterator = nicu_break_open_utf8(
                Int32(NICU_BREAK_SENTENCE), locale, base + range.lowerBound, Int64(range.count), &error)
        else { preconditionFailure("ICU sentence break iterator: \(String(cString: nicu_error_name(error)))") }
        defer { nicu_break_close(iterator) }
        var pieces: [Range<Int>] = []
        var start = Int(nicu_break_first(iterator))
        while true {
            let end = Int(nicu_break_next(iterator))
            if end < 0 { break }
            pieces.append((range.lowerBound + start)..<(range.lowerBound + end))
            start = end
        }
        return pieces
    }

    /// `segments` with the opening quotes and brackets that end one moved to the start of the next: UAX #29
    /// counts every quotation mark as closing, so `！“你还不睡吗？”` would leave `“` behind with `！`.
    private static func openingMarksMovedForward(_ segments: [Range<Int>], _ text: ScalarText) -> [Range<Int>] {
        var moved = segments
        for index in moved.indices.dropLast() {
            var end = moved[index].upperBound
            while end > moved[index].lowerBound, isBreakOrBlank(text.scalars[end - 1]) { end -= 1 }
            var cut = end
            while cut > moved[index].lowerBound, isOpening(text.scalars[cut - 1]) { cut -= 1 }
            guard cut < end, cut > moved[index].lowerBound else { continue }
            moved[index] = moved[index].lowerBound..<cut
            moved[index + 1] = cut..<moved[index + 1].upperBound
        }
        return moved
    }

    private static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .openPunctuation || category == .initialPunctuation
    }

    /// `segments` with each one that goes on from the one before joined to it. UAX #29 ends a piece at every
    /// line end and, in Latin text, after `?` and `!` whatever follows; but a sentence never ends with a
    /// clause mark (`，、；：` `,;:`) — a line that does was cut where the sentence goes on (a hard-wrapped line,
    /// the first line of a couplet) — and in Latin text never starts with a small letter (`“Will it pass?”
    /// asked his wife.`, a hard-wrapped line). Only across one line end: a blank line ends a paragraph.
    private static func joiningContinuations(
        _ segments: [Range<Int>], _ text: ScalarText, script: TextProfile.Script
    ) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        for segment in segments {
            if let last = joined.last, goesOn(from: last, into: segment, text, script: script) {
                joined[joined.count - 1] = last.lowerBound..<segment.upperBound
            } else {
                joined.append(segment)
            }
        }
        return joined
    }

    /// Whether the sentence of the piece `last` goes on in `next`, the piece after it.
    private static func goesOn(
        from last: Range<Int>, into next: Range<Int>, _ text: ScalarText, script: TextProfile.Script
    ) -> Bool {
        let scalars = text.scalars
        guard let end = last.last(where: { !isBreakOrBlank(scalars[$0]) }),
            let first = next.first(where: { !isBreakOrBlank(scalars[$0]) })
        else { return false }
        // The line ends between the two pieces' words (a piece joined before may hold others: a poem's lines).
        let lineEnds = (end..<last.upperBound).count { isLineBreak(scalars[$0]) }
        guard lineEnds <= 1 else { return false }
        let startsSmall = script == .latin && scalars[first].properties.isLowercase
        return lineEnds == 0 ? startsSmall : startsSmall || clauseMarks.contains(scalars[end])
    }

    /// Marks that end a clause, never a sentence: a sentence goes on after them, and a long one is cut there.
    static let clauseMarks: Set<Unicode.Scalar> = ["，", "、", "；", "：", ",", ";", ":"]

    /// The longest sentence spoken as one utterance, in scalars: a longer one (a list of eighty items in one
    /// sentence, a page-long period) is cut at its clause marks, so that the highlight, a pause and a stop
    /// stay near the voice. Chinese sentences run to about 100 characters at most (the 99th percentile of
    /// the corpus books is under 100); English ones to about 400 letters.
    static func longestSentence(_ script: TextProfile.Script) -> Int {
        switch script {
        case .cjk: 150
        case .latin: 500
        }
    }

    /// `segment` cut after clause marks into pieces of at most `longest` scalars where it can be: each cut
    /// at the last clause mark that keeps the piece within `longest` (the first one after, when none does).
    private static func cutAtClauses(_ segment: Range<Int>, _ text: ScalarText, longest: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = segment.lowerBound
        while segment.upperBound - start > longest {
            let marks = (start..<segment.upperBound).filter { clauseMarks.contains(text.scalars[$0]) }
            // A mark near the end would leave a piece of a few characters: not worth a cut.
            let usable = marks.filter { segment.upperBound - $0 > longest / 10 }
            guard let mark = usable.last(where: { $0 - start < longest }) ?? usable.first else { break }
            var cut = mark + 1
            while cut < segment.upperBound, isBreakOrBlank(text.scalars[cut]) || isCloser(text.scalars[cut]) {
                cut += 1
            }
            pieces.append(start..<cut)
            start = cut
        }
        pieces.append(start..<segment.upperBound)
        return pieces
    }

    /// A closing quote or bracket, which stays with the clause it closes.
    private static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .closePunctuation || category == .finalPunctuation
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == DisplayText.lineSeparator
    }

    /// The lines of the scalars `range`, cut at line feeds and kept line breaks (U+2028).
    private static func lines(_ text: ScalarText, _ range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where isLineBreak(text.scalars[index]) {
            found.append(start..<index)
            start = index + 1
        }
        if start < range.upperBound { found.append(start..<range.upperBound) }
        return found
    }

    /// The sentence the scalars `segment` make, or nil when they have nothing to say.
    private static func sentence(
        _ text: ScalarText, _ segment: Range<Int>, in shown: DisplayText, unspoken: [Range<Int>], isHeading: Bool
    ) -> SpokenSentence? {
        let scalars = text.scalars
        guard let first = segment.first(where: { !isBreakOrBlank(scalars[$0]) }),
            let last = segment.last(where: { !isBreakOrBlank(scalars[$0]) })
        else { return nil }
        if UnspokenMarks.isCaptionLine(scalars[first]) { return nil }
        let cut = unspoken.filter { $0.overlaps(first..<(last + 1)) }
        var said = String.UnicodeScalarView()
        for position in first...last where !cut.contains(where: { $0.contains(position) }) {
            // Blanks and line ends are one space; a marker cut from between two of them leaves one.
            if isBreakOrBlank(scalars[position]) {
                if said.last != " " { said.append(" ") }
            } else {
                said.append(scalars[position])
            }
        }
        guard said.contains(where: isSpeakable) else { return nil }
        let shownRange = text.offsets[first]..<text.offsets[last + 1]
        return SpokenSentence(
            range: shown.map.originalRange(shownRange), shown: shownRange, text: String(said), isHeading: isHeading)
    }

    private static func isBreakOrBlank(_ scalar: Unicode.Scalar) -> Bool {
        Blanks.isBlankScalar(scalar) || scalar.properties.isWhitespace
    }

    /// A letter or a number: something a voice says (punctuation alone is not).
    private static func isSpeakable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
