import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-book search over the decoded UTF-8 bytes: ASCII letters match either case, everything else
/// matches byte for byte (a UTF-8 needle can only match at character boundaries).
///
/// Needles of four bytes or more skip through the text (Horspool: the window's last byte, lowered,
/// says how far the needle can move), which on CJK text moves most of a character at a time; shorter
/// ones use `memchr`/`memcmp`, or a scan for the first byte when letters fold case.
public struct TextSearch: Sendable, Equatable {
    public enum Direction: Sendable, Equatable {
        case forward, backward
    }

    /// A match and whether the search ran past the end (or start) of the book to find it.
    public struct Match: Sendable, Equatable {
        public var range: Range<Int>
        public var wrapped: Bool

        public init(range: Range<Int>, wrapped: Bool) {
            self.range = range
            self.wrapped = wrapped
        }
    }

    public let query: String
    /// The query's bytes with ASCII letters lowered.
    let needle: [UInt8]
    let foldsCase: Bool
    /// Horspool's shifts, indexed by a lowered byte: forward by the window's last byte, backward by
    /// its first (empty for needles shorter than `skippingLength`).
    let forwardShift: [Int]
    let backwardShift: [Int]
    /// From this length on the shifts beat `memchr` on the first byte.
    static let skippingLength = 4

    /// The query with its quotes and dashes typed the other way (`don’t` for `don't`, `--` for `—`):
    /// the reader shows straight marks curly, so a query finds the text whichever way it was typed.
    let alternatives: [TextSearch]

    public init(_ query: String) {
        self.init(query, alternatives: Self.typographicVariants(query))
    }

    private init(_ query: String, alternatives: [String]) {
        self.query = query
        needle = query.utf8.map(Self.lower)
        foldsCase = needle.contains { $0 >= 0x61 && $0 <= 0x7A }
        let count = needle.count
        if count >= Self.skippingLength {
            var forward = [Int](repeating: count, count: 256)
            var backward = [Int](repeating: count, count: 256)
            for index in 0..<(count - 1) { forward[Int(needle[index])] = count - 1 - index }
            for index in stride(from: count - 1, to: 0, by: -1) { backward[Int(needle[index])] = index }
            forwardShift = forward
            backwardShift = backward
        } else {
            forwardShift = []
            backwardShift = []
        }
        self.alternatives = alternatives.map { TextSearch($0, alternatives: []) }
    }

    /// `query` with curly quotes and em dashes written straight, and with straight apostrophes written
    /// curly; only the forms that differ from it.
    static func typographicVariants(_ query: String) -> [String] {
        var straight = ""
        for character in query {
            switch character {
            case "\u{2018}", "\u{2019}": straight.append("'")
            case "\u{201C}", "\u{201D}": straight.append("\"")
            case "\u{2014}": straight.append("--")
            default: straight.append(character)
            }
        }
        let curly = query.replacingOccurrences(of: "'", with: "\u{2019}").replacingOccurrences(
            of: "--", with: "\u{2014}")
        var variants: [String] = []
        for variant in [straight, curly] where variant != query && !variants.contains(variant) {
            variants.append(variant)
        }
        return variants
    }

