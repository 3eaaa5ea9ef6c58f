import NovelCore

/// A panel drawn over the text that takes the keys while it is open.
enum Overlay: Equatable {
    case toc(TOCOverlay)
    case chapterRule(ChapterRuleOverlay)
    case bookmarks(selected: Int)
    case prompt(Prompt)
    case settings(selected: Int)
    /// The cleaning rules that apply to this book, switched on and off live.
    case rules(selected: Int)
    case help(top: Int)
    /// Books to switch to (`Reader+Library`).
    case library(LibraryOverlay)
}

/// The library: the shelf's books once the host has listed them (nil until then), the selected row and
/// the row of the book being read.
struct LibraryOverlay: Equatable {
    var books: [Shelf.Book]?
    var selected = 0
    var current: Int?
}

/// The table of contents: a filter typed by the user and the selected row among the matching entries.
struct TOCOverlay: Equatable {
    /// The entry being read, marked in the list.
    var current: Int
    var filter = ""
    /// An index into `matching(_:)`.
    var selected: Int

    /// Indices of the `count` entries whose shown title contains the filter (ASCII case ignored).
    func matching(_ count: Int, title: (Int) -> String) -> [Int] {
        guard !filter.isEmpty else { return Array(0..<count) }
        let needle = filter.lowercased()
        return (0..<count).filter { title($0).lowercased().contains(needle) }
    }
}

/// The chapter rules to choose from: the built-in rules, each family of heading-like lines the splitter
/// found (`ChapterSplitter.ruleChoices`), then a custom pattern typed at a prompt (the last row).
struct ChapterRuleOverlay: Equatable {
    var choices: [ChapterRuleChoice]
    /// An index into `choices`, or `choices.count` for the custom pattern row.
    var selected: Int
}

/// A one-line text prompt on the bottom row.
struct Prompt: Equatable {
    enum Kind: Equatable {
        case search(TextSearch.Direction)
        case goTo
        case bookmarkNote
        case chapterPattern
    }

    var kind: Kind
    var text = ""

    var label: String {
        switch kind {
        case .search(.forward): "/"
        case .search(.backward): "?"
        case .goTo: ":"
        case .bookmarkNote: "Bookmark note (Enter for none): "
        case .chapterPattern: "Chapter pattern (ICU regex, Enter for the built-in rules): "
        }
    }
}

/// The first row of a list of `count` rows shown in `height` rows that keeps `selected` in view, centred.
func listTop(selected: Int, count: Int, height: Int) -> Int {
    guard height > 0, count > height else { return 0 }
    return max(0, min(selected - height / 2, count - height))
}

/// The first row of a list shown a window at a time: the window of `height` rows holding `selected`. For
/// a list where a click selects and a second click on the same row acts (the settings), a centred list
/// would move under the pointer between the two clicks; a window-at-a-time one stays put while the
/// selection stays in view.
func pageTop(selected: Int, height: Int) -> Int {
    height > 0 ? max(0, selected) / height * height : 0
}

