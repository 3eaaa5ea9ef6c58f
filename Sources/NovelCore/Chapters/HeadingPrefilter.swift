/// The first question the scan for headings asks of every line: may the trimmed line be a heading under
/// the built-in rules, judged by its first bytes? Its first character must be able to start one
/// (`HeadingMatcher.firstScalars`) and, for a capital, its first word (`EnglishHeading.mayStart`), which is
/// asked only when the line's first two bytes could start a keyword or a Roman numeral: most lines of
/// prose that start with a capital (`The`, `She`, `But`) are refused by one bit test. The tables are
/// copied out of their statics into the value, so a scan that holds one pays no check that the statics
/// are made for each line (an English book has a line every 30 bytes; docs/benchmarks.md).
struct HeadingPrefilter {
    /// `HeadingMatcher.asciiFirstScalars`.
    private let asciiFirstScalars: (low: UInt64, high: UInt64)
    /// `EnglishHeading.keywordSecondLetters`.
    private let keywordSecondLetters: InlineArray<26, UInt32>

    init() {
        asciiFirstScalars = HeadingMatcher.asciiFirstScalars
        keywordSecondLetters = EnglishHeading.keywordSecondLetters
    }

    /// One for callers that judge a few lines (`ChapterSplitter.mayBeHeading`).
    static let shared = HeadingPrefilter()

    /// Whether the trimmed, non-empty line `start..<end` may be a heading under the built-in rules. Bytes
    /// only, nothing decoded but a first character past ASCII.
    @inline(__always)
    func mayBeHeading(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        guard first < 0x80 else { return HeadingMatcher.mayStartHeading(decodeScalar(bytes, at: start).0) }
        let bits = first < 64 ? asciiFirstScalars.low >> UInt64(first) : asciiFirstScalars.high >> UInt64(first - 64)
        guard bits & 1 != 0 else { return false }
        guard first >= 0x41, first <= 0x5A else { return EnglishHeading.mayStart(bytes, start, end) }
        if start + 1 < end {
            let second = bytes[start + 1]
            // A Roman numeral's first two bytes are digits, or a digit and its full stop (`IV`, `I.`); a
            // keyword's are two of its letters in any case.
            let mayBeNumeral =
                EnglishHeading.isRomanDigit(first) && (EnglishHeading.isRomanDigit(second) || second == 0x2E)
            if !mayBeNumeral {
                let letter = second | 0x20
                guard letter >= 0x61, letter <= 0x7A,
                    keywordSecondLetters[Int(first - 0x41)] >> UInt32(letter - 0x61) & 1 != 0
                else { return false }
            }
        }
        return EnglishHeading.mayStart(bytes, start, end)
    }
}
