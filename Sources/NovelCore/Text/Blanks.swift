/// The one rule of what is blank in the text's bytes. A blank is an ASCII space, a TAB, a CR, or the
/// ideographic space U+3000 (the three bytes E3 80 80), the indent of Chinese paragraphs. The CR is
/// there for text that has not been through `TextNormaliser` (a book's text never holds one); a line
/// feed is blank only where a caller looks across lines (`acrossLines`).
///
/// Two narrower sets have their own names because their callers mean something else by them:
/// `isSpaceOrTab` is the gap between words and the indent before a mark on one line (where U+3000 is a
/// character of the text), and `isBlankByte` is the one-byte part of the blank set.
enum Blanks {
    /// A space, TAB or CR: the blanks of one byte.
    @inline(__always)
    static func isBlankByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// The blank set as scalars, for text already decoded (a heading's scalars, a prompt's string).
    @inline(__always)
    static func isBlankScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? isBlankByte(UInt8(scalar.value)) : scalar.value == 0x3000
    }

    /// A space or TAB: what separates words, or indents a mark, on one line.
    @inline(__always)
    static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    /// Whether the ideographic space U+3000 starts at `index` and ends by `end`.
    @inline(__always)
    static func isIdeographicSpace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        bytes[index] == 0xE3 && index + 2 < end && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80
    }

    /// The bytes of the blank that starts at `index` (before `end`): 1, 3 for U+3000, 0 for none. A line
    /// feed is a blank of one byte `acrossLines`.
    @inline(__always)
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, acrossLines: Bool = false) -> Int {
        let byte = bytes[index]
        if isBlankByte(byte) || (acrossLines && byte == 0x0A) { return 1 }
        return isIdeographicSpace(bytes, at: index, end: end) ? 3 : 0
    }

    /// The bytes of the blank that ends just before `end` (not before `floor`): 1, 3 for U+3000, 0 for
    /// none. A line feed is a blank of one byte `acrossLines`.
    @inline(__always)
    static func length(
        _ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int, floor: Int, acrossLines: Bool = false
    ) -> Int {
        let byte = bytes[end - 1]
        if isBlankByte(byte) || (acrossLines && byte == 0x0A) { return 1 }
        return byte == 0x80 && end - 3 >= floor && bytes[end - 2] == 0x80 && bytes[end - 3] == 0xE3 ? 3 : 0
    }

    /// Where the text in `start..<end` starts past its leading blanks (`end` when all of it is blank).
    @inline(__always)
    static func textStart(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, acrossLines: Bool = false
    ) -> Int {
        var index = start
        while index < end {
            let blank = length(bytes, at: index, end: end, acrossLines: acrossLines)
            if blank == 0 { break }
            index += blank
        }
        return index
    }

    /// Where the text in `start..<end` ends before its trailing blanks (`start` when all of it is blank).
    @inline(__always)
    static func textEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, acrossLines: Bool = false
    ) -> Int {
        var index = end
        while index > start {
            let blank = length(bytes, endingAt: index, floor: start, acrossLines: acrossLines)
            if blank == 0 { break }
            index -= blank
        }
        return index
    }

    /// The line `lineStart..<lineEnd` without its leading and trailing blanks (an empty range at the
    /// line's end when it is blank).
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int, _ lineEnd: Int) -> (Int, Int) {
        let start = textStart(bytes, from: lineStart, to: lineEnd)
        return (start, textEnd(bytes, from: start, to: lineEnd))
    }

    /// `range` without its leading and trailing blanks.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        let (start, end) = trimmed(bytes, range.lowerBound, range.upperBound)
        return start..<end
    }

    /// Whether `range` holds anything but blanks and line feeds.
    static func hasText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        textStart(bytes, from: range.lowerBound, to: range.upperBound, acrossLines: true) < range.upperBound
    }
}
