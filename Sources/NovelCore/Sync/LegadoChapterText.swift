/// The mapping between legado's place in a chapter (`durChapterPos`, a count of UTF-16 code units, as Java
/// counts a string) and a byte offset into novel's decoded text.
///
/// legado counts characters of the chapter as it lays it out, not as the file has it: the title and a line
/// end, then each paragraph trimmed of blanks (full-width ones too), indented by two full-width spaces and
/// ended by a line end. The same model is applied to novel's chapter (whose first line is its heading), so a
/// place maps to the same words on both sides, however the file indents them, and a round trip from a
/// paragraph's text comes back to the same byte.
public enum LegadoChapterText {
    /// legado's indent of a paragraph, in UTF-16 code units (two U+3000 spaces).
    static let indentUnits = 2

    /// The byte offset for `position` in the chapter `range` of `text` titled `title`: the start of the
    /// chapter for a place in its title, the chapter's last paragraph for one past its end.
    public static func byteOffset<Bytes: RandomAccessCollection<UInt8>>(
        position: Int, title: String, range: Range<Int>, in text: Bytes
    ) -> Int where Bytes.Index == Int {
        var remaining = position - (title.utf16.count + 1)
        guard remaining >= 0 else { return range.lowerBound }
        var last = range.lowerBound
        for paragraph in paragraphs(range, in: text) {
            let units = indentUnits + paragraph.units + 1
            if remaining < units {
                return paragraph.byteOffset(units: max(0, remaining - indentUnits), in: text)
            }
            remaining -= units
            last = paragraph.bytes.lowerBound
        }
        return last
    }

    /// legado's position for `offset` in the chapter `range` of `text` titled `title`: 0 in the heading line,
    /// else the title's units and line end, the paragraphs before, and the units before `offset` in its own.
    public static func position<Bytes: RandomAccessCollection<UInt8>>(
        byteOffset offset: Int, title: String, range: Range<Int>, in text: Bytes
    ) -> Int where Bytes.Index == Int {
        var position = title.utf16.count + 1
        var sawParagraph = false
        for paragraph in paragraphs(range, in: text) {
            if offset < paragraph.bytes.lowerBound { return sawParagraph ? position : 0 }
            if offset < paragraph.bytes.upperBound {
                return position + indentUnits + paragraph.units(before: offset, in: text)
            }
            position += indentUnits + paragraph.units + 1
            sawParagraph = true
        }
        return sawParagraph ? position - 1 : 0
    }

    /// A paragraph: a line of the chapter after its heading line, trimmed, not blank.
    struct Paragraph {
        /// The trimmed line's bytes.
        let bytes: Range<Int>
        /// Its length in UTF-16 code units.
        let units: Int

        /// The byte at `units` UTF-16 code units into the paragraph (its last character's for more).
        func byteOffset<Bytes: RandomAccessCollection<UInt8>>(units target: Int, in text: Bytes) -> Int
        where Bytes.Index == Int {
            var units = 0
            var offset = bytes.lowerBound
            while offset < bytes.upperBound {
                let length = LegadoChapterText.scalarLength(text[offset])
                let scalarUnits = length == 4 ? 2 : 1
                if units + scalarUnits > target { return offset }
                units += scalarUnits
                if offset + length >= bytes.upperBound { return offset }
                offset += length
            }
            return offset
        }

        /// The UTF-16 code units before `offset` in the paragraph.
        func units<Bytes: RandomAccessCollection<UInt8>>(before target: Int, in text: Bytes) -> Int
        where Bytes.Index == Int {
            var units = 0
            var offset = bytes.lowerBound
            while offset < min(target, bytes.upperBound) {
                let length = LegadoChapterText.scalarLength(text[offset])
                units += length == 4 ? 2 : 1
                offset += length
            }
            return units
        }
    }

    /// The chapter's paragraphs, after its first (heading) line.
    static func paragraphs<Bytes: RandomAccessCollection<UInt8>>(_ range: Range<Int>, in text: Bytes) -> [Paragraph]
    where Bytes.Index == Int {
        var result: [Paragraph] = []
        var lineStart = range.lowerBound
        var isHeading = true
        while lineStart < range.upperBound {
            var lineEnd = lineStart
            while lineEnd < range.upperBound && text[lineEnd] != 0x0A { lineEnd += 1 }
            if !isHeading, let trimmed = trimmed(lineStart..<lineEnd, in: text) {
                result.append(
                    Paragraph(
                        bytes: trimmed,
                        units: Paragraph(bytes: trimmed, units: 0).units(
                            before: trimmed.upperBound, in: text)))
            }
            isHeading = false
            lineStart = lineEnd + 1
        }
        return result
    }

    /// The line without blanks at either end (ASCII blanks, U+3000 and the other Unicode spaces), or nil
    /// when nothing is left.
    static func trimmed<Bytes: RandomAccessCollection<UInt8>>(_ line: Range<Int>, in text: Bytes) -> Range<Int>?
    where Bytes.Index == Int {
        var start = line.lowerBound
        var end = line.upperBound
        while start < end, let length = blankLength(at: start, in: text, limit: end) { start += length }
        while start < end {
            var lead = end - 1
            while lead > start && text[lead] & 0xC0 == 0x80 { lead -= 1 }
            guard blankLength(at: lead, in: text, limit: end) != nil else { break }
            end = lead
        }
        return start < end ? start..<end : nil
    }

    /// The byte length of the blank character at `offset`, or nil where it is not blank.
    static func blankLength<Bytes: RandomAccessCollection<UInt8>>(at offset: Int, in text: Bytes, limit: Int) -> Int?
    where Bytes.Index == Int {
        let length = min(scalarLength(text[offset]), limit - offset)
        var value: UInt32 = length == 1 ? UInt32(text[offset]) : UInt32(text[offset]) & (0xFF >> (length + 1))
        for index in 1..<max(1, length) { value = value << 6 | UInt32(text[offset + index] & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return scalar.properties.isWhitespace || scalar.value == 0xFEFF ? length : nil
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
