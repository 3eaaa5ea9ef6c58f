/// Renders laid-out pages as plain text, one screen row per output line: each cluster at its column,
/// spaces for the gaps, nothing after the last cluster. What `novel print` writes and golden tests compare.
public struct TextPrinter: Sendable {
    public var width: DisplayWidth

    public init(ambiguous: AmbiguousWidth = .narrow) {
        width = DisplayWidth(ambiguous: ambiguous)
    }

    /// The rows of each page of `layout`, as UTF-8 bytes; a row ends with LF. Blank rows between lines
    /// (spacing, and the lower rows of a scaled glyph) are empty lines; a page ends after its last line.
    public func pages(_ layout: ChapterLayout, text: BookText) -> [[UInt8]] {
        text.utf8.withUnsafeBufferPointer { bytes in
            layout.pages.map { page in render(layout, page, bytes) }
        }
    }

    private func render(_ layout: ChapterLayout, _ page: LayoutPage, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        var row = 0
        for line in layout.lines[page.lines] {
            while row < line.row {
                output.append(0x0A)
                row += 1
            }
            var cursor = 0
            for cluster in line.clusters {
                if cluster.column > cursor {
                    output.append(contentsOf: repeatElement(0x20, count: cluster.column - cursor))
                    cursor = cluster.column
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cluster.bytes]))
                cursor += width.clusterWidth(bytes, cluster.bytes)
            }
            output.append(0x0A)
            row += 1
        }
        return output
    }
}
