import CICU
import Synchronization

/// A user's heading regex (ICU syntax), tried against each trimmed line; a line it matches from its
/// start is a chapter heading. The first capture group, when it holds a number, is the chapter number.
///
/// An ICU regex keeps the line it was last given and its match, so no two threads may match with one.
/// The pattern holds a compiled original that is only ever cloned: each thread that matches takes a
/// `Matcher` of its own (`matcher()`), which shares the compiled pattern and holds its own state.
final class CustomHeadingPattern: Sendable {
    let pattern: String
    /// Never matched with; cloned under the lock.
    private let original: Mutex<Matcher>

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
        original = Mutex(Matcher(regex))
    }

    /// A matcher for the calling thread alone (a clone costs far less than compiling the pattern again).
    func matcher() -> Matcher {
        original.withLock { $0.clone() }
    }

    /// One thread's copy of the regex: not Sendable, because it keeps the line it was last given.
    final class Matcher {
        private let regex: OpaquePointer

        fileprivate init(_ regex: OpaquePointer) { self.regex = regex }

        deinit { nicu_regex_close(regex) }

        fileprivate func clone() -> Matcher {
            var error: Int32 = 0
            guard let copy = nicu_regex_clone(regex, &error) else {
                preconditionFailure("ICU could not clone a compiled regex: \(regexErrorDescription(error))")
            }
            return Matcher(copy)
        }

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
                    number = ChineseNumeral.parse(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
            }
            return (true, number)
        }
    }
}
