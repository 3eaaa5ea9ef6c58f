/// Everything a key can ask the reader to do. The raw value is the name used in `settings.json`
/// key overrides and in docs/keys.md.
public enum ReaderCommand: String, Sendable, CaseIterable {
    case nextPage = "next-page"
    case previousPage = "previous-page"
    case lineDown = "line-down"
    case lineUp = "line-up"
    case nextChapter = "next-chapter"
    case previousChapter = "previous-chapter"
    case bookStart = "book-start"
    case bookEnd = "book-end"
    case goTo = "go-to"
    case toc
    case chapterRule = "chapter-rule"
    case addBookmark = "add-bookmark"
    case bookmarks
    case searchForward = "search-forward"
    case searchBackward = "search-backward"
    case nextMatch = "next-match"
    case previousMatch = "previous-match"
    case searchHits = "search-hits"
    case settings
    case fontLarger = "font-larger"
    case fontSmaller = "font-smaller"
    case convert
    case cleaningRules = "cleaning-rules"
    case help
    case quit
    case bossKey = "boss-key"
    case autoTurn = "auto-turn"
    case jumpBack = "jump-back"
    case jumpForward = "jump-forward"
    case library
    case statistics
    case nextLink = "next-link"
    case previousLink = "previous-link"
    case syncedPlace = "synced-place"
    case readAloud = "read-aloud"

    /// One line for the help overlay and docs/keys.md.
    public var help: String {
        switch self {
        case .nextPage: "Next page"
        case .previousPage: "Previous page"
        case .lineDown: "Down one line (scroll mode; a page in page mode)"
        case .lineUp: "Up one line (scroll mode; a page in page mode)"
        case .nextChapter: "Next chapter"
        case .previousChapter: "Previous chapter (or this chapter's start)"
        case .bookStart: "Start of the book; after a number N, chapter N"
        case .bookEnd: "End of the book"
        case .goTo: "Go to chapter N, a title or a percent (:12, :50%)"
        case .toc: "Table of contents (type to filter, Enter jumps)"
        case .chapterRule: "Switch the chapter rule (also C-r in the TOC)"
        case .addBookmark: "Add a bookmark here (with an optional note)"
        case .bookmarks: "Bookmarks (Enter jumps, e edits the note, d deletes); notes shown whole"
        case .searchForward: "Search forward through the whole book"
        case .searchBackward: "Search backward through the whole book"
        case .nextMatch: "Next match in the search's direction"
        case .previousMatch: "Previous match"
        case .searchHits:
            "Every hit of the last search as a list: chapter and text (type to filter, Enter jumps; Tab at / or ?)"
        case .settings: "Settings (changed live and saved)"
        case .fontLarger: "Larger font scale"
        case .fontSmaller: "Smaller font scale"
        case .cleaningRules: "Cleaning rules for this book (Space switches one, saved in rules.json)"
        case .convert: "Simplified ⇄ Traditional on or off for this book (s2t or t2s as the book needs; others in s)"
        case .help: "This help"
        case .quit: "Quit; in an overlay, close it (in a text field q is text)"
        case .bossKey: "Boss key: an innocent shell screen at once (position saved); again to come back"
        case .jumpBack:
            "Back to the place the last jump left (TOC, search, bookmark, g/G, :, N Enter, N ] or N [, a link)"
        case .jumpForward: "Forward again to where jump-back came from"
        case .statistics: "Reading statistics for this book: time read each day, sessions, speed, time left"
        case .nextLink: "Select the next link on the screen (an EPUB's); Enter opens a note in place or follows it"
        case .previousLink: "Select the previous link on the screen; Enter follows it (C-o comes back)"
        case .syncedPlace: "Go to the newer place another machine synced, offered on opening (C-o comes back)"
        case .readAloud:
            "Read aloud from the first sentence on screen; again pauses and resumes; + and - change the rate and Esc stops while it is on"
        case .library:
            "Library: recent books and the libraryFolder setting's books; Enter switches (each book keeps its place)"
        case .autoTurn:
            "Auto page turn on/off: a page every autoPageSeconds (a line every autoLineSeconds in scroll mode); + and - change the pace while it runs, any other key pauses it"
        }
    }

    /// The default keys, by name (see `KeyName`).
    public var defaultKeys: [String] {
        switch self {
        case .nextPage: ["Space", "PgDn", "f", "Right", "l", "WheelDown"]
        case .previousPage: ["b", "PgUp", "Left", "h", "WheelUp"]
        case .lineDown: ["j", "Down"]
        case .lineUp: ["k", "Up"]
        case .nextChapter: ["]"]
        case .previousChapter: ["["]
        case .bookStart: ["g", "Home"]
        case .bookEnd: ["G", "End"]
        case .goTo: [":"]
        case .toc: ["t", "Tab"]
        case .chapterRule: ["R"]
        case .addBookmark: ["m"]
        case .bookmarks: ["'", "B"]
        case .searchForward: ["/"]
        case .searchBackward: ["?"]
        case .nextMatch: ["n"]
        case .previousMatch: ["N"]
        case .searchHits: ["F"]
        case .settings: ["s"]
        case .fontLarger: ["+"]
        case .fontSmaller: ["-"]
        case .convert: ["c"]
        case .cleaningRules: ["x"]
        case .help: ["H", "F1"]
        case .quit: ["q", "Esc"]
        case .bossKey: ["`"]
        case .autoTurn: ["a"]
        case .jumpBack: ["C-o"]
        case .jumpForward: ["C-n"]
        case .library: ["L"]
        case .statistics: ["i"]
        case .nextLink: [">"]
        case .previousLink: ["<"]
        case .syncedPlace: ["P"]
        case .readAloud: ["A"]
        }
    }
}
