/// One chapter as it is shown when a display transform applies (reflowed paragraphs, curly quotes,
/// hidden site junk): UTF-8 bytes the layouter measures and draws, and a `PositionMap` back to the book
/// text, so that every position stays a byte offset into the original. Built by `DisplayTransform`;
/// a chapter no transform touches has none, and the layouter reads the book text directly.
public struct DisplayText: Sendable, Equatable {
    public private(set) var utf8: [UInt8] = []
    public private(set) var map = PositionMap()
    /// Where the body starts in `utf8` (the heading lines come before it).
    public internal(set) var bodyStart = 0
    /// Display offsets of straight quotes and whether each opens (true) or closes a quotation, in order:
    /// the line breaker treats them as opening and closing marks whatever glyph shows them.
    public private(set) var quoteRoles: [QuoteRole] = []

    /// A line break kept inside a paragraph (a verse line in its stanza, a letter's signature) shows
    /// as U+2028 LINE SEPARATOR, a mandatory break (UAX #14 class BK): the layouter starts a new line
    /// there without the paragraph spacing that a line feed brings.
    public static let lineSeparator: Unicode.Scalar = LineSeparator.scalar

    public struct QuoteRole: Sendable, Equatable {
        public var offset: Int
        public var opens: Bool
    }

    init(capacity: Int) {
        utf8.reserveCapacity(capacity)
    }

    /// Shows `range` of `source` unchanged.
    mutating func copy(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: source[range]))
        map.appendCopy(range)
    }

    /// Shows `replacement` for original bytes `range` (which may be empty: an inserted space).
    mutating func replace(_ range: Range<Int>, with replacement: some Collection<UInt8>) {
        utf8.append(contentsOf: replacement)
        map.appendReplacement(range, length: replacement.count)
    }

    /// Shows `shown` (as long as `range`) for display bytes `range` of `source`, character for
    /// character: each byte maps back where the byte of `source` in its place does.
    mutating func append(_ shown: ArraySlice<UInt8>, standingFor range: Range<Int>, of source: DisplayText) {
        utf8.append(contentsOf: shown)
        map.appendMapped(source.map, range)
    }

    /// Adds a quote role at display offset `offset` (roles come in order).
    mutating func addQuoteRole(at offset: Int, opens: Bool) {
        quoteRoles.append(QuoteRole(offset: offset, opens: opens))
    }

    /// Marks the quote about to be appended (at the current end) as opening or closing.
    mutating func markQuote(opens: Bool) {
        quoteRoles.append(QuoteRole(offset: utf8.count, opens: opens))
    }

    /// The original bytes of display bytes `range`.
    public func originalRange(_ range: Range<Int>) -> Range<Int> { map.originalRange(range) }
}
