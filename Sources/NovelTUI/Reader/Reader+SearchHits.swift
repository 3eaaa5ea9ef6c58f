import NovelCore

/// Every hit of the last search (`/`, `?`), counted in the status bar as they are found and listed by the
/// `search-hits` key (or `Tab` at the search prompt): the chapter and the text around each hit, filtered
/// by typing, `Enter` jumping to one (a jump `C-o` comes back from). The hits are found a piece at a
/// time between keys: the host asks `isSearching` and calls `searchAhead` while no key is pending, as
/// it draws the animation frames and auto page turns (`ReaderApp`), so the reader never waits for the
/// whole book to be searched and stays a state machine that does nothing on its own.
extension Reader {
    /// Whether the last search still has text to search for hits.
    public var isSearching: Bool { hits.map { !$0.isDone } ?? false }

    /// Searches the next piece of the book for the last search's hits.
    public mutating func searchAhead() {
        hits?.searchPiece()
    }

    /// Begins finding every hit of `query` through the book as shown, with its first piece searched.
    mutating func startHits(_ query: String) {
        hits = SearchHits(query, book: book, options: frame.layout.display)
        hits?.searchPiece()
    }

    /// Searches for the hits again when what they were found in changed: the text shown through another
    /// conversion or other rules, or the book's chapters (a chapter rule, a reload).
    mutating func keepHitsCurrent() {
        guard let current = hits else { return }
        let searched = current.search.book
        if current.options != frame.layout.display || searched.text.utf8.count != book.text.utf8.count
            || searched.index.entries.count != entries.count
        {
            startHits(current.query)
        }
    }

    /// Opens the list of the last search's hits, the first one from the screen on selected.
    mutating func openHits() {
        guard let hits else {
            message = "No search yet: / or ? searches"
            return
        }
        let here = firstVisibleOffset
        let next = hits.found.firstIndex { $0.range.lowerBound >= here } ?? 0
        overlay = .searchHits(SearchHitsOverlay(selected: next))
    }

    /// Indices into the hits found of those whose chapter title or text contains the list's filter
    /// (ASCII case ignored), all of them while it is empty.
    func listedHits(_ list: SearchHitsOverlay) -> [Int] {
        guard let found = hits?.found else { return [] }
        guard !list.filter.isEmpty else { return Array(found.indices) }
        let needle = list.filter.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        func holds(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { ByteSearch.contains($0, needle, anyCase: true) }
        }
        return found.indices.filter { index in
            let hit = found[index]
            return holds(hit.before + hit.match + hit.after) || holds(shownTitle(hit.entry))
        }
    }

    mutating func handleSearchHits(_ list: SearchHitsOverlay, _ event: InputEvent) {
        var list = list
        let listed = listedHits(list)
        if let moved = Self.moved(list.selected, count: listed.count, page: textRows - 1, by: event, letters: false) {
            list.selected = moved
            overlay = .searchHits(list)
            return
        }
        switch event {
        case .key(.enter):
            overlay = nil
            if let index = listed[safe: list.selected], let hit = hits?.found[index] { jump(toHit: hit) }
        case .key(.backspace), .key(.delete):
            list.filter = String(list.filter.dropLast())
            list.selected = 0
            overlay = .searchHits(list)
        case .key(.character(let character)):
            list.filter.append(character)
            list.selected = 0
            overlay = .searchHits(list)
        default:
            break
        }
    }

    /// Shows `hit` as the current match: a jump, kept for going back.
    mutating func jump(toHit hit: SearchHit) {
        if let hits, search?.query != hits.query { search = TextSearch(hits.query) }
        currentMatch = hit.range
        if !isOnScreen(hit.range) { jump(to: hit.range.lowerBound) }
    }
}