    public var isEmpty: Bool { needle.isEmpty }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The next match starting after `offset` (forward: at `offset` or later, strictly after when
    /// `skipping` the match at `offset`; backward: starting before `offset`), wrapping once around the book.
    public func find(in text: some BorrowableBytes, from offset: Int, direction: Direction, wrap: Bool = true) -> Match?
    {
        var best = findNeedle(in: text, from: offset, direction: direction, wrap: wrap)
        for alternative in alternatives {
            guard let match = alternative.findNeedle(in: text, from: offset, direction: direction, wrap: wrap) else {
                continue
            }
            guard let current = best else {
                best = match
                continue
            }
            // The nearer match: one found before wrapping, then the first forward or the last backward.
            let nearer =
                match.wrapped != current.wrapped
                ? !match.wrapped
                : (direction == .forward
                    ? match.range.lowerBound < current.range.lowerBound
                    : match.range.lowerBound > current.range.lowerBound)
            if nearer { best = match }
        }
        return best
    }

    /// `find` for this needle alone.
    private func findNeedle(in text: some BorrowableBytes, from offset: Int, direction: Direction, wrap: Bool) -> Match?
    {
        guard !needle.isEmpty, needle.count <= text.count else { return nil }
        let start = max(0, min(offset, text.count))
        return text.withUnsafeBufferPointer { bytes -> Match? in
            switch direction {
            case .forward:
                if let found = firstMatch(bytes, from: start, to: bytes.count) {
                    return Match(range: found..<found + needle.count, wrapped: false)
                }
                if wrap, let found = firstMatch(bytes, from: 0, to: min(start + needle.count - 1, bytes.count)) {
                    return Match(range: found..<found + needle.count, wrapped: true)
                }
            case .backward:
                if let found = lastMatch(bytes, before: start, from: 0) {
                    return Match(range: found..<found + needle.count, wrapped: false)
                }
                if wrap, let found = lastMatch(bytes, before: bytes.count, from: start) {
                    return Match(range: found..<found + needle.count, wrapped: true)
                }
            }
            return nil
        }
    }

    /// Every match that overlaps `range` (for highlighting what is on screen).
    public func matches(in text: some BorrowableBytes, overlapping range: Range<Int>) -> [Range<Int>] {
        let all = alternatives.reduce(needleMatches(in: text, overlapping: range)) {
            $0 + $1.needleMatches(in: text, overlapping: range)
        }
        return alternatives.isEmpty ? all : all.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// `matches` for this needle alone.
    private func needleMatches(in text: some BorrowableBytes, overlapping range: Range<Int>) -> [Range<Int>] {
        guard !needle.isEmpty else { return [] }
        return text.withUnsafeBufferPointer { bytes in
            var found: [Range<Int>] = []
            var position = max(0, range.lowerBound - needle.count + 1)
            let end = min(bytes.count, range.upperBound + needle.count - 1)
            while let match = firstMatch(bytes, from: position, to: end) {
                found.append(match..<match + needle.count)
                position = match + needle.count
            }
            return found
        }
    }

    /// The first match lying wholly inside `from..<to`.
    func firstMatch(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        let count = needle.count
        guard let base = bytes.baseAddress, to - from >= count else { return nil }
        if count >= Self.skippingLength {
            return forwardShift.withUnsafeBufferPointer { shift -> Int? in
                let (firstByte, lastByte) = (needle[0], needle[count - 1])
                var index = from
                let last = to - count
                while index <= last {
                    let byte = Self.lower(bytes[index + count - 1])
                    if byte == lastByte && Self.lower(bytes[index]) == firstByte && matchesAt(bytes, index) {
                        return index
                    }
                    index += shift[Int(byte)]
                }
                return nil
            }
        }
        if !foldsCase {
            // memchr for the first byte, memcmp for the rest (glibc hides memmem from Swift).
            return needle.withUnsafeBufferPointer { pattern -> Int? in
                let first = Int32(pattern[0])
                var index = from
                let last = to - count
                while index <= last {
                    guard let hit = memchr(base + index, first, last - index + 1) else { return nil }
                    let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if count == 1 || memcmp(base + found + 1, pattern.baseAddress! + 1, count - 1) == 0 { return found }
                    index = found + 1
                }
                return nil
            }
        }
        let first = needle[0]
        let upper = first >= 0x61 && first <= 0x7A ? first & ~0x20 : first
        var index = from
        let last = to - count
        while index <= last {
            let byte = bytes[index]
            if (byte == first || byte == upper) && matchesAt(bytes, index) { return index }
            index += 1
        }
        return nil
    }

    /// The last match starting at or after `from` and before `before`, lying wholly inside the text.
    func lastMatch(_ bytes: UnsafeBufferPointer<UInt8>, before: Int, from: Int) -> Int? {
        let count = needle.count
        var index = min(before - 1, bytes.count - count)
        if count >= Self.skippingLength {
            return backwardShift.withUnsafeBufferPointer { shift -> Int? in
                let firstByte = needle[0]
                while index >= from {
                    let byte = Self.lower(bytes[index])
                    if byte == firstByte && matchesAt(bytes, index) { return index }
                    index -= shift[Int(byte)]
                }
                return nil
            }
        }
        let first = needle[0]
        let upper = first >= 0x61 && first <= 0x7A ? first & ~0x20 : first
        while index >= from {
            let byte = bytes[index]
            if (byte == first || byte == upper) && matchesAt(bytes, index) { return index }
            index -= 1
        }
        return nil
    }

    @inline(__always) func matchesAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        for offset in 1..<needle.count where Self.lower(bytes[index + offset]) != needle[offset] {
            return false
        }
        return true
    }
}
