/// One match of a search through a book as shown: where it lies in the book text, its chapter, and the
/// text around it as shown (converted when a conversion is on), for lists of hits (`novel search`, the
/// reader's list of matches).
public struct SearchHit: Sendable, Equatable {
    /// The original bytes the match shows.
    public var range: Range<Int>
    /// The TOC entry holding the match.
    public var entry: Int
    /// Up to `contextCharacters` characters before the match on its line, then the match, then up to as
    /// many after it; line breaks inside the match read as spaces.
    public var before: String
    public var match: String
    public var after: String

    /// Characters of context on each side of a match.
    public static let contextCharacters = 20

    public init(range: Range<Int>, entry: Int, before: String, match: String, after: String) {
        self.range = range
        self.entry = entry
        self.before = before
        self.match = match
        self.after = after
    }

    /// The hit at `match` of `bytes` (the text searched: the book's, or a chapter's as shown), with its
    /// context cut at line ends, blanks at its outer ends dropped.
    init(_ bytes: UnsafeBufferPointer<UInt8>, match: Range<Int>, original: Range<Int>, entry: Int) {
        var start = match.lowerBound
        var characters = 0
        while start > 0, characters < Self.contextCharacters {
            var previous = start - 1
            while previous > 0, bytes[previous] & 0xC0 == 0x80 { previous -= 1 }
            if Self.breaksLine(bytes, at: previous, end: start) { break }
            start = previous
            characters += 1
        }
        var end = match.upperBound
        characters = 0
        while end < bytes.count, characters < Self.contextCharacters {
            let next = min(bytes.count, end + max(1, utf8SequenceLength(bytes[end])))
            if Self.breaksLine(bytes, at: end, end: next) { break }
            end = next
            characters += 1
        }
        start = Blanks.textStart(bytes, from: start, to: match.lowerBound)
        end = Blanks.textEnd(bytes, from: match.upperBound, to: end)
        self.init(
            range: original, entry: entry, before: Self.line(bytes, start..<match.lowerBound),
            match: Self.line(bytes, match), after: Self.line(bytes, match.upperBound..<end))
    }

    /// Whether the character at `index..<end` ends a line: a line feed, or U+2028, the break a reflowed
    /// paragraph keeps (`DisplayText.lineSeparator`).
    private static func breaksLine(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        bytes[index] == 0x0A
            || (end - index == 3 && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
                && bytes[index + 2] == 0xA8)
    }

    /// `range` of `bytes` as text on one line.
    private static func line(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let separator = Character(DisplayText.lineSeparator)
        guard text.utf8.contains(0x0A) || text.contains(separator) else { return text }
        return String(text.map { $0 == "\n" || $0 == separator ? " " : $0 })
    }
}
