import NovelCore

/// The reader's search as it runs: over the book text, or over the converted text shown
/// (`DisplayedTextSearch`, whose query is converted too).
enum ShownSearch {
    case book(TextSearch, BookText)
    case displayed(DisplayedTextSearch)

    func find(from offset: Int, direction: TextSearch.Direction) -> TextSearch.Match? {
        switch self {
        case .book(let search, let text): search.find(in: text.utf8, from: offset, direction: direction)
        case .displayed(let search): search.find(from: offset, direction: direction)
        }
    }

    func matches(overlapping range: Range<Int>) -> [Range<Int>] {
        switch self {
        case .book(let search, let text): search.matches(in: text.utf8, overlapping: range)
        case .displayed(let search): search.matches(overlapping: range)
        }
    }
}
