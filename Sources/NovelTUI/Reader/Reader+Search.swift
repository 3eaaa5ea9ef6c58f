import NovelCore

/// Searching the whole book from the screen (`/`, `?`, `n`, `N`): through the text as it is shown, and
/// showing the match (a jump when it is off screen).
extension Reader {
    /// Searches the whole book from the screen (or the current match) and shows the match.
    mutating func runSearch(_ query: String, direction: TextSearch.Direction) {
        search = TextSearch(query)
        searchDirection = direction
        currentMatch = nil
        startHits(query)
        find(direction: direction, from: firstVisibleOffset)
    }

    mutating func repeatSearch(direction: TextSearch.Direction) {
        guard search != nil else {
            message = "No search yet: / or ? searches"
            return
        }
        let from =
            currentMatch.map { direction == .forward ? $0.lowerBound + 1 : $0.lowerBound } ?? firstVisibleOffset
        find(direction: direction, from: from)
    }

    mutating func find(direction: TextSearch.Direction, from: Int) {
        guard let search, !search.isEmpty else { return }
        guard let match = shownSearch(search).find(from: from, direction: direction) else {
            message = "Not found: \(search.query)"
            return
        }
        currentMatch = match.range
        if match.wrapped {
            message = direction == .forward ? "Search wrapped to the beginning" : "Search wrapped to the end"
        }
        if !isOnScreen(match.range) { jump(to: match.range.lowerBound) }
    }

    /// The search over the text as it is shown: converted chapters when a conversion is on. With
    /// `onScreen` (highlighting what is shown) the chapters' display texts are the layouts' own.
    func shownSearch(_ search: TextSearch, onScreen: Bool = false) -> ShownSearch {
        let options = frame.layout.display
        guard options.convert != .none else {
            return .book(search, book.text)
        }
        let layout = self.layout
        return .displayed(
            DisplayedTextSearch(
                search.query, book: book, options: options, shown: onScreen ? { layout.chapter($0).display } : nil))
    }

    /// Whether all of `range` is within the bytes on screen.
    func isOnScreen(_ range: Range<Int>) -> Bool {
        guard let shown = visibleByteRange() else { return false }
        return shown.lowerBound <= range.lowerBound && range.upperBound <= shown.upperBound
    }

    /// The bytes from the first to the last line on screen.
    func visibleByteRange() -> Range<Int>? {
        guard canLayout else { return nil }
        if isCompact {
            let lines = compactLines()
            guard let first = lines.first, let last = lines.last else { return nil }
            return line(first).bytes.lowerBound..<line(last).bytes.upperBound
        }
        if isScrollMode {
            let lines = visibleLines()
            guard let first = lines.first, let last = lines.last else { return nil }
            return line(first.location).bytes.lowerBound..<line(last.location).bytes.upperBound
        }
        // The first line of the left page to the last line of the last page with lines (a spread's right page).
        let chapter = layout.chapter(location.entry)
        let pages = shownPages.map { chapter.pages[$0.page.page] }
        guard let first = pages.first(where: { !$0.lines.isEmpty }), let last = pages.last(where: { !$0.lines.isEmpty })
        else {
            let start = chapter.pages[location.page].firstOffset
            return start..<start
        }
        return chapter.lines[first.lines.lowerBound].bytes
            .lowerBound..<chapter.lines[last.lines.upperBound - 1].bytes.upperBound
    }
}
