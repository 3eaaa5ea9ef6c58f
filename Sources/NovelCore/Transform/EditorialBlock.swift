/// An illustration or an editorial note in a book's text: `[Illustration]`, `[Illustration: caption]`
/// over one or many (often centred) lines, `[_Copyright 1894 by …_]`, `[Transcriber's Note: …]`. It
/// starts a line with `[` and one of the known openings, and ends where its brackets balance at the end
/// of a line (nested brackets inside are part of it). Never running text: it is shown as one caption
/// line, hidden, or as written (setting `illustrations`). Footnote markers such as `[1]` are not blocks.
struct EditorialBlock {
    /// The block's whole lines, the last one's line feed included.
    var lines: Range<Int>
    /// From its `[` to its `]`.
    var content: Range<Int>
    /// The caption shown for it: marker and text, on one line.
    var caption: [UInt8]

    /// Where the text after the block starts.
    var end: Int { lines.upperBound }

    /// What follows `[` at the start of a block (compared without case).
    static let openings: [[UInt8]] = [
        "illustration", "transcriber", "editor", "note:", "copyright", "_", "frontispiece", "decoration", "picture",
    ].map { Array($0.utf8) }
    /// A block longer than this many lines is not one (an unclosed bracket in the prose).
    static let maximumLines = 40
    /// Characters of caption shown before an ellipsis.
    static let maximumCaption = 60
    static let marker: [UInt8] = Array((DisplayOptions.Illustrations.captionMarker + " ").utf8)

    /// Whether `range` may hold a block at all (a `[` somewhere), so that chapters without one skip the
    /// line checks.
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        DisplayTransform.find(bytes, 0x5B, from: range.lowerBound, to: range.upperBound) < range.upperBound
    }

    /// The block that starts on the line at `lineStart`, if one does and closes before `limit`.
    static func at(_ bytes: UnsafeBufferPointer<UInt8>, _ lineStart: Int, limit: Int) -> EditorialBlock? {
        var start = lineStart
        while start < limit, Blanks.isSpaceOrTab(bytes[start]) { start += 1 }
        guard start < limit, bytes[start] == 0x5B, opens(bytes, start + 1, limit) else { return nil }
        var depth = 0
        var lines = 1
        var index = start
        while index < limit {
            switch bytes[index] {
            case 0x5B: depth += 1
            case 0x5D:
                depth -= 1
                if depth == 0 {
                    // It must end its line: `[Illustration] and then he` is text.
                    var after = index + 1
                    while after < limit, Blanks.isBlankByte(bytes[after]) { after += 1 }
                    guard after == limit || bytes[after] == 0x0A else { return nil }
                    let content = start..<(index + 1)
                    return EditorialBlock(
                        lines: lineStart..<min(after + 1, limit), content: content, caption: caption(bytes, content))
                }
            case 0x0A:
                lines += 1
                if lines > maximumLines { return nil }
            default: break
            }
            index += 1
        }
        return nil
    }

    private static func opens(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ limit: Int) -> Bool {
        openings.contains { opening in
            start + opening.count <= limit
                && zip(bytes[start..<(start + opening.count)], opening).allSatisfy { ($0 | 0x20) == $1 || $0 == $1 }
        }
    }

    /// The marker and the text inside the brackets: `Illustration:` dropped, underscores dropped, every
    /// run of blanks and line ends one space, cut with an ellipsis when long.
    static func caption(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> [UInt8] {
        let inner = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[(content.lowerBound + 1)..<(content.upperBound - 1)]),
            as: UTF8.self)
        var words = inner.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map {
            $0.replacingOccurrences(of: "_", with: "")
        }
        if let first = words.first, first.lowercased().hasPrefix("illustration") {
            let rest = first.dropFirst("illustration".count).drop(while: { $0 == ":" || $0 == "." })
            if rest.isEmpty { words.removeFirst() } else { words[0] = String(rest) }
        }
        var text = words.filter { !$0.isEmpty }.joined(separator: " ")
        if text.isEmpty { text = "Illustration" }
        if text.unicodeScalars.count > maximumCaption {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumCaption - 1))) + "\u{2026}"
        }
        return marker + Array(text.utf8)
    }

    /// Shows the block as `mode` says.
    func show(_ mode: DisplayOptions.Illustrations, writer: inout DisplayTransform.Writer) {
        switch mode {
        case .caption: writer.change(content, to: caption)
        case .hide: writer.hideLine(lines)
        case .raw: break
        }
    }
}
