/// English headings on one trimmed line, in the forms English books use (see docs/chapters.md,
/// *English*): a word and a number (`Chapter XII.`, `CHAPTER ONE`, `Chapter the First`, `Letter 4`,
/// `STAVE I`, `BOOK I`, `Part the Second`, `VOLUME II`) with an optional title after `. `, `: ` or a dash; a Roman
/// numeral alone (`IV`, `IV.`) or before a title (`IV. THE STORM`); and named sections (PREFACE,
/// INTRODUCTION …). Whole-book checks (`NumeralHeadings`, `ListOfContents`) decide which survive.
enum EnglishHeading {
    /// Words that head a numbered unit, and the kind of unit.
    static let numberedWords: [String: HeadingCandidate.Kind] = [
        "chapter": .chapter, "letter": .chapter, "stave": .chapter, "book": .volume, "part": .volume,
        "volume": .volume,
    ]
    /// Sections outside the numbered run.
    static let sectionWords: Set<String> = [
        "preface", "introduction", "prologue", "etymology", "extracts", "epilogue", "conclusion", "afterword",
        "appendix", "notes", "foreword",
    ]
    /// The sections that open a book, before its first chapter; the others (an epilogue, an appendix) close
    /// it. A list of contents names its closing sections after its last chapter, and the body's opening
    /// sections follow the list (`ListOfContents`).
    static let openingSectionWords: Set<String> = [
        "preface", "introduction", "prologue", "etymology", "extracts", "foreword",
    ]
    static let numberWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    static let tensWords = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    static let ordinalWords = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
        "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth",
    ]
    static let tensOrdinals = [
        "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth", "eightieth", "ninetieth",
    ]
    /// The words above as lower-case ASCII bytes, compared with a line's scalars without building Strings.
    static let numberedWordBytes = numberedWords.map { (word: Array($0.key.utf8), kind: $0.value) }
    static let sectionWordBytes = sectionWords.map { Array($0.utf8) }
    static let numberWordBytes = numberWords.map { Array($0.utf8) }
    static let tensWordBytes = tensWords.map { Array($0.utf8) }
    static let ordinalWordBytes = ordinalWords.map { Array($0.utf8) }
    static let tensOrdinalBytes = tensOrdinals.map { Array($0.utf8) }
    static let letterWord = Array("letter".utf8)
    static let theWord = Array("the".utf8)
    /// The opening of an illustration block whose caption may hold a heading.
    static let illustrationOpening = Array("[Illustration".utf8)

    /// Keywords lowercased, by their first letter (a = 0), for the byte prefilter.
    private static let keywordsByInitial: [[[UInt8]]] = {
        var table = [[[UInt8]]](repeating: [], count: 26)
        for word in Array(numberedWords.keys) + Array(sectionWords) {
            let bytes = Array(word.utf8)
            table[Int(bytes[0] - 0x61)].append(bytes)
        }
        return table
    }()

    /// For each capital (A = 0), the second letters of the keywords it starts, as bits (a = bit 0): a line
    /// whose first two letters start no keyword has none for its first word (`HeadingPrefilter`).
    static let keywordSecondLetters: InlineArray<26, UInt32> = {
        var table = InlineArray<26, UInt32>(repeating: 0)
        for (initial, keywords) in keywordsByInitial.enumerated() {
            for keyword in keywords { table[initial] |= 1 << UInt32(keyword[1] - 0x61) }
        }
        return table
    }()

    /// Whether an ASCII line (`start..<end`, trimmed) may be an English heading: its first word is a
    /// keyword or Roman digits in capitals. A byte test without allocation, so that the prose of an
    /// English book costs no decoding.
    static func mayStart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        guard first >= 0x41, first <= 0x5A else { return true }  // not an English heading's capital: other rules decide
        var index = start
        while index < end, isRomanDigit(bytes[index]) { index += 1 }
        // A numeral alone, or before a full stop (`IV.`, `IV. THE STORM`); `I went` is prose.
        if index > start && (index == end || bytes[index] == 0x2E) { return true }
        for keyword in keywordsByInitial[Int(first - 0x41)] where end - start >= keyword.count {
            var matches = true
            for offset in 0..<keyword.count where bytes[start + offset] | 0x20 != keyword[offset] {
                matches = false
                break
            }
            if matches && (start + keyword.count == end || !isLetter(bytes[start + keyword.count])) { return true }
        }
        return false
    }

    @inline(__always) static func isRomanDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x49, 0x56, 0x58, 0x4C, 0x43, 0x44, 0x4D: true  // I V X L C D M
        default: false
        }
    }

    @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A
    }

    /// The part of the trimmed line `start..<end` that holds a heading inside an illustration caption
    /// (`[Illustration: Chapter I.]`, or `Chapter I.]` closing a caption that began lines before), or
    /// nil when the line is not part of a caption.
    static func insideCaption(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        var lower = start
        var upper = end
        var framed = false
        if end - start >= illustrationOpening.count,
            bytes[start..<(start + illustrationOpening.count)].elementsEqual(illustrationOpening)
        {
            lower += illustrationOpening.count
            if lower < upper, bytes[lower] == 0x3A { lower += 1 }
            framed = true
        }
        if upper > lower, bytes[upper - 1] == 0x5D, framed || !bytes[lower..<upper].contains(0x5B) {
            upper -= 1
            framed = true
        }
        guard framed else { return nil }
        let (trimmedStart, trimmedEnd) = Blanks.trimmed(bytes, lower, upper)
        return trimmedStart < trimmedEnd ? trimmedStart..<trimmedEnd : nil
    }

    // MARK: Named sections

    /// The section's name in the heading line at `line` (its first word, `PREFACE` in `PREFACE TO THE SECOND
    /// EDITION`), to compare two named sections without building Strings.
    static func sectionName(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Range<Int> {
        var end = line.lowerBound
        while end < line.upperBound, isLetter(bytes[end]) { end += 1 }
        return line.lowerBound..<end
    }

    /// Whether the heading lines at `first` and `second` start with the same word in any case: they name
    /// the same section (`EXTRACTS.` and `Extracts (Supplied by a Sub-Sub-Librarian)`) or the same unit
    /// (`PART I`, `Part II`; not `Book I`).
    static func sameName(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
        let one = sectionName(bytes, first)
        let other = sectionName(bytes, second)
        return !one.isEmpty && one.count == other.count
            && zip(one, other).allSatisfy { bytes[$0] | 0x20 == bytes[$1] | 0x20 }
    }

    /// Whether the heading line at `line` names a section that opens a book (`openingSectionWords`).
    static func opensBook(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        let name = sectionName(bytes, line)
        return openingSectionWordBytes.contains { word in
            word.count == name.count && zip(word, name).allSatisfy { $0 == bytes[$1] | 0x20 }
        }
    }

    static let openingSectionWordBytes = openingSectionWords.map { Array($0.utf8) }

    // MARK: Where a title ends

    /// Where the title on a heading line at `line` ends: before an illustration marker on the line
    /// (`CHAPTER II. [Illustration]`) and before the page number a list of contents gives after a leader
    /// of dots or a wide space (`CHAPTER I. The Arrival ........ 12`, `I. PLAYING PILGRIMS        7`). Neither
    /// is part of the title.
    static func titleEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int {
        var end = line.upperBound
        if let marker = illustrationStart(bytes, line) { end = marker }
        end = pageNumberStart(bytes, line.lowerBound..<end) ?? end
        return Blanks.trimmed(bytes, line.lowerBound, end).1
    }

    /// The start of an illustration marker (`[Illustration]`, `[Illustration: The Inn]`) that closes the
    /// line at `line` after something else, or nil.
    static func illustrationStart(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        guard line.count > illustrationOpening.count, bytes[line.upperBound - 1] == 0x5D else { return nil }
        var start = line.upperBound - illustrationOpening.count
        while start >= line.lowerBound {
            if bytes[start..<(start + illustrationOpening.count)].elementsEqual(illustrationOpening) { return start }
            start -= 1
        }
        return nil
    }

    /// Whether the trimmed line at `line` opens an illustration block (`[Illustration]`, or `[Illustration:`
    /// and a caption that may go on over more lines).
    static func opensIllustration(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        line.count >= illustrationOpening.count
            && bytes[line.lowerBound..<(line.lowerBound + illustrationOpening.count)].elementsEqual(illustrationOpening)
    }

    /// Spaces or dots that lead to a page number: at least this many.
    static let minimumLeader = 2

    /// Where a page number at the end of the line at `line` begins, with the dots or the wide space that
    /// lead to it (`……… 12`, `. . . 12`, `   xii`); nil when the line does not end so. A number after one
    /// space is part of the title (`The Year 1812`).
    static func pageNumberStart(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        var start = line.upperBound
        while start > line.lowerBound, isDigit(bytes[start - 1]) { start -= 1 }
        if start == line.upperBound {
            // A page in small Roman numerals (front matter): `xii`.
            while start > line.lowerBound, "ivxlc".utf8.contains(bytes[start - 1]) { start -= 1 }
        }
        guard start < line.upperBound, start - line.lowerBound > minimumLeader else { return nil }
        var leaderStart = start
        while leaderStart > line.lowerBound, case let byte = bytes[leaderStart - 1],
            byte == 0x2E || Blanks.isSpaceOrTab(byte)
        {
            leaderStart -= 1
        }
        guard leaderStart > line.lowerBound else { return nil }
        let leader = bytes[leaderStart..<start]
        if leader.count(where: { $0 == 0x2E }) >= minimumLeader { return leaderStart }
        // A wide space alone: a title's own full stop before it stays.
        return leader.count(where: { $0 != 0x2E }) >= minimumLeader ? start : nil
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func match(_ line: [Unicode.Scalar]) -> HeadingCandidate? {
        guard let initial = line.first, isUppercase(initial) else { return nil }
        let firstWordEnd = line.firstIndex(where: isSeparator) ?? line.count
        guard firstWordEnd <= 13 else { return nil }  // longer than any keyword or numeral heading
        let firstWord = 0..<firstWordEnd
        if sectionWordBytes.contains(where: { equalsLowercased(line, firstWord, $0) }) {
            return section(line, wordEnd: firstWordEnd)
        }
        if let keyword = numberedWordBytes.first(where: { equalsLowercased(line, firstWord, $0.word) }) {
            return numbered(line, kind: keyword.kind, inLetterSeries: keyword.word == letterWord, wordEnd: firstWordEnd)
        }
        return numeral(line, wordEnd: firstWordEnd)
    }

    /// PREFACE, Introduction., NOTES TO THE SECOND EDITION, Preface to the Second Edition, Appendix: The Map.
    private static func section(_ line: [Unicode.Scalar], wordEnd: Int) -> HeadingCandidate? {
        let titleStart = skipSeparators(line, from: wordEnd)
        let separated = wordEnd < line.count && (line[wordEnd] != " " || line[titleStart] == "(")
        // "Notes were passed round" is prose: a title after the word needs a mark, or capitals or title case.
        guard
            titleStart == line.count || separated
                || EnglishTitleLines.looksLikeTitle(scalars: line, continuing: false)
        else { return nil }
        return HeadingCandidate(
            kind: .special, family: .english, number: nil, unit: nil, volumeLabel: nil, titleStart: titleStart)
    }

    /// Chapter 12, CHAPTER XII., CHAPTER ONE, Chapter the First, Letter 4, Part Second., BOOK I: The Sea.
    private static func numbered(
        _ line: [Unicode.Scalar], kind: HeadingCandidate.Kind, inLetterSeries: Bool, wordEnd: Int
    ) -> HeadingCandidate? {
        guard let found = number(line, after: wordEnd) else { return nil }
        return candidate(line, kind: kind, inLetterSeries: inLetterSeries, number: found.value, after: found.end)
    }

    /// The number after a heading word that ends at `wordEnd` (`12`, `XII`, `ONE`, `First`, `the First`)
    /// and where it ends; nil when a space and a number do not follow.
    private static func number(_ line: [Unicode.Scalar], after wordEnd: Int) -> (value: Int, end: Int)? {
        guard wordEnd < line.count, line[wordEnd] == " " else { return nil }
        var index = wordEnd
        while index < line.count, line[index] == " " { index += 1 }
        var tokenEnd = tokenEnd(line, from: index)
        if equalsLowercased(line, index..<tokenEnd, theWord) {
            // Chapter the First
            index = tokenEnd
            while index < line.count, line[index] == " " { index += 1 }
            tokenEnd = Self.tokenEnd(line, from: index)
            return ordinal(line, index..<tokenEnd).map { ($0, tokenEnd) }
        }
        let token = index..<tokenEnd
        let number = decimal(line, token) ?? romanNumber(line, token) ?? cardinal(line, token) ?? ordinal(line, token)
        return number.map { ($0, tokenEnd) }
    }

    /// Why a line that starts with an English heading word is not a heading, for `novel toc --explain`;
    /// nil when it is one or does not start like one.
    static func rejection(_ line: [Unicode.Scalar]) -> String? {
        guard let initial = line.first, isUppercase(initial), match(line) == nil else { return nil }
        let wordEnd = line.firstIndex(where: isSeparator) ?? line.count
        let word = String(String.UnicodeScalarView(line[..<wordEnd]))
        if sectionWordBytes.contains(where: { equalsLowercased(line, 0..<wordEnd, $0) }) {
            return "prose: \(word) begins a sentence (no mark after it, not in capitals or title case)"
        }
        guard numberedWordBytes.contains(where: { equalsLowercased(line, 0..<wordEnd, $0.word) }),
            number(line, after: wordEnd) != nil
        else { return nil }
        return "prose: \(word) and a number, then words in lower case without a mark before them"
    }

    private static func candidate(
        _ line: [Unicode.Scalar], kind: HeadingCandidate.Kind, inLetterSeries: Bool, number: Int, after tokenEnd: Int
    ) -> HeadingCandidate? {
        let titleStart = skipSeparators(line, from: tokenEnd)
        // "Chapter two was found, and …": a title in lower case right after the number is prose.
        if titleStart < line.count {
            let marked = line[tokenEnd..<titleStart].contains(where: { $0 != " " })
            guard marked || isUppercase(line[titleStart]) || !isAlphabetic(line[titleStart]) else { return nil }
        }
        var heading = HeadingCandidate(
            kind: kind, family: .english, number: number, unit: nil, volumeLabel: nil, titleStart: titleStart)
        heading.series = inLetterSeries ? .letters : nil
        return heading
    }

    /// IV, IV., XII. THE STORM: a Roman numeral in capitals alone or before a title.
    private static func numeral(_ line: [Unicode.Scalar], wordEnd: Int) -> HeadingCandidate? {
        guard line[..<wordEnd].allSatisfy({ $0.isASCII && isRomanDigit(UInt8($0.value)) }),
            let number = romanNumber(line, 0..<wordEnd)
        else { return nil }
        let titleStart = skipSeparators(line, from: wordEnd)
        if titleStart < line.count {
            // IV. THE STORM: the numeral, a full stop, a title in capitals or title case; `C. D.` under a
            // letter is a signature's initials.
            guard line[wordEnd] == ".", isUppercase(line[titleStart]) else { return nil }
            if titleStart + 1 < line.count, line[titleStart + 1] == "." { return nil }
        }
        var heading = HeadingCandidate(
            kind: .chapter, family: .english, number: number, unit: nil, volumeLabel: nil, titleStart: titleStart)
        heading.numeralOnly = true
        return heading
    }

    // MARK: Numbers

    /// A number in ASCII digits (`12`), at most nine of them.
    static func decimal(_ line: [Unicode.Scalar], _ token: Range<Int>) -> Int? {
        guard !token.isEmpty, token.count <= 9 else { return nil }
        var value = 0
        for index in token {
            let digit = line[index].value &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// A number written as a canonical Roman numeral (`XII`, `xii`; not `IIII` or `CIVIL`).
    static func romanNumber(_ line: [Unicode.Scalar], _ token: Range<Int>) -> Int? {
        RomanNumeral.canonicalValue(line[token])
    }

    /// One … ninety-nine in words (`Twenty-One`).
    static func cardinal(_ line: [Unicode.Scalar], _ token: Range<Int>) -> Int? {
        compound(line, token, units: numberWordBytes, tens: tensWordBytes)
    }

    /// First … ninety-ninth in words (`Twenty-first`).
    static func ordinal(_ line: [Unicode.Scalar], _ token: Range<Int>) -> Int? {
        compound(line, token, units: ordinalWordBytes, tens: tensOrdinalBytes)
    }

    /// A unit word (`one`, `first`), a tens word (`twenty`, `twentieth`), or a cardinal tens word and a
    /// unit word joined by a hyphen (`twenty-one`, `twenty-first`).
    private static func compound(_ line: [Unicode.Scalar], _ token: Range<Int>, units: [[UInt8]], tens: [[UInt8]])
        -> Int?
    {
        if let unit = units.firstIndex(where: { equalsLowercased(line, token, $0) }) { return unit + 1 }
        if let ten = tens.firstIndex(where: { equalsLowercased(line, token, $0) }) { return (ten + 2) * 10 }
        guard let hyphen = line[token].firstIndex(of: "-") else { return nil }
        let tensPart = token.lowerBound..<hyphen
        let unitPart = (hyphen + 1)..<token.upperBound
        guard let ten = tensWordBytes.firstIndex(where: { equalsLowercased(line, tensPart, $0) }),
            let unit = units.prefix(9).firstIndex(where: { equalsLowercased(line, unitPart, $0) })
        else { return nil }
        return (ten + 2) * 10 + unit + 1
    }

    // MARK: Scalars

    /// Whether the scalars at `range` spell `word` (lower-case ASCII) in any case.
    @inline(__always)
    static func equalsLowercased(_ line: [Unicode.Scalar], _ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        for (offset, index) in range.enumerated() {
            let value = line[index].value
            guard value < 0x80, UInt8(value) | 0x20 == word[offset] else { return false }
        }
        return true
    }

    /// A capital letter; ASCII is answered without the Unicode tables.
    @inline(__always)
    static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x41...0x5A).contains(scalar.value) : scalar.properties.isUppercase
    }

    /// A small letter; ASCII is answered without the Unicode tables.
    @inline(__always)
    static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x61...0x7A).contains(scalar.value) : scalar.properties.isLowercase
    }

    @inline(__always)
    static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isLetter(UInt8(scalar.value)) : scalar.properties.isAlphabetic
    }

    /// Marks that may separate a marker from its title: a space, a tab, `.`, `:`, a hyphen or a dash.
    @inline(__always)
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", ".", ":", "-", "—", "–", "\t": true
        default: false
        }
    }

    /// The end of the word at `start`: up to a space, a full stop, a colon or a dash (a hyphen inside a
    /// number word stays).
    private static func tokenEnd(_ line: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < line.count, !isSeparator(line[index]) || (line[index] == "-" && index > start) {
            index += 1
        }
        // A trailing hyphen is a separator, not part of the word.
        while index > start, line[index - 1] == "-" { index -= 1 }
        return index
    }

    private static func skipSeparators(_ line: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < line.count, isSeparator(line[index]) { index += 1 }
        return index
    }
}
