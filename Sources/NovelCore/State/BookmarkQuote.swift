/// The text an exported bookmark quotes: the line (a paragraph, in most books) holding its offset, with
/// blanks trimmed, cut to `length` characters around the offset where the line is longer, a cut end
/// shown as `…`. Exports carry it so that a note can be read without the book at hand.
public enum BookmarkQuote {
    /// Characters quoted at most.
    public static let length = 120
    /// Characters kept before the offset when the line is cut.
    static let lead = 20

    public static func around(_ offset: Int, in text: BookText) -> String {
        text.utf8.withUnsafeBufferPointer { bytes in
            guard !bytes.isEmpty else { return "" }
            var at = min(max(offset, 0), bytes.count - 1)
            var (lineStart, lineEnd) = Blanks.trimmed(
                bytes, LineBounds.start(bytes, of: at), LineBounds.end(bytes, from: at))
            if lineStart >= lineEnd {
                // A bookmark on a blank line quotes the line of text that follows it.
                at = Blanks.textStart(bytes, from: at, to: bytes.count, acrossLines: true)
                guard at < bytes.count else { return "" }
                (lineStart, lineEnd) = Blanks.trimmed(bytes, at, LineBounds.end(bytes, from: at))
            }
            var start = max(lineStart, min(at, lineEnd))
            while start > lineStart, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            for _ in 0..<lead where start > lineStart {
                start -= 1
                while start > lineStart, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            }
            var end = start
            var characters = 0
            while end < lineEnd, characters < length {
                end = min(lineEnd, end + utf8SequenceLength(bytes[end]))
                characters += 1
            }
            let quoted = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return (start > lineStart ? "…" : "") + quoted + (end < lineEnd ? "…" : "")
        }
    }
}
