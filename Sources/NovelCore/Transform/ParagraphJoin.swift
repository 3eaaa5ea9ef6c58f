/// Paragraph reconstruction (重新分段): whether a source line continues the paragraph of the line
/// before it, and what takes the place of the line end between them.
///
/// What ends a paragraph is the book's `ParagraphModel`. In a book of blank-line paragraphs every line
/// end inside a block is the wrapper's, whatever the wrap width: Latin lines join, but for the lines the
/// author broke — a line the next word would plainly have fit on, when the next starts with a capital
/// (verse, a letter's salutation and signature, a name and address), an indented line (verse, a
/// quotation), a list item, a table's row — which keep their line break inside the paragraph. In a book
/// of indented paragraphs the same holds between indents. Elsewhere, and for CJK text, which wrappers
/// fill to the character, a line continues the one before when that one was full: the next line's first
/// word (Latin) or character (CJK) would not have fit after it within the book's wrap width. Real
/// paragraph starts are kept: a blank line between, an indented line, a list item, and the lines after
/// a verse marker (詩曰, 有詩為證 …). Chapter headings are not part of a chapter's body and are never
/// joined.
struct ParagraphJoin {
    let profile: TextProfile

    /// What becomes of the line end before a line.
    enum Join: Equatable {
        /// The line continues the paragraph: the line end (and the blanks around it) shows as this.
        case joined([UInt8])
        /// The line keeps its line break but stays in the paragraph (a verse line in its stanza).
        case lineBreak
        /// The line starts a paragraph.
        case paragraph
    }

    /// What a kept line break inside a paragraph shows as.
    static let lineSeparator = Array(String(DisplayText.lineSeparator).utf8)

    /// Verse and poem markers: the line after one that ends with them starts a new paragraph.
    static let verseMarkers: [[UInt8]] = [
        "詩曰", "诗曰", "詩云", "诗云", "詞曰", "词曰", "有詩為證", "有诗为证", "有詩為證道", "有诗为证道", "正是", "贊曰", "赞曰",
        "有詞為證", "有词为证",
    ].map { Array($0.utf8) }

    /// What becomes of the line end between `before` and `line`, both of them lines of text.
    func join(_ bytes: UnsafeBufferPointer<UInt8>, _ before: LineFacts, _ line: LineFacts) -> Join {
        guard !before.isBlank, !line.isBlank else { return .paragraph }
        let blocks = profile.paragraphs == .blankLines
        // Kept where the author put it: inside the paragraph in a book of blocks, as a paragraph start elsewhere.
        let kept: Join = blocks ? .lineBreak : .paragraph
        if line.isIndented { return profile.paragraphs == .indented ? .paragraph : kept }
        if Self.isListItem(bytes, line.content) || Self.endsWithVerseMarker(bytes, before.content) { return kept }
        let joinsWithoutSpace =
            Self.isWide(before.lastScalar) || Self.isWide(line.firstScalar) || Self.endsWithWordHyphen(before)
        let separator: [UInt8] = joinsWithoutSpace ? [] : [0x20]
        if profile.script == .latin && profile.paragraphs != .fitted {
            if Self.isTableRow(bytes, before.content) || Self.isTableRow(bytes, line.content) { return kept }
            if let wrapWidth = profile.wrapWidth, Self.startsLikeALine(line.firstScalar, bytes, line.content) {
                // Ragged wrappers leave a line short by the next word and a few columns more; a line
                // that would have taken the next word with a quarter of the width to spare was broken
                // by its author.
                let spare = max(Self.minimumSpareColumns, wrapWidth / 4)
                if before.width + 1 + line.firstUnitWidth <= wrapWidth - spare { return kept }
            }
            return .joined(separator)
        }
        if let wrapWidth = profile.wrapWidth {
            // One character of slack for CJK: a wrapper may push a character down to keep a closing
            // mark off a line start.
            let slack = profile.script == .cjk ? 2 : 0
            let needed = before.width + (joinsWithoutSpace ? 0 : 1) + line.firstUnitWidth
            guard needed > wrapWidth - slack else { return kept }
        } else if SentenceEnd.contains(before.lastScalar) {
            return kept
        }
        return .joined(separator)
    }

    /// The fewest columns to spare that make a short line the author's in a ragged book.
    static let minimumSpareColumns = 12

    /// A capital, a digit, or an opening quote, bracket or underscore before one: how a verse line, a
    /// signature or an address line starts (a wrapped sentence mostly goes on in lower case).
    static func startsLikeALine(_ first: UInt32, _ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
        var index = content.lowerBound
        var scalar = first
        // Opening marks: " ' ( [ _ “ ‘
        while [0x22, 0x27, 0x28, 0x5B, 0x5F, 0x201C, 0x2018].contains(scalar) {
            index += scalar < 0x80 ? 1 : 3
            guard index < content.upperBound else { return false }
            scalar = LineFacts.scalar(bytes, at: index, end: content.upperBound)
        }
        return (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x30 && scalar <= 0x39)
            || (scalar >= 0xC0 && scalar <= 0xDE && scalar != 0xD7)
    }

