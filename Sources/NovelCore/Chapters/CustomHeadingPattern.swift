import CICU

/// A user's heading regex (ICU syntax), tried against each trimmed line; a line it matches from its
/// start is a chapter heading. The first capture group, when it holds a number, is the chapter number.
/// The regex keeps the line it was last given: one thread at a time (a split with work beside it scans
/// a user's pattern in one piece, `ChapterSplitter+Beside`).
final class CustomHeadingPattern: @unchecked Sendable {
    let pattern: String
    private let regex: OpaquePointer

    /// ICU's parse error offset counts code points (not UTF-16 units), so offset + 1 is the 1-based
    /// character a user sees.
    init(_ pattern: String) throws(ChapterPatternError) {
        self.pattern = pattern
        var errorLine: Int32 = 0
        var errorOffset: Int32 = 0
        var error: Int32 = 0
        guard let regex = nicu_regex_open(pattern, 0, &errorLine, &errorOffset, &error) else {
            let reason = regexErrorDescription(error)
            throw ChapterPatternError(
                pattern: pattern, position: errorOffset >= 0 ? Int(errorOffset) + 1 : nil, reason: reason)
        }
        self.regex = regex
    }

    deinit { nicu_regex_close(regex) }

    /// Whether the line `bytes` (UTF-8) matches, and the number in its first group if any.
    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> (matched: Bool, number: Int?) {
        var error: Int32 = 0
        nicu_regex_set_utf8(regex, bytes.baseAddress, Int64(bytes.count), &error)
        guard error <= 0 else { return (false, nil) }
        let found = nicu_regex_find_in_region(regex, 0, Int64(bytes.count), &error)
        guard found != 0, error <= 0, nicu_regex_group_start(regex, 0, &error) == 0 else { return (false, nil) }
        var number: Int?
        if nicu_regex_group_count(regex, &error) >= 1 {
            let start = Int(nicu_regex_group_start(regex, 1, &error))
            let end = Int(nicu_regex_group_end(regex, 1, &error))
            if start >= 0, end > start, end <= bytes.count {
                number = ChineseNumeral.parse(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
        }
        return (true, number)
    }
}
