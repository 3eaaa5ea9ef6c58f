/// How a row of a list overlay is drawn (the contents, chapter rules, bookmarks, settings, cleaning rules
/// and the library): the one place that says what the selected row looks like. It starts with `cursor`
/// and is drawn bold in the selection role, which each theme shows as swapped colors and the terminal
/// theme, `NO_COLOR` and a terminal without colors as reverse video: unmistakable in every theme, and
/// still marked where neither colors nor attributes show.
enum ListRow {
    /// The first cell of the selected row; every other row has a space there.
    static let cursor = "▶"
    /// Marks the entry in use, which the selection moves away from: the chapter being read, the chapter
    /// rule in use, the book open.
    static let current = "•"

    static func style(selected: Bool) -> Style {
        selected ? Style(role: .selection, bold: true) : Style(role: .overlay)
    }

    /// The row's text: the cursor or a space, a space, then `text`.
    static func text(_ text: String, selected: Bool) -> String {
        "\(selected ? cursor : " ") \(text)"
    }

    /// The in-use mark or a space, for the lists that have one.
    static func currentMark(_ isCurrent: Bool) -> String {
        isCurrent ? current : " "
    }
}
