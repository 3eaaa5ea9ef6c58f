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
    /// This book's reading statistics (`Reader+Statistics`).
    case statistics(StatisticsOverlay)
    /// "Hide lines like this": a rule made from a line, before it is saved (`Reader+HideLike`).
    case hideLike(HideLikeProposal)
    /// A note opened from its reference in the text (`Reader+Links`).
    case note(NoteOverlay)
    /// Every hit of the last search, filtered by typing (`Reader+SearchHits`).
    case searchHits(SearchHitsOverlay)

    var isPrompt: Bool {
        if case .prompt = self { return true }
        return false
    }

    /// The command whose keys open this overlay, and close it again (nil: several open it, a prompt).
    var openedBy: ReaderCommand? {
        switch self {
        case .toc: .toc
        case .chapterRule: .chapterRule
        case .bookmarks: .bookmarks
        case .prompt: nil
        case .settings: .settings
        case .rules: .cleaningRules
        case .help: .help
        case .library: .library
        case .statistics: .statistics
        case .hideLike: nil
        case .note: nil
        case .searchHits: .searchHits
        }
    }

    /// What is shown again when this overlay closes: the bookmarks list under the field editing one of
    /// its notes; nil (the text) for the others.
    var underneath: Overlay? {
        if case .prompt(let prompt) = self, case .editNote(_, let selected) = prompt.kind {
            return .bookmarks(selected: selected)
        }
        return nil
    }

    /// Whether the overlay has a text field, where a typed character is text (a prompt, the TOC filter).
    var takesText: Bool {
        switch self {
        case .prompt, .toc, .searchHits: true
        default: false
        }
    }
}

/// A note shown over the foot of the page: its text as shown (converted with the book) and the first of
/// its wrapped lines in view.
struct NoteOverlay: Equatable {
    var text: String
    var top = 0
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
    /// What the user typed; changed by `setFilter(_:listed:title:)`, which keeps `matches` with it.
    private(set) var filter = ""
    /// An index into `matching(_:)`.
    var selected: Int
    /// The entries matching `filter`, nil while it is empty (all of them): worked out once when the filter
    /// changes, not again for each key that moves the selection or each screen drawn, which with a
    /// million chapters took seconds a key.
    private var matches: [Int]?

    init(current: Int, selected: Int) {
        self.current = current
        self.selected = selected
    }

    /// Indices of the entries whose shown title contains the filter (ASCII case ignored), in the order
    /// `listed` gives (`ChapterIndex.listed`: the book's own when its navigation has one).
    func matching(_ listed: [Int]) -> [Int] {
        matches ?? listed
    }

    /// Sets the filter to `typed` and finds its matches among the `listed` entries. A filter that grows
    /// (a key typed) can only narrow the last matches, so only they are looked at again.
    mutating func setFilter(_ typed: String, listed: [Int], title: (Int) -> String) {
        let previous = !filter.isEmpty && typed.hasPrefix(filter) ? matches : nil
        filter = typed
        guard !typed.isEmpty else {
            matches = nil
            return
        }
        // ASCII letters folded to lowercase; `ByteSearch` with `anyCase` then takes their capitals too.
        let needle = typed.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        func holds(_ entry: Int) -> Bool {
            var shown = title(entry)
            return shown.withUTF8 { ByteSearch.contains($0, needle, anyCase: true) }
        }
        matches = previous?.filter(holds) ?? listed.filter(holds)
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
        /// The note of bookmark `id`, opened from the bookmarks list with row `selected` selected.
        case editNote(id: String, selected: Int)
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
        case .editNote(let id, _): "Note for \(id) (Enter saves, empty removes it, Esc cancels): "
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
