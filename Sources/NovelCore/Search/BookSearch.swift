/// Every hit of a query through a book as it is shown, in reading order: `novel search` and the reader's
/// list of matches. The book text is searched directly unless a conversion changes the characters shown;
/// then each chapter is searched as `DisplayedTextSearch` shows it, with the query converted the same way,
/// and each match is mapped back to the original bytes (a Traditional query finds Simplified text shown
/// as Traditional).
public struct BookSearch {
    public let book: Book
    /// What finds the matches: the literal query (with its typographic alternatives) or the regex.
    let matcher: any SearchMatcher
    /// With a conversion on, the chapters as shown; nil when the book text is what is shown.
    let displayed: DisplayedTextSearch?

    /// `query` as typed, literal or (`regex`) an ICU regular expression; `options` are the display
    /// options the book is shown with. `shown` as `DisplayedTextSearch` takes it.
    public init(
        _ query: String, regex: Bool = false, book: Book, options: DisplayOptions,
        shown: ((Int) -> DisplayText?)? = nil
    ) throws(SearchPatternError) {
        self.book = book
        let converts = DisplayedTextSearch.isNeeded(for: options)
        let typed = converts ? options.convert.apply(to: query) : query
        matcher = regex ? try RegexSearch(typed) : TextSearch(typed)
        displayed = converts ? DisplayedTextSearch(query, book: book, options: options, shown: shown) : nil
    }

    /// Every hit in TOC entries `entries` (all of them by default), in order; `body` returns false to
    /// stop. Returns false when `body` stopped it. A caller that searches in the background asks for a
    /// few chapters at a time.
    @discardableResult
    public func forEachHit(in entries: Range<Int>? = nil, _ body: (SearchHit) -> Bool) -> Bool {
        forEachMatch(in: entries) { bytes, match, original, entry in
            body(SearchHit(bytes, match: match, original: original, entry: entry))
        }
    }

    /// How many hits (at most `limit`), without making their context.
    public func count(limit: Int = .max) -> Int {
        var count = 0
        guard limit > 0 else { return 0 }
        forEachMatch(in: nil) { _, _, _, _ in
            count += 1
            return count < limit
        }
        return count
    }

    /// Every match in `entries`: the bytes searched, the match in them, the original bytes it shows and
    /// its entry.
    @discardableResult
    private func forEachMatch(
        in entries: Range<Int>?, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Range<Int>, Int) -> Bool
    ) -> Bool {
        let sections = book.index.entries
        let entries = (entries ?? sections.indices).clamped(to: sections.indices)
        guard !entries.isEmpty else { return true }
        guard let displayed else {
            let from = sections[entries.lowerBound].range.lowerBound
            let to = sections[entries.upperBound - 1].range.upperBound
            return book.text.utf8.withUnsafeBufferPointer { all in
                var entry = entries.lowerBound
                return matcher.forEachMatch(all, from: from, to: to) { match in
                    while entry + 1 < entries.upperBound, sections[entry + 1].range.lowerBound <= match.lowerBound {
                        entry += 1
                    }
                    return body(all, match, match, entry)
                }
            }
        }
        for entry in entries where displayed.mayMatch(entry, matcher) {
            let going = displayed.withShown(entry) { bytes, _, toOriginal in
                matcher.forEachMatch(bytes, from: 0, to: bytes.count) { body(bytes, $0, toOriginal($0), entry) }
            }
            if !going { return false }
        }
        return true
    }
}
