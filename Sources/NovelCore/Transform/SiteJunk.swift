import CICU

/// Hides download-site junk lines (`SiteJunkRule`, the rules as data, in Cleaning) in a chapter: finds the
/// lines that hold a rule's hint and tries the rule's pattern on those only.
public enum SiteJunk {
    /// Lines longer than this (in bytes) are text, never junk.
    static let longestJunkLine = 240
    /// Lines longer than this (in bytes) are not scanned for the hints of rules that may occur anywhere in a line.
    static let longestAdLine = 120

    /// The built-in rules' hints, indexed once.
    static let builtInHints = HintTable(SiteJunkRule.builtIn)

    /// Rules' hints as byte strings: those of rules whose lines start with a hint are compared at a
    /// line's start only; the others are indexed by their first character, so that a line is scanned
    /// once, character by character, for them. Immutable, shared.
    final class HintTable: Sendable {
        let rules: [SiteJunkRule]
        private let startHints: [(rule: Int, bytes: [UInt8])]
        /// One bit per pair of first bytes of a start hint: most lines are ruled out with one load.
        private let startPairs: [UInt64]
        private let anywhereHints: [UInt32: [(rule: Int, bytes: [UInt8])]]
        /// One bit per BMP scalar that starts an anywhere-hint.
        private let anywhereStarts: [UInt64]

        init(_ rules: [SiteJunkRule]) {
            self.rules = rules
            var start: [(rule: Int, bytes: [UInt8])] = []
            var anywhere: [UInt32: [(rule: Int, bytes: [UInt8])]] = [:]
            var bits = [UInt64](repeating: 0, count: 1024)
            var pairs = [UInt64](repeating: 0, count: 1024)
            for (index, rule) in rules.enumerated() where index < 64 {
                for hint in rule.hints {
                    let bytes = Array(hint.utf8)
                    guard let first = hint.unicodeScalars.first?.value, first < 0x10000 else { continue }
                    if rule.hintsAtStart {
                        guard bytes.count >= 2 else { continue }
                        start.append((index, bytes))
                        let pair = Int(bytes[0]) << 8 | Int(bytes[1])
                        pairs[pair >> 6] |= 1 << UInt64(pair & 63)
                    } else {
                        anywhere[first, default: []].append((index, bytes))
                        bits[Int(first) >> 6] |= 1 << UInt64(first & 63)
                    }
                }
            }
            startHints = start
            startPairs = pairs
            anywhereHints = anywhere
            anywhereStarts = bits
        }

        private func startCandidates(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> UInt64 {
            guard start + 1 < end else { return 0 }
            let pair = Int(bytes[start]) << 8 | Int(bytes[start + 1])
            guard startPairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else { return 0 }
            var found: UInt64 = 0
            for hint in startHints where start + hint.bytes.count <= end {
                if bytes[start..<(start + hint.bytes.count)].elementsEqual(hint.bytes) {
                    found |= 1 << UInt64(hint.rule)
                }
            }
            return found
        }

        /// The rules (as bits, rule i at bit i) one of whose hints `line` (without leading blanks) holds.
        func candidates(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> UInt64 {
            var found: UInt64 = 0
            // At the start, or after one opening bracket and blanks.
            found |= startCandidates(bytes, at: line.lowerBound, end: line.upperBound)
            if let base = bytes.baseAddress, !line.isEmpty {
                let (first, next) = decodeScalar(base, at: line.lowerBound, count: line.upperBound)
                if first == 0x28 || first == 0xFF08 || first == 0x5B || first == 0x3010 {
                    let start = Blanks.trimmed(bytes, next..<line.upperBound).lowerBound
                    found |= startCandidates(bytes, at: start, end: line.upperBound)
                }
            }
            // Ads are short: longer lines are not scanned for them.
            guard !anywhereHints.isEmpty, line.count <= SiteJunk.longestAdLine, let base = bytes.baseAddress else {
                return found
            }
            var index = line.lowerBound
            while index < line.upperBound {
                let lead = base[index]
                // ASCII hints (a domain's `.com`) are looked up by their byte; no other lead below U+0800 starts one.
                let (scalar, next): (UInt32, Int)
                if lead < 0x80 {
                    (scalar, next) = (UInt32(lead), index + 1)
                } else if lead < 0xE0 {
                    (scalar, next) = (0, index + utf8SequenceLength(lead))
                } else {
                    (scalar, next) = decodeScalar(base, at: index, count: line.upperBound)
                }
                if scalar != 0, scalar < 0x10000, anywhereStarts[Int(scalar) >> 6] & (1 << UInt64(scalar & 63)) != 0,
                    let hints = anywhereHints[scalar]
                {
                    for hint in hints where index + hint.bytes.count <= line.upperBound {
                        if bytes[index..<(index + hint.bytes.count)].elementsEqual(hint.bytes) {
                            found |= 1 << UInt64(hint.rule)
                        }
                    }
                }
                index = next
            }
            return found
        }
    }

    /// A hint table with its patterns compiled on first use, for one chapter's scan (ICU regular
    /// expressions are not shared between threads).
    final class Matcher {
        let table: HintTable
        private var compiled: [OpaquePointer?]

        init(_ table: HintTable) {
            self.table = table
            compiled = Array(repeating: nil, count: table.rules.count)
        }

        deinit { for regex in compiled { if let regex { nicu_regex_close(regex) } } }

        /// What a rule of `mask` (one bit per rule) hides of `line` (without leading blanks and line end): up to `end` (the line's
        /// end for a junk line, a prefix's end otherwise), or nil when no rule applies.
        func hidden(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, mask: UInt64) -> (rule: Int, end: Int)? {
            guard line.count >= 2, line.count <= SiteJunk.longestJunkLine else { return nil }
            var candidates = table.candidates(bytes, line) & mask
            while candidates != 0 {
                let rule = candidates.trailingZeroBitCount
                candidates &= candidates - 1
                if let end = match(rule, bytes, line) { return (rule, end) }
            }
            return nil
        }

        /// Where rule `rule` stops hiding in `line`, or nil when it does not match there.
        private func match(_ rule: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
            if compiled[rule] == nil {
                var errorLine: Int32 = 0
                var errorOffset: Int32 = 0
                var error: Int32 = 0
                compiled[rule] = nicu_regex_open(table.rules[rule].pattern, 0, &errorLine, &errorOffset, &error)
            }
            guard let regex = compiled[rule], let base = bytes.baseAddress else { return nil }
            var error: Int32 = 0
            nicu_regex_set_utf8(regex, base + line.lowerBound, Int64(line.count), &error)
            guard error <= 0 else { return nil }
            switch table.rules[rule].scope {
            case .line:
                let matched = nicu_regex_matches_region(regex, 0, Int64(line.count), &error)
                return matched != 0 && error <= 0 ? line.upperBound : nil
            case .prefix:
                let found = nicu_regex_find_in_region(regex, 0, Int64(line.count), &error)
                guard found != 0, error <= 0, nicu_regex_group_start(regex, 0, &error) == 0 else { return nil }
                let end = Int(nicu_regex_group_end(regex, 0, &error))
                return error <= 0 && end > 0 && end < line.count ? line.lowerBound + end : nil
            }
        }
    }
}
