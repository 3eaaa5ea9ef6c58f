import CICU
import Foundation

/// A rule's pattern ready to find matches in one line of UTF-8 at a time: an ICU regular expression
/// (compiled once; not shared between threads) or literal bytes.
final class RulePattern {
    private let regex: OpaquePointer?
    private let literal: [UInt8]

    init(_ rule: CleaningRule) throws(RuleError) {
        literal = Array(rule.pattern.utf8)
        guard rule.isRegex else {
            regex = nil
            return
        }
        var errorLine: Int32 = 0
        var errorOffset: Int32 = 0
        var error: Int32 = 0
        guard let compiled = nicu_regex_open(rule.pattern, 0, &errorLine, &errorOffset, &error) else {
            throw .invalidPattern(
                name: rule.name, pattern: rule.pattern, position: errorOffset >= 0 ? Int(errorOffset) + 1 : nil,
                reason: regexErrorDescription(error))
        }
        regex = compiled
    }

    deinit { if let regex { nicu_regex_close(regex) } }

    /// The non-empty matches in `line` of `bytes`, in order, as ranges of `bytes`.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> [Range<Int>] {
        guard let base = bytes.baseAddress, !line.isEmpty else { return [] }
        var found: [Range<Int>] = []
        if let regex {
            var error: Int32 = 0
            nicu_regex_set_utf8(regex, base + line.lowerBound, Int64(line.count), &error)
            guard error <= 0 else { return [] }
            var more = nicu_regex_find(regex, 0, &error)
            while more != 0, error <= 0 {
                let start = Int(nicu_regex_group_start(regex, 0, &error))
                let end = Int(nicu_regex_group_end(regex, 0, &error))
                guard error <= 0, start >= 0, end <= line.count else { break }
                if end > start { found.append((line.lowerBound + start)..<(line.lowerBound + end)) }
                more = nicu_regex_find(regex, -1, &error)
            }
            return found
        }
        guard !literal.isEmpty else { return [] }
        var index = line.lowerBound
        while index + literal.count <= line.upperBound {
            if bytes[index] == literal[0], memcmp(base + index, literal, literal.count) == 0 {
                found.append(index..<(index + literal.count))
                index += literal.count
            } else {
                index += 1
            }
        }
        return found
    }
}
