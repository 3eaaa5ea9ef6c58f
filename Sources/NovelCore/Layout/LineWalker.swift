import Foundation

/// The book as a run of laid-out lines, for `novel line`: the line holding a position, and the line some
/// lines before or after it, across chapters. A line is a laid-out line with something visible on it
/// (blank rows are spacing), laid out as `BookPrinter` lays it out, so the lines are `novel print`'s
/// non-blank lines in the same order.
///
/// It works on a `BookPreview`'s book too (one chapter, or the start of the text) as long as every chapter
/// the walk passes through is whole in it; when not, it says so and the caller opens the whole book.
public struct LineWalker {
    public enum Outcome: Equatable, Sendable {
        /// The line reached: where it starts in `book.text`, and its text.
        case line(offset: Int, text: String)
        /// The walk needs a chapter the preview does not hold whole.
        case needsWholeBook
        /// The book has no visible text at all.
        case empty
    }

    let book: Book
    let layouter: PageLayouter
    let printer: LayoutPrinter
    /// For a preview: where its text lies in the whole book's (nil for a whole book).
    let part: BookPart?
    /// For a preview: whether its entries other than a clipped last one are the full open's.
    let chaptersAreExact: Bool

    public init(book: Book, printer: BookPrinter, part: BookPart? = nil, chaptersAreExact: Bool = true) {
        self.book = book
        self.part = part
        self.chaptersAreExact = chaptersAreExact
        layouter = PageLayouter(settings: printer.settings, viewport: printer.viewport)
        self.printer = LayoutPrinter(ambiguous: printer.settings.ambiguousWidth)
    }

    /// One chapter's layout and the indices of its visible lines.
    private struct Chapter {
        let entry: Int
        let layout: ChapterLayout
        let shown: [Int]
    }

    /// The line `count` lines after (before, when negative) the one holding `offset`, an offset into
    /// `book.text`. The walk stops at the first and last line of the book.
    public func line(from offset: Int, moving count: Int) -> Outcome {
        let entries = book.index.entries
        guard !entries.isEmpty else { return .empty }
        let start = book.index.entryIndex(containing: min(max(offset, 0), book.text.utf8.count))
        guard isWhole(start) else { return .needsWholeBook }
        var chapter = self.chapter(start)
        var position = chapter.shown.lastIndex { chapter.layout.lines[$0].bytes.lowerBound <= offset } ?? 0
        var remaining = count
        if chapter.shown.isEmpty {
            // A chapter with nothing to show: its next line, else the book's last.
            switch neighbour(of: start, forward: true) ?? neighbour(of: start, forward: false) {
            case .none: return .empty
            case .some(.none): return .needsWholeBook
            case .some(.some(let found)):
                if found.entry > start { remaining = max(remaining - 1, 0) }
                chapter = found
                position = found.entry > start ? 0 : found.shown.count - 1
            }
        }
        while remaining > 0 {
            let available = chapter.shown.count - 1 - position
            if remaining <= available {
                position += remaining
                break
            }
            switch neighbour(of: chapter.entry, forward: true) {
            case .none:  // the book's last line
                position = chapter.shown.count - 1
                remaining = 0
            case .some(.none): return .needsWholeBook
            case .some(.some(let next)):
                remaining -= available + 1
                chapter = next
                position = 0
            }
        }
        while remaining < 0 {
            if -remaining <= position {
                position += remaining
                break
            }
            switch neighbour(of: chapter.entry, forward: false) {
            case .none:  // the book's first line
                position = 0
                remaining = 0
            case .some(.none): return .needsWholeBook
            case .some(.some(let previous)):
                remaining += position + 1
                chapter = previous
                position = previous.shown.count - 1
            }
        }
        let line = chapter.layout.lines[chapter.shown[position]]
        return .line(
            offset: line.bytes.lowerBound, text: printer.render(line: line, of: chapter.layout, text: book.text))
    }

    /// The nearest chapter with visible lines after (before) `entry`: nil at the end of the book, `.some(nil)`
    /// when the preview does not hold it whole.
    private func neighbour(of entry: Int, forward: Bool) -> Chapter?? {
        var candidate = entry
        while true {
            candidate += forward ? 1 : -1
            guard book.index.entries.indices.contains(candidate) else {
                // Past the preview's entries is not past the book's.
                let atBookEdge = forward ? holdsEnd : (part?.base ?? 0) == 0
                return atBookEdge ? nil : .some(nil)
            }
            guard BookLayout.isShown(candidate, in: book.index) else { continue }
            guard isWhole(candidate) else { return .some(nil) }
            let found = chapter(candidate)
            if !found.shown.isEmpty { return .some(found) }
        }
    }

    private func chapter(_ entry: Int) -> Chapter {
        let layout = layouter.layout(book, entry: entry)
        let shown = layout.lines.indices.filter { !layout.lines[$0].clusters.isEmpty }
        return Chapter(entry: entry, layout: layout, shown: shown)
    }

    /// Whether the book's text runs to the end of the whole text.
    private var holdsEnd: Bool {
        part?.holdsEnd(of: book) ?? true
    }

    /// Whether `entry` is the full open's chapter, whole.
    private func isWhole(_ entry: Int) -> Bool {
        guard let part else { return true }
        if part.base > 0 { return true }  // a preview of one chapter read where it lies
        let isLast = entry == book.index.entries.count - 1
        return (chaptersAreExact || entry == 0) && (!isLast || holdsEnd)
    }
}
