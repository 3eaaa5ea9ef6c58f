import Foundation

/// The licence header and footer of a Project Gutenberg-style text. The header ends at the
/// `*** START OF THE PROJECT GUTENBERG EBOOK … ***` line, which comes before the first heading, so it is
/// part of the front matter already; the footer starts at `*** END OF THE PROJECT GUTENBERG EBOOK … ***`
/// and is folded into an entry of its own after the last chapter, instead of ending it.
enum GutenbergMatter {
    static let endMarkers: [[UInt8]] = [
        "*** END OF THE PROJECT GUTENBERG", "*** END OF THIS PROJECT GUTENBERG", "***END OF THE PROJECT GUTENBERG",
        "*END*THE SMALL PRINT", "End of the Project Gutenberg", "End of Project Gutenberg",
    ].map { Array($0.utf8) }

    /// How far from the end the footer's first line is looked for.
    static let footerWindow = 256 * 1024

    /// The start of the footer's first line (a line that starts with an end marker), if the text has one.
    static func footerStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = max(0, bytes.count - footerWindow)
        // From a line start: the window may begin inside a line.
        start = LineBounds.start(bytes, atOrAfter: start)
        while start < bytes.count {
            let lineEnd = LineBounds.end(bytes, from: start)
            if endMarkers.contains(where: { marker in
                marker.count <= lineEnd - start && bytes[start..<(start + marker.count)].elementsEqual(marker)
            }) {
                return start
            }
            start = lineEnd + 1
        }
        return nil
    }

    /// Cuts the footer, when there is one inside the last entry's body, off into an entry of its own
    /// titled by its first line.
    static func foldFooter(_ entries: inout [TOCEntry], _ bytes: UnsafeBufferPointer<UInt8>) {
        guard let last = entries.last, let start = footerStart(bytes), start > last.bodyStart,
            start < last.range.upperBound
        else { return }
        let lineEnd = LineBounds.end(bytes, from: start)
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd]), as: UTF8.self)
        let title = line.trimmingCharacters(in: CharacterSet(charactersIn: "* \t\r"))
        let end = last.range.upperBound
        entries[entries.count - 1].range = last.range.lowerBound..<start
        entries.append(
            TOCEntry(
                level: .chapter, title: title.isEmpty ? "End matter" : title, number: nil, range: start..<end,
                bodyStart: min(lineEnd + 1, end), volumeIndex: nil, kind: .special))
    }
}