    /// A row of a table or a line of a list of contents: three blanks or a TAB between two words
    /// (two blanks are a sentence gap in many texts).
    static func isTableRow(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
        var run = 0
        for index in content {
            switch bytes[index] {
            case 0x09: return true
            case 0x20:
                run += 1
                if run == 3 { return true }
            default: run = 0
            }
        }
        return false
    }

    /// CJK ideographs, kana, Hangul, CJK punctuation and full-width forms: joined without a space.
    static func isWide(_ scalar: UInt32) -> Bool {
        (scalar >= 0x2E80 && scalar <= 0xA4CF) || (scalar >= 0xAC00 && scalar <= 0xD7A3)
            || (scalar >= 0xF900 && scalar <= 0xFAFF) || (scalar >= 0xFE30 && scalar <= 0xFE4F)
            || (scalar >= 0xFF00 && scalar <= 0xFF60) || (scalar >= 0x20000 && scalar <= 0x3FFFD)
    }

    /// A hyphen (or dash) that ends a line after a letter stays as written, with no space after it:
    /// `well-` + `known` shows `well-known`.
    static func endsWithWordHyphen(_ line: LineFacts) -> Bool {
        switch line.lastScalar {
        case 0x2D, 0x2010: isLetter(line.penultimateScalar) || line.penultimateScalar == 0x2D
        case 0x2014: true
        default: false
        }
    }

    static func isLetter(_ scalar: UInt32) -> Bool {
        (scalar | 0x20 >= 0x61 && scalar | 0x20 <= 0x7A) || (scalar >= 0xC0 && scalar <= 0x24F)
    }

    static func endsWithVerseMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
        var end = content.upperBound
        // A colon or full stop after the marker.
        for mark in [[0xEF, 0xBC, 0x9A], [0x3A], [0xE3, 0x80, 0x82], [0xEF, 0xBC, 0x8C]] as [[UInt8]] {
            if end - mark.count >= content.lowerBound && bytes[(end - mark.count)..<end].elementsEqual(mark) {
                end -= mark.count
                break
            }
        }
        return verseMarkers.contains { marker in
            end - marker.count >= content.lowerBound && bytes[(end - marker.count)..<end].elementsEqual(marker)
        }
    }

    /// `- `, `* `, `• `, `1. `, `1) `, `(a) `, `一、`, `（一）`, `1、` at the start of a line.
    static func isListItem(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> Bool {
        guard !content.isEmpty else { return false }
        let first = bytes[content.lowerBound]
        let second = content.count > 1 ? bytes[content.lowerBound + 1] : 0
        if (first == 0x2D || first == 0x2A || first == 0x2B) && second == 0x20 { return true }
        if first == 0xE2, content.count > 3, bytes[content.lowerBound + 1] == 0x80,
            bytes[content.lowerBound + 2] == 0xA2
        {
            return true  // •
        }
        var index = content.lowerBound
        if first == 0x28 {  // (a) (1)
            index += 1
            let start = index
            while index < content.upperBound && index - start < 3 && isAlphanumeric(bytes[index]) { index += 1 }
            return index > start && index < content.upperBound && bytes[index] == 0x29
        }
        let digitsStart = index
        while index < content.upperBound && index - digitsStart < 3 && bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            index += 1
        }
        if index > digitsStart && index + 1 < content.upperBound {
            let mark = bytes[index]
            if (mark == 0x2E || mark == 0x29) && bytes[index + 1] == 0x20 { return true }
            if mark == 0xE3, index + 2 < content.upperBound, bytes[index + 1] == 0x80, bytes[index + 2] == 0x81 {
                return true
            }  // 、
        }
        // 一、 …… 十、 and （一）
        let text = String(
            decoding: UnsafeBufferPointer(
                rebasing: bytes[content.lowerBound..<min(content.upperBound, content.lowerBound + 18)]), as: UTF8.self)
        let numerals = "一二三四五六七八九十"
        var scalars = text.unicodeScalars.makeIterator()
        guard var scalar = scalars.next() else { return false }
        let bracketed = scalar == "（"
        if bracketed { guard let following = scalars.next() else { return false }; scalar = following }
        var count = 0
        while numerals.unicodeScalars.contains(scalar), count < 3 {
            count += 1
            guard let following = scalars.next() else { return false }
            scalar = following
        }
        return count > 0 && (bracketed ? scalar == "）" : scalar == "、")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }
}
