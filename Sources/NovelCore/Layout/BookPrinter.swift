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

    /// Checks the numbers that do not need the book: the font scale (`SettingsKey.fontScaleRange`),
    /// then the width and height a glyph needs at that scale.
    public init(width: Int, height: Int, settings base: LayoutSettings = LayoutSettings()) throws(Problem) {
        let scale = base.fontScale
        guard SettingsKey.fontScaleRange.contains(scale) else { throw .fontScale(scale) }
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
    /// (each on its own: a chapter's layout needs nothing of another's) and written in order.
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
        @Sendable func rendered(_ current: Int) -> String {
            guard index.entries.indices.contains(current) else { return "" }
            var layout = layouter.layout(book, entry: current)
            if fromOffset, current == first {
                layout.pages = Array(layout.pages[layout.pageIndex(containing: offset)...])
            }
            return printer.render(layout, text: book.text)
        }
        // A worker per core takes the next chapter, at most `ahead` chapters past the one being written.
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), chosen.count)
        let pages = PrintedChapters(count: chosen.count, ahead: workers * 4)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let position = pages.claim() { pages.put(rendered(chosen[position]), at: position) }
            }
        }
        for (position, current) in chosen.enumerated() {
            let text = pages.take(position)
            guard index.entries.indices.contains(current) else { continue }
            if current != chosen.first { write(LayoutPrinter.pageSeparator + "\n") }
            write(text)
            progress.reached(index.entries[current].range.upperBound, of: book.text.utf8.count)
        }
        group.wait()
    }
}

/// The printed chapters between the workers that render them and the writer that takes them in order:
/// a worker claims the next chapter no further than `ahead` past the writer, so that a fast worker
/// does not hold the whole book's text.
private final class PrintedChapters: @unchecked Sendable {
    private var texts: [String?]
    private var claimed = 0
    private var taken = 0
    private let ahead: Int
    private let changed = NSCondition()

    init(count: Int, ahead: Int) {
        texts = Array(repeating: nil, count: count)
        self.ahead = ahead
    }

    /// The next chapter to render, once it is near enough the writer; nil when every one is claimed.
    func claim() -> Int? {
        changed.lock()
        defer { changed.unlock() }
        while claimed < texts.count, claimed - taken >= ahead { changed.wait() }
        guard claimed < texts.count else { return nil }
        claimed += 1
        return claimed - 1
    }

    func put(_ text: String, at position: Int) {
        changed.lock()
        texts[position] = text
        changed.broadcast()
        changed.unlock()
    }

    /// The text of chapter `position`, once rendered; it is let go of.
    func take(_ position: Int) -> String {
        changed.lock()
        defer { changed.unlock() }
        while texts[position] == nil { changed.wait() }
        let text = texts[position] ?? ""
        texts[position] = nil
        taken = position + 1
        changed.broadcast()
        return text
    }
}
