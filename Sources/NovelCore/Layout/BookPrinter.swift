import Foundation

/// A book's pages as text, as the reader would show them: `novel print`, and `novel read` when its
/// output is not a terminal. The text block is `width` columns wide with no margin; chapters, like pages,
/// are separated by a form-feed line (`LayoutPrinter`).
public struct BookPrinter: Sendable {
    /// A size or font scale the printer cannot use; the command line words it with its flag names.
    public enum Problem: Error, Equatable {
        case fontScale(Double)
        case widthTooSmall(Int, needed: Int)
        case heightTooSmall(Int, needed: Int)
    }

    public let settings: LayoutSettings
    public let viewport: Viewport

    /// A page height no chapter fills: each chapter printed as one page, its paragraphs never cut by a
    /// page break (far below `Int.max`, so that rows added to it cannot overflow).
    public static let unpaginated = Int(Int32.max)

    /// Checks the numbers that do not need the book: the font scale (`LayoutSettings.fontScaleRange`),
    /// then the width and height a glyph needs at that scale.
    public init(width: Int, height: Int, settings base: LayoutSettings) throws(Problem) {
        let scale = base.fontScale
        guard LayoutSettings.fontScaleRange.contains(scale) else { throw .fontScale(scale) }
        let neededColumns = PageLayouter.scaledWidth(2, scale: scale)
        guard width >= neededColumns else { throw .widthTooSmall(width, needed: neededColumns) }
        let neededRows = PageLayouter.scaledWidth(1, scale: scale)
        guard height >= neededRows else { throw .heightTooSmall(height, needed: neededRows) }
        var settings = base
        settings.width = width
        settings.margin = 0
        self.settings = settings
        viewport = Viewport(columns: width, rows: height)
    }

    /// Passes the printed text to `write` one chapter at a time: `entry` alone (a valid index of the
    /// book's entries), or the pages from the one holding `offset` to the end of the book, skipping empty
    /// volume entries as paging does. Chapters are laid out and rendered a window at a time on every core
    /// (`SideBySide`: a chapter's layout needs nothing of another's) and written in order.
    /// `progress` hears how far through the book the printing has got.
    public func print(
        _ book: Book, entry: Int? = nil, from offset: Int = 0, progress: LoadStep = .none, write: (String) -> Void
    ) {
        let index = book.index
        let first = index.entryIndex(containing: min(max(offset, 0), book.text.utf8.count))
        let chosen = entry.map { [$0] } ?? (first..<index.entries.count).filter { BookLayout.isShown($0, in: index) }
        let layouter = PageLayouter(settings: settings, viewport: viewport)
        let printer = LayoutPrinter(ambiguous: settings.ambiguousWidth)
        let fromOffset = entry == nil && offset > 0
        func rendered(_ current: Int) -> String {
            guard index.entries.indices.contains(current) else { return "" }
            var layout = layouter.layout(book, entry: current)
            if fromOffset, current == first {
                layout.pages = Array(layout.pages[layout.pageIndex(containing: offset)...])
            }
            return printer.render(layout, text: book.text)
        }
        // A window of chapters at a time, so that a long book's text is never held whole.
        let window = 32
        var start = 0
        while start < chosen.count {
            let batch = chosen[start..<min(start + window, chosen.count)]
            let texts = SideBySide.results(batch.count) { rendered(batch[batch.startIndex + $0]) }
            for (text, current) in zip(texts, batch) where index.entries.indices.contains(current) {
                if current != chosen.first { write(LayoutPrinter.pageSeparator + "\n") }
                write(text)
                progress.reached(index.entries[current].range.upperBound, of: book.text.utf8.count)
            }
            start += window
        }
    }
}
