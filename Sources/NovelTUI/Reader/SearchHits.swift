import NovelCore

/// The hits of the reader's last search through the whole book, found a piece at a time between keys
/// (`Reader.searchAhead`), so that a search of a long book never holds a key up: the status bar counts
/// them as they come, and the list of hits (`search-hits`) shows those found so far.
struct SearchHits {
    /// The query as typed.
    let query: String
    /// The search through the book as shown (`BookSearch`: converted chapters when a conversion is on).
    let search: BookSearch
    /// The display options it searches the book as shown with: a change of them makes a new search.
    let options: DisplayOptions
    /// The hits found so far, in reading order; at most `listLimit` of them are kept.
    private(set) var found: [SearchHit] = []
    /// How many hits were found so far, those past `listLimit` too.
    private(set) var count = 0
    /// The TOC entries searched so far: `0..<searched`.
    private(set) var searched = 0
    /// Bytes of text searched in one piece at most (at least one entry is).
    let pieceBytes: Int
    /// Bytes of text the next piece searches: an eighth of `pieceBytes` at first, so that the first
    /// piece (searched with the first match, `Reader.startHits`) is quick even for a word on every line,
    /// then as many as found about `hitsPerPiece` hits in the last piece, within `pieceBytes`.
    private var nextPieceBytes: Int

    /// Hits kept for the list: a word found in every paragraph of a long book has hundreds of thousands,
    /// and each keeps its text around; the rest are counted.
    static let listLimit = 10_000
    /// Bytes of text searched in one piece at most: a few milliseconds (about 5 ms on the 30 MB corpus
    /// book), so a key waits at most that long. A conversion shown converts each chapter before it is
    /// searched: a smaller piece.
    static let pieceBytes = 2 << 20
    static let convertedPieceBytes = 64 << 10
    /// Hits made in one piece at most, about: each keeps its text around, some microseconds each, so a
    /// word found on every line (的) takes smaller pieces of text.
    static let hitsPerPiece = 1_000

    /// The search for `query` through `book` shown with `options`, nothing searched yet; `pieceBytes` by
    /// default as the options need (tests take smaller pieces).
    init?(_ query: String, book: Book, options: DisplayOptions, pieceBytes: Int? = nil) {
        guard !query.isEmpty, let search = try? BookSearch(query, book: book, options: options) else { return nil }
        self.query = query
        self.search = search
        self.options = options
        self.pieceBytes =
            pieceBytes ?? (DisplayedTextSearch.isNeeded(for: options) ? Self.convertedPieceBytes : Self.pieceBytes)
        nextPieceBytes = max(1, self.pieceBytes / 8)
    }

    /// Whether every entry has been searched.
    var isDone: Bool { searched >= search.book.index.entries.count }

    /// Searches the next entries, about `pieceBytes` of text (at least one entry).
    mutating func searchPiece() {
        let entries = search.book.index.entries
        guard !isDone else { return }
        var end = searched
        var bytes = 0
        while end < entries.count, end == searched || bytes < nextPieceBytes {
            bytes += entries[end].range.count
            end += 1
        }
        let before = count
        search.forEachHit(in: searched..<end) { hit in
            if found.count < Self.listLimit { found.append(hit) }
            count += 1
            return true
        }
        searched = end
        let made = count - before
        nextPieceBytes =
            made > Self.hitsPerPiece
            ? max(1, bytes / made * Self.hitsPerPiece) : min(pieceBytes, max(nextPieceBytes, bytes) * 2)
    }

    /// The status bar's words: "12 hits…" while searching, "120 hits" once done.
    var label: String {
        "\(count) hit\(count == 1 ? "" : "s")\(isDone ? "" : "…")"
    }
}

/// The list of a search's hits: a filter typed by the user and the selected row among the hits matching it.
struct SearchHitsOverlay: Equatable {
    var filter = ""
    /// An index into the hits matching `filter`.
    var selected = 0
}
