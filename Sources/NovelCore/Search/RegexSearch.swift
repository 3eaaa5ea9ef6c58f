import CICU

/// A search by an ICU regular expression over UTF-8 (`novel search --regex`): `^` and `$` match at line
/// ends, and the pattern says its own case rule (`(?i)`). Compiled once; not shared between threads
/// (ICU's matcher keeps its text), so each thread makes its own.
public final class RegexSearch: SearchMatcher {
    public let pattern: String
    private let regex: OpaquePointer

    /// ICU's UREGEX_MULTILINE.
    private static let multiline: Int32 = 8

    public init(_ pattern: String) throws(SearchPatternError) {
        self.pattern = pattern
        var errorLine: Int32 = 0
        var errorOffset: Int32 = 0
        var error: Int32 = 0
        guard let compiled = nicu_regex_open(pattern, Self.multiline, &errorLine, &errorOffset, &error) else {
            throw SearchPatternError(
                pattern: pattern, position: errorOffset >= 0 ? Int(errorOffset) + 1 : nil,
                reason: regexErrorDescription(error))
        }
        regex = compiled
    }

    deinit { nicu_regex_close(regex) }

    public func forEachMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, _ body: (Range<Int>) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress, to > from else { return true }
        var error: Int32 = 0
        // The whole buffer is the text, so that `^` and look-behind see what comes before `from`.
        nicu_regex_set_utf8(regex, base, Int64(bytes.count), &error)
        guard error <= 0 else { return true }
        var more = nicu_regex_find_in_region(regex, Int64(from), Int64(to), &error)
        while more != 0, error <= 0 {
            let start = Int(nicu_regex_group_start(regex, 0, &error))
            let end = Int(nicu_regex_group_end(regex, 0, &error))
            guard error <= 0, start >= from, end <= to else { break }
            // Empty matches (`a*`, `^`) are no hits.
            if end > start, !body(start..<end) { return false }
            more = nicu_regex_find_next(regex, &error)
        }
        return true
    }
}
