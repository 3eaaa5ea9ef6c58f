/// Draws laid-out pages as plain text, for `novel print`, pipes and golden tests.
///
/// Each cluster is written at its column (spaces fill the gaps, trailing spaces are dropped, clusters of
/// no width are left out as the reader leaves them out); a line
/// scaled to several rows is followed by blank rows; pages are separated by a line holding a form feed.
public struct LayoutPrinter: Sendable {
    public static let pageSeparator = "\u{0C}"

    let measure: DisplayWidth

    public init(ambiguous: AmbiguousWidth = .narrow) {
        measure = DisplayWidth(ambiguous: ambiguous)
    }

    /// The text of every page of `layout` (drawn from its display text when it has one), pages separated by `pageSeparator` lines, ending with a newline.
    public func render(_ layout: ChapterLayout, text: BookText) -> String {
        var output: [UInt8] = []
        layout.shownText(text).withUnsafeBufferPointer { bytes in
            for (number, page) in layout.pages.enumerated() {
                if number > 0 { output.append(contentsOf: Self.pageSeparator.utf8 + [0x0A]) }
                render(page, of: layout, bytes, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    func render(
        _ page: LayoutPage, of layout: ChapterLayout, _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
    ) {
        var row = 0
        // At font scale 1 a placed cluster's width is its natural width: no need to measure it again.
        let unscaled = layout.geometry.rowsPerGlyph == 1
        for line in layout.lines[page.lines] {
            while row < line.row {
                output.append(0x0A)
                row += 1
            }
            render(line, unscaled: unscaled, bytes, into: &output)
            output.append(0x0A)
            row += 1
            // The rest of a scaled glyph's box.
            for _ in 1..<max(1, layout.geometry.rowsPerGlyph) {
                output.append(0x0A)
                row += 1
            }
        }
    }

    /// One line of `layout` without its line feed (from its display text when it has one): what
    /// `novel line` prints, the same text as the line in `render(_:text:)`.
    public func render(line: LayoutLine, of layout: ChapterLayout, text: BookText) -> String {
        var output: [UInt8] = []
        layout.shownText(text).withUnsafeBufferPointer { bytes in
            render(line, unscaled: layout.geometry.rowsPerGlyph == 1, bytes, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Each cluster at its column, spaces filling the gaps.
    func render(_ line: LayoutLine, unscaled: Bool, _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var cells = 0
        // A cluster of no width (a bidi control, a zero-width space) is not written, as the reader draws
        // no cell for it: in a bidi-aware terminal an override would reorder the rest of the line.
        for cluster in line.clusters where cluster.naturalWidth > 0 {
            if cluster.column > cells {
                output.append(contentsOf: repeatElement(0x20, count: cluster.column - cells))
                cells = cluster.column
            }
            output.append(contentsOf: bytes[cluster.shown])
            // (A tab's placed width is its expansion, but the printer writes the tab itself.)
            let isTab = bytes[cluster.shown.lowerBound] == 0x09
            cells += unscaled && !isTab ? cluster.width : measure.clusterWidth(bytes, cluster.shown)
        }
    }
}
