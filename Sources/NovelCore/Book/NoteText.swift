/// Where a note's text lies in a book: from the note's target to the end of its paragraph, which in a
/// book's text is one line. A note whose line holds only its marker ("1", "[2]", "*", "1." on a line of
/// its own, as some books set their notes) goes on to the next line with text. The range is cut at
/// `maximumBytes`, so that a target that is not a note shows a note's worth of text, not a chapter.
public enum NoteText {
    /// The most a note shows, in bytes (a long note is some 2 KB of text).
    public static let maximumBytes = 16_384
    /// How many lines a marker alone on its line may be followed by before the note gives up looking.
    static let linesAfterMarker = 3

    /// The bytes of the note that starts at `target` in `text`; empty when nothing but blanks follows.
    public static func range(from target: Int, in text: TextBytes) -> Range<Int> {
        text.withUnsafeBufferPointer { bytes in
            let start = max(0, min(target, bytes.count))
            var end = LineBounds.end(bytes, from: start)
            var lines = 0
            while lines < linesAfterMarker, end < bytes.count, isMarkerOnly(bytes, start..<end) {
                end = LineBounds.end(bytes, from: end + 1)
                lines += 1
            }
            // Blanks and the line feeds of lines passed over are not the note's.
            let textStart = Blanks.textStart(bytes, from: start, to: end, acrossLines: true)
            let trimmed = textStart..<Blanks.textEnd(bytes, from: textStart, to: end, acrossLines: true)
            guard trimmed.count > maximumBytes else { return trimmed }
            // Cut at the start of a scalar, never inside one.
            var cut = trimmed.lowerBound + maximumBytes
            while cut > trimmed.lowerBound, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            return trimmed.lowerBound..<cut
        }
    }

    /// Whether `range` holds no letter (nor ideograph), only blanks, line feeds, digits and marks such as
    /// brackets, stars and dots.
    static func isMarkerOnly(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return !text.unicodeScalars.contains { $0.properties.isAlphabetic }
    }
}

extension Book {
    /// The bytes to show for a note reference: the note at its target; nil for a link that is not a
    /// note or leads outside the book.
    public func noteRange(of link: BookLink) -> Range<Int>? {
        guard link.isNote, let target = link.target else { return nil }
        return NoteText.range(from: target, in: text.utf8)
    }
}
