/// Paragraph reconstruction (重新分段): whether a source line continues the paragraph of the line
/// before it, and what takes the place of the line end between them.
///
/// A line continues the one before when that one was full — the next line's first word (Latin) or
/// character (CJK) would not have fit after it within the book's wrap width, so the wrapper, not the
/// author, ended it. Real paragraph starts are kept: a blank line between, an indented line, a line
/// after a short one (a paragraph's last line), a list item, and the lines after a verse marker
/// (詩曰, 有詩為證 …). Verse lines are short, so they are kept as they are. Chapter headings are not
/// part of a chapter's body and are never joined.
struct ParagraphJoin {
    let profile: TextProfile

    /// Verse and poem markers: the line after one that ends with them starts a new paragraph.
    static let verseMarkers: [[UInt8]] = [
        "詩曰", "诗曰", "詩云", "诗云", "詞曰", "词曰", "有詩為證", "有诗为证", "有詩為證道", "有诗为证道", "正是", "贊曰", "赞曰",
        "有詞為證", "有词为证",
    ].map { Array($0.utf8) }

    /// What replaces the line end between `before` and `line` when `line` continues `before`'s
    /// paragraph (nothing, or one space), or nil when `line` starts a paragraph of its own.
    func separator(_ bytes: UnsafeBufferPointer<UInt8>, _ before: LineFacts, _ line: LineFacts) -> [UInt8]? {
        guard !line.isIndented, !before.isBlank, !line.isBlank, !Self.isListItem(bytes, line.content),
            !Self.endsWithVerseMarker(bytes, before.content)
        else { return nil }
        let joinsWithoutSpace =
            Self.isWide(before.lastScalar) || Self.isWide(line.firstScalar) || Self.endsWithWordHyphen(before)
        if let wrapWidth = profile.wrapWidth {
            // One character of slack for CJK: a wrapper may push a character down to keep a closing
            // mark off a line start.
            let slack = profile.script == .cjk ? 2 : 0
            let needed = before.width + (joinsWithoutSpace ? 0 : 1) + line.firstUnitWidth
            guard needed > wrapWidth - slack else { return nil }
        } else if SentenceEnd.contains(before.lastScalar) {
            return nil
        }
        return joinsWithoutSpace ? [] : [0x20]
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
        if first == 0xE2, content.count > 3, bytes[content.lowerBound + 1] == 0x80, bytes[content.lowerBound + 2] == 0xA2 {
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
            if mark == 0xE3, index + 2 < content.upperBound, bytes[index + 1] == 0x80, bytes[index + 2] == 0x81 { return true }  // 、
        }
        // 一、 …… 十、 and （一）
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[content.lowerBound..<min(content.upperBound, content.lowerBound + 18)]), as: UTF8.self)
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
