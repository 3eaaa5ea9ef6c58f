import NovelCore

/// A stand-in for the pager until `Reader` is on main: the book's first lines, clipped to the screen.
enum PreviewScreen {
    static func make(book: Book, columns: Int, rows: Int) -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        let width = DisplayWidth()
        let text = String(decoding: book.text.utf8.prefix(64 * 1024), as: UTF8.self)
        var row = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where row < rows - 1 {
            screen.write(String(line), row: row, column: 0) { width.width(of: String($0)) }
            row += 1
        }
        if rows > 0 {
            screen.fill(row: rows - 1, style: Style(role: .status))
            screen.write(book.title + "  (q quits)", row: rows - 1, column: 0, style: Style(role: .status)) {
                width.width(of: String($0))
            }
        }
        return screen
    }
}
