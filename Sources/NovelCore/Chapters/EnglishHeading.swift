/// English headings on one trimmed line, in the forms English books use (see docs/chapters.md,
/// *English*): a word and a number (`Chapter XII.`, `CHAPTER ONE`, `Chapter the First`, `Letter 4`,
/// `BOOK I`, `Part the Second`, `VOLUME II`) with an optional title after `. `, `: ` or a dash; a Roman
/// numeral alone (`IV`, `IV.`) or before a title (`IV. THE STORM`); and named sections (PREFACE,
/// INTRODUCTION …). Whole-book checks (`NumeralHeadings`, `ListOfContents`) decide which survive.
enum EnglishHeading {
    /// Words that head a numbered unit, and the kind of unit.
    static let numberedWords: [String: HeadingCandidate.Kind] = [
        "chapter": .chapter, "letter": .chapter, "book": .volume, "part": .volume, "volume": .volume,
    ]
    /// Sections outside the numbered run.
    static let sectionWords: Set<String> = [
        "preface", "introduction", "prologue", "etymology", "extracts", "epilogue", "conclusion", "afterword",
        "appendix", "notes", "foreword",
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
    /// Marks that may separate a marker from its title.
    static let separatorScalars: Set<Unicode.Scalar> = [" ", ".", ":", "-", "—", "–", "\t"]
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

    @inline(__always) private static func isRomanDigit(_ byte: UInt8) -> Bool {
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
        let (trimmedStart, trimmedEnd) = ChapterSplitter.trimmed(bytes, lower, upper)
        return trimmedStart < trimmedEnd ? trimmedStart..<trimmedEnd : nil
    }

    static func match(_ line: [Unicode.Scalar]) -> HeadingCandidate? {
        guard let initial = line.first, initial.properties.isUppercase else { return nil }
        let firstWordEnd = line.firstIndex(where: { separatorScalars.contains($0) }) ?? line.count
        guard firstWordEnd <= 13 else { return nil }  // longer than any keyword or numeral heading
        let keyword = String(String.UnicodeScalarView(line[..<firstWordEnd])).lowercased()
        if sectionWords.contains(keyword) {
            return section(line, wordEnd: firstWordEnd, text: String(String.UnicodeScalarView(line)))
        }
        if let kind = numberedWords[keyword] { return numbered(line, kind: kind, keyword: keyword, wordEnd: firstWordEnd) }
        return numeral(line, wordEnd: firstWordEnd)
    }

    /// PREFACE, Introduction., NOTES TO THE SECOND EDITION, Preface to the Second Edition, Appendix: The Map.
    private static func section(_ line: [Unicode.Scalar], wordEnd: Int, text: String) -> HeadingCandidate? {
        let titleStart = skipSeparators(line, from: wordEnd)
        let separated = wordEnd < line.count && (line[wordEnd] != " " || line[titleStart] == "(")
        // "Notes were passed round" is prose: a title after the word needs a mark, or capitals or title case.
        guard titleStart == line.count || separated || EnglishTitleLines.looksLikeTitle(text) else { return nil }
        return HeadingCandidate(
            kind: .special, family: .english, number: nil, unit: nil, volumeLabel: nil, titleStart: titleStart)
    }

    /// Chapter 12, CHAPTER XII., CHAPTER ONE, Chapter the First, Letter 4, Part Second., BOOK I: The Sea.
    private static func numbered(
        _ line: [Unicode.Scalar], kind: HeadingCandidate.Kind, keyword: String, wordEnd: Int
    ) -> HeadingCandidate? {
        guard wordEnd < line.count, line[wordEnd] == " " else { return nil }
        var index = wordEnd
        while index < line.count, line[index] == " " { index += 1 }
        var tokenEnd = tokenEnd(line, from: index)
        var token = String(String.UnicodeScalarView(line[index..<tokenEnd]))
        if token.lowercased() == "the" {
            // Chapter the First
            index = tokenEnd
            while index < line.count, line[index] == " " { index += 1 }
            tokenEnd = Self.tokenEnd(line, from: index)
            token = String(String.UnicodeScalarView(line[index..<tokenEnd]))
            guard let number = ordinal(token) else { return nil }
            return candidate(line, kind: kind, keyword: keyword, number: number, after: tokenEnd)
        }
        guard let number = Int(token) ?? romanNumber(token) ?? cardinal(token) ?? ordinal(token) else { return nil }
        return candidate(line, kind: kind, keyword: keyword, number: number, after: tokenEnd)
    }

    private static func candidate(
        _ line: [Unicode.Scalar], kind: HeadingCandidate.Kind, keyword: String, number: Int, after tokenEnd: Int
    ) -> HeadingCandidate? {
        let titleStart = skipSeparators(line, from: tokenEnd)
        // "Chapter two was found, and …": a title in lower case right after the number is prose.
        if titleStart < line.count {
            let marked = line[tokenEnd..<titleStart].contains(where: { $0 != " " })
            guard marked || line[titleStart].properties.isUppercase || !line[titleStart].properties.isAlphabetic
            else { return nil }
        }
        var heading = HeadingCandidate(
            kind: kind, family: .english, number: number, unit: nil, volumeLabel: nil, titleStart: titleStart)
        heading.series = keyword == "letter" ? "letter" : nil
        return heading
    }

    /// IV, IV., XII. THE STORM: a Roman numeral in capitals alone or before a title.
    private static func numeral(_ line: [Unicode.Scalar], wordEnd: Int) -> HeadingCandidate? {
        let token = String(String.UnicodeScalarView(line[..<wordEnd]))
        guard let number = romanNumber(token), token == token.uppercased() else { return nil }
        let titleStart = skipSeparators(line, from: wordEnd)
        if titleStart < line.count {
            // IV. THE STORM: the numeral, a full stop, a title in capitals or title case.
            guard line[wordEnd] == ".", line[titleStart].properties.isUppercase else { return nil }
        }
        var heading = HeadingCandidate(
            kind: .chapter, family: .english, number: number, unit: nil, volumeLabel: nil, titleStart: titleStart)
        heading.numeralOnly = true
        return heading
    }

    /// A number written as a canonical Roman numeral (`XII`, `xii`; not `IIII` or `CIVIL`).
    static func romanNumber(_ token: String) -> Int? {
        guard let value = RomanNumeral.parse(token), RomanNumeral.format(value) == token.uppercased() else { return nil }
        return value
    }

    /// One … ninety-nine in words (`Twenty-One`).
    static func cardinal(_ token: String) -> Int? {
        compound(token.lowercased(), units: numberWords, tens: tensWords)
    }

    /// First … ninety-ninth in words (`Twenty-first`).
    static func ordinal(_ token: String) -> Int? {
        let word = token.lowercased()
        if let value = compound(word, units: ordinalWords, tens: tensOrdinals) { return value }
        let parts = word.split(separator: "-")
        guard parts.count == 2, let tens = tensWords.firstIndex(of: String(parts[0])),
            let unit = ordinalWords.prefix(9).firstIndex(of: String(parts[1]))
        else { return nil }
        return (tens + 2) * 10 + unit + 1
    }

    private static func compound(_ word: String, units: [String], tens: [String]) -> Int? {
        if let unit = units.firstIndex(of: word) { return unit + 1 }
        if let ten = tens.firstIndex(of: word) { return (ten + 2) * 10 }
        let parts = word.split(separator: "-")
        guard parts.count == 2, let ten = tensWords.firstIndex(of: String(parts[0])),
            let unit = units.prefix(9).firstIndex(of: String(parts[1]))
        else { return nil }
        return (ten + 2) * 10 + unit + 1
    }

    /// The end of the word at `start`: up to a space, a full stop, a colon or a dash (a hyphen inside a
    /// number word stays).
    private static func tokenEnd(_ line: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < line.count, !separatorScalars.contains(line[index]) || (line[index] == "-" && index > start) {
            index += 1
        }
        // A trailing hyphen is a separator, not part of the word.
        while index > start, line[index - 1] == "-" { index -= 1 }
        return index
    }

    private static func skipSeparators(_ line: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < line.count, separatorScalars.contains(line[index]) { index += 1 }
        return index
    }
}
