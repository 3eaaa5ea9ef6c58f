/// Search over the text as it is shown when a conversion changes the characters (`/放松` must find
/// 放鬆 shown as 放松): chapter by chapter through their display texts, each match mapped back to the
/// original bytes it shows. Without a conversion the shown characters are the book's, and `TextSearch`
/// runs over the book text directly. The shown bytes of the chapters a search went through are kept
/// (`ShownChapterBytes`), so that only the first search through the book pays for their conversion.
public struct DisplayedTextSearch {
    public let search: TextSearch
    public let book: Book
    public let options: DisplayOptions
    /// A chapter's display text (nil: shown as written): made afresh by default; the reader passes its
    /// layouts' own, so that highlighting a page does not convert its chapter again.
    let shown: (Int) -> DisplayText?
    /// Where the shown bytes of searched chapters are kept (tests give their own).
    var kept = ShownChapterBytes.shared

    /// `query` as typed: it is converted as the text is, so that it is compared with what is shown.
    public init(_ query: String, book: Book, options: DisplayOptions, shown: ((Int) -> DisplayText?)? = nil) {
        search = TextSearch(options.convert.apply(to: query))
        self.book = book
        self.options = options
        self.shown = shown ?? { DisplayTransform.display(book, entry: $0, options: options) }
    }

    /// The next match from original `offset`, as `TextSearch.find` (wrapping once around the book).
    public func find(from offset: Int, direction: TextSearch.Direction, wrap: Bool = true) -> TextSearch.Match? {
        let count = book.index.entries.count
        guard !search.isEmpty, count > 0 else { return nil }
        let first = book.index.entryIndex(containing: max(0, min(offset, book.text.utf8.count)))
        let forward = direction == .forward
        for step in 0...(wrap ? count : count - 1) {
            let raw = forward ? first + step : first - step
            let entry = (raw % count + count) % count
            let wrapped = raw >= count || raw < 0
            // A chapter searched whole whose shown bytes a search kept: scanned without converting it.
            if step != 0 && step != count, !mayMatch(entry) { continue }
            let found = withShown(entry) { bytes, toDisplay, toOriginal -> Range<Int>? in
                let here = toDisplay(offset)
                // The first chapter is searched past the offset; on the way back round, before it.
                let lower = step == 0 && forward ? here : 0
                let upper = step == count && forward ? min(bytes.count, here + search.needle.count - 1) : bytes.count
                let match: Int?
                if forward {
                    match = search.firstMatch(bytes, from: lower, to: upper)
                } else {
                    let before = step == 0 ? here : bytes.count
                    let after = step == count ? here : 0
                    match = search.lastMatch(bytes, before: before, from: after)
                }
                return match.map { toOriginal($0..<($0 + search.needle.count)) }
            }
            if let found { return TextSearch.Match(range: found, wrapped: wrapped) }
        }
        return nil
    }

    /// Every match overlapping original `range`, in the chapters it touches.
    public func matches(overlapping range: Range<Int>) -> [Range<Int>] {
        guard !search.isEmpty, !book.index.entries.isEmpty else { return [] }
        let first = book.index.entryIndex(containing: range.lowerBound)
        let last = book.index.entryIndex(containing: max(range.lowerBound, range.upperBound - 1))
        var found: [Range<Int>] = []
        for entry in first...max(first, last) {
            found += withShown(entry) { bytes, _, toOriginal in
                var all: [Range<Int>] = []
                var position = 0
                while let match = search.firstMatch(bytes, from: position, to: bytes.count) {
                    let original = toOriginal(match..<(match + search.needle.count))
                    if original.overlaps(range) || (original.isEmpty && range.contains(original.lowerBound)) {
                        all.append(original)
                    }
                    position = match + search.needle.count
                }
                return all
            }
        }
        return found
    }

    /// Whether the text shown with `options` differs in its characters from the book's, so that a search
    /// must go through the chapters as shown: a conversion is on and its converter loads.
    public static func isNeeded(for options: DisplayOptions) -> Bool {
        options.convert != .none && ChineseConverter.loaded(options.convert) != nil
    }

    /// False when chapter `entry`'s shown bytes are kept (`ShownChapterBytes`) and hold no match.
    private func mayMatch(_ entry: Int) -> Bool {
        mayMatch(entry) { bytes in search.firstMatch(bytes, from: 0, to: bytes.count) != nil }
    }

    /// False when chapter `entry`'s shown bytes are kept and `matcher` finds nothing in them.
    func mayMatch(_ entry: Int, _ matcher: any SearchMatcher) -> Bool {
        mayMatch(entry) { bytes in !matcher.forEachMatch(bytes, from: 0, to: bytes.count) { _ in false } }
    }

    private func mayMatch(_ entry: Int, _ finds: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard case .converted(let bytes) = kept.shown(book, entry: entry, options: options) else {
            return true
        }
        return bytes.withUnsafeBufferPointer(finds)
    }

    /// Calls `body` with chapter `entry` as shown: its bytes, a map from original offsets into them,
    /// and a map from their ranges back to original ranges.
    func withShown<T>(
        _ entry: Int,
        _ body: (UnsafeBufferPointer<UInt8>, (Int) -> Int, (Range<Int>) -> Range<Int>) -> T
    ) -> T {
        let display: DisplayText?
        if case .asWritten = kept.shown(book, entry: entry, options: options) {
            display = nil
        } else {
            display = shown(entry)
            kept.keep(display, book: book, entry: entry, options: options)
        }
        if let display {
            return display.utf8.withUnsafeBufferPointer { bytes in
                body(bytes, { display.map.displayOffset(ofOriginal: $0) }, { display.originalRange($0) })
            }
        }
        let section = book.index.entries[entry].range
        return book.text.utf8.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[section])
            let start = section.lowerBound
            return body(
                bytes, { min(max($0 - start, 0), bytes.count) }, { ($0.lowerBound + start)..<($0.upperBound + start) })
        }
    }
}
