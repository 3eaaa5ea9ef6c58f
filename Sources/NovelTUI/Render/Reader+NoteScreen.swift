import NovelCore

/// A note opened from its reference: a panel over the foot of the page, as a footnote sits, with the
/// page above it left in view. Its title row says how to leave; the note wraps at the panel's width.
extension Reader {
    /// The note's lines, each paragraph wrapped to the panel less a column of margin each side.
    func noteLines(_ note: NoteOverlay) -> [String] {
        let width = max(1, columns - 2)
        return note.text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            measure.wrapped(String($0), width: width)
        }
    }

    /// Rows the panel takes: its title and the note's lines, at most the text area.
    func noteRows(_ note: NoteOverlay) -> Int {
        let area = textRows > 0 ? textRows : rows
        return max(0, min(noteLines(note).count + 1, area))
    }

    func drawNote(_ note: NoteOverlay, into screen: inout Screen) {
        let lines = noteLines(note)
        let height = noteRows(note)
        let area = textRows > 0 ? textRows : rows
        guard height > 0 else { return }
        let top = area - height
        let titleStyle = Style(role: .overlayTitle, bold: true)
        screen.fill(row: top, style: titleStyle)
        let more = lines.count > height - 1 ? "  ↑/↓ scroll" : ""
        screen.write(" Note  (Esc closes)\(more)", row: top, column: 0, style: titleStyle, measure: width)
        for (row, line) in zip(top + 1..<area, lines.dropFirst(note.top)) {
            screen.fill(row: row, style: Style(role: .overlay))
            screen.write(line, row: row, column: 1, style: Style(role: .overlay), measure: width)
        }
    }
}
