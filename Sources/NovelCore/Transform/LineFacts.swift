/// What paragraph reconstruction needs to know about one source line: where its text starts and ends
/// inside the leading and trailing blanks, about how wide it is, and how its text begins and ends.
///
/// Widths are estimated from UTF-8 lead bytes (ASCII and two-byte letters one column, three- and
/// four-byte characters two, general punctuation such as “ ” — … one), which is what a hard-wrapping
/// tool counted and costs one pass over the bytes, without the width tables.
struct LineFacts {
    /// The line without its LF.
    var range: Range<Int>
    /// The text inside the line's leading and trailing blanks (`Blanks`).
    var content: Range<Int>
    /// Estimated columns from the line's start to the end of its text (indentation included).
    var width: Int
    /// Estimated columns of the text's first word (Latin) or first character (CJK).
    var firstUnitWidth: Int
    var firstScalar: UInt32
    var lastScalar: UInt32
    /// The scalar before the last one (0 when there is none).
    var penultimateScalar: UInt32

    var isBlank: Bool { content.isEmpty }
    var isIndented: Bool { content.lowerBound > range.lowerBound }

    /// The line's content and first scalar, without widths (when no join is to be decided).
    static func ends(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> LineFacts {
        let content = Blanks.trimmed(bytes, range)
        return LineFacts(
            range: range, content: content, width: 0, firstUnitWidth: 0,
            firstScalar: scalar(bytes, at: content.lowerBound, end: content.upperBound), lastScalar: 0,
            penultimateScalar: 0)
    }

    /// The facts of the line `range`. A line of `wideEnough` columns or more for sure (twice as many
    /// bytes: no character is wider than one column per half of its bytes) is not measured: its width
    /// is given as that bound, all a join decision needs.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, wideEnough: Int = .max) -> LineFacts {
        let content = Blanks.trimmed(bytes, range)
        let start = content.lowerBound
        let end = content.upperBound
        // Indentation: a space one column, a TAB four, U+3000 two (three bytes).
        var width = 0
        for index in range.lowerBound..<start {
            let byte = bytes[index]
            width += byte == 0x20 ? 1 : byte == 0x09 ? 4 : byte == 0xE3 ? 2 : 0
        }
        var facts = LineFacts(
            range: range, content: start..<end, width: width, firstUnitWidth: 0, firstScalar: 0, lastScalar: 0,
            penultimateScalar: 0)
        guard start < end, let base = bytes.baseAddress else { return facts }
        // Width: one column per scalar, one more per character of three or four bytes from U+3000 on
        // (lead bytes E3–FF); branch-free so that the loop is cheap on every line of a book.
        var scalars = 0
        var wide = 0
        if wideEnough < Int.max / 2 && end - start >= 2 * wideEnough {
            scalars = (end - start) / 2
        } else {
            for index in start..<end {
                let byte = base[index]
                scalars &+= byte & 0xC0 != 0x80 ? 1 : 0
                wide &+= byte >= 0xE3 ? 1 : 0
            }
        }
        facts.width = width + scalars + wide
        // The first unit: a wide character, or a Latin word up to the next blank.
        var index = start
        while index < end {
            let byte = base[index]
            if Blanks.isSpaceOrTab(byte) { break }
            let columns = columnsOf(bytes, index, byte)
            facts.firstUnitWidth += columns
            if columns == 2 && byte >= 0xE0 { break }
            index += 1
        }
        facts.firstScalar = scalar(bytes, at: start, end: end)
        let last = scalarStart(bytes, before: end, floor: start)
        facts.lastScalar = scalar(bytes, at: last, end: end)
        if last > start {
            facts.penultimateScalar = scalar(bytes, at: scalarStart(bytes, before: last, floor: start), end: end)
        }
        return facts
    }

    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> UInt32 {
        guard let base = bytes.baseAddress, index < end else { return 0 }
        return decodeScalar(base, at: index, count: end).value
    }

    /// Where the scalar that ends at `end` starts (not before `floor`).
    static func scalarStart(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, floor: Int) -> Int {
        var index = end - 1
        while index > floor && bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return max(index, floor)
    }

    /// Estimated columns of the byte at `index` (0 for continuation bytes).
    @inline(__always)
    static func columnsOf(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ byte: UInt8) -> Int {
        if byte < 0x80 { return byte == 0x09 ? 4 : 1 }
        if byte < 0xC0 { return 0 }
        if byte < 0xE0 { return 1 }
        if byte == 0xE2 { return 1 }  // U+2000–U+2FFF: general punctuation, arrows, box drawing (ambiguous or narrow)
        if byte == 0xEF, index + 1 < bytes.count, bytes[index + 1] == 0xBD || bytes[index + 1] == 0xBE {
            // Half-width forms (U+FF61 on) are narrow; the full-width ones before them wide.
            if index + 2 < bytes.count, bytes[index + 1] == 0xBE || bytes[index + 2] >= 0xA1 { return 1 }
        }
        return 2
    }
}

/// Characters that end a sentence, or close a quotation or bracket after one.
enum SentenceEnd {
    static func contains(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2E, 0x21, 0x3F, 0x22, 0x27, 0x29, 0x5D,  // . ! ? " ' ) ]
            0x3002, 0xFF01, 0xFF1F, 0xFF0E, 0x2026, 0x22EF,  // 。！？．…⋯
            0x300D, 0x300F, 0x201D, 0x2019, 0xFF09, 0x3011, 0x300B:  // 」』”’）】》
            true
        default: false
        }
    }
}
