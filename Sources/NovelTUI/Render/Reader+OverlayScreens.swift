import Foundation
import NovelCore

extension Reader {
    /// Fills the text area with the overlay style and writes its title on the first row; returns the
    /// rows left for the list.
    func drawPanel(title: String, into screen: inout Screen) -> Range<Int> {
        let area = textRows > 0 ? textRows : rows
        for row in 0..<area { screen.fill(row: row, style: Style(role: .overlay)) }
        guard area > 0 else { return 0..<0 }
        screen.fill(row: 0, style: Style(role: .overlayTitle, bold: true))
        screen.write(" " + title, row: 0, column: 0, style: Style(role: .overlayTitle, bold: true), measure: width)
        return 1..<area
    }

    /// One list row, drawn as `ListRow` says: the whole row styled as selected or not. A `continued` row
    /// (an entry's second line) carries no cursor.
    func drawItem(_ text: String, row: Int, selected: Bool, continued: Bool = false, into screen: inout Screen) {
        let style = ListRow.style(selected: selected)
        screen.fill(row: row, style: style)
        screen.write(
            ListRow.text(text, selected: selected && !continued), row: row, column: 0, style: style, measure: width)
    }

    func drawTOC(_ toc: TOCOverlay, into screen: inout Screen) {
        let matching = toc.matching(book.index.listed)
        let filter = toc.filter.isEmpty ? "" : "  filter: \(toc.filter)"
        let list = drawPanel(title: "Contents \(matching.count)/\(entries.count)\(filter)", into: &screen)
        let top = listTop(selected: toc.selected, count: matching.count, height: list.count)
        for (row, index) in zip(list, matching.dropFirst(top)) {
            let entry = entries[index]
            let marker = ListRow.currentMark(index == toc.current)
            let indent = String(repeating: "  ", count: entry.nesting)
            drawItem(
                "\(marker) \(indent)\(shownTitle(index))", row: row, selected: index == matching[safe: toc.selected],
                into: &screen)
        }
        if matching.isEmpty, let row = list.first {
            screen.write("  no chapter matches", row: row, column: 0, style: Style(role: .dim), measure: width)
        }
    }

    func drawChapterRules(_ rules: ChapterRuleOverlay, into screen: inout Screen) {
        let list = drawPanel(title: "Chapter rule  (Enter switches, Esc closes)", into: &screen)
        let labels =
            rules.choices.map { "\(ListRow.currentMark($0.pattern == chapterPattern)) \($0.label)" }
            + [
                "  custom pattern…"
                    + (rules.choices.contains { $0.pattern == chapterPattern }
                        ? "" : "  (in use: \(chapterPattern ?? ""))")
            ]
        let top = listTop(selected: rules.selected, count: labels.count, height: list.count)
        for (row, index) in zip(list, labels.indices.dropFirst(top)) {
            drawItem(labels[index], row: row, selected: index == rules.selected, into: &screen)
        }
    }

    func drawBookmarks(_ selected: Int, into screen: inout Screen) {
        let list = drawPanel(
            title: "Bookmarks \(bookmarks.count)  (Enter jumps, e edits the note, d deletes)", into: &screen)
        if bookmarks.isEmpty, let row = list.first {
            screen.write(
                "  No bookmarks: m adds one here", row: row, column: 0, style: Style(role: .dim), measure: width)
            return
        }
        let lines = bookmarkLines()
        let top = bookmarkListTop(selected: selected, lines: lines, height: list.count)
        for (row, line) in zip(list, lines.dropFirst(top)) {
            drawItem(line.text, row: row, selected: line.bookmark == selected, continued: !line.isFirst, into: &screen)
        }
    }

    /// The bookmarks list's lines: a bookmark's id, chapter and snippet on its first line (cut at the
    /// panel's edge), then its note whole, wrapped to the panel's width under a dash.
    func bookmarkLines() -> [(bookmark: Int, text: String, isFirst: Bool)] {
        // The note's room: the row's cursor and space, then the dash and its space or an indent as wide.
        let room = max(1, columns - 2 - 2)
        return bookmarks.indices.flatMap { index in
            let bookmark = bookmarks[index]
            var lines = [
                (bookmark: index, text: "\(bookmark.id) \(bookmark.chapterTitle) · \(bookmark.snippet)", isFirst: true)
            ]
            let paragraphs = bookmark.note.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
            let wrapped = paragraphs.flatMap { measure.wrapped(String($0), width: room) }
            for (number, line) in wrapped.enumerated() {
                lines.append((bookmark: index, text: (number == 0 ? "— " : "  ") + line, isFirst: false))
            }
            return lines
        }
    }

    /// The first line shown of the bookmarks list in `height` rows: the selected bookmark's first line
    /// centred as in every list, moved so that its note shows whole where the panel holds it.
    func bookmarkListTop(
        selected: Int, lines: [(bookmark: Int, text: String, isFirst: Bool)], height: Int
    ) -> Int {
        guard let first = lines.firstIndex(where: { $0.bookmark == selected }) else { return 0 }
        let last = lines.lastIndex { $0.bookmark == selected } ?? first
        var top = listTop(selected: first, count: lines.count, height: height)
        if last >= top + height { top = last - height + 1 }
        return max(0, min(top, first))
    }

    func drawSettings(_ selected: Int, into screen: inout Screen) {
        let list = drawPanel(title: "Settings  (←/→ change, Esc closes)", into: &screen)
        let items = SettingsItem.allCases
        let labelWidth = items.map(\.label.count).max() ?? 0
        // More rows than a short window holds: shown a window at a time, the one holding the selected row
        // (`pageTop`, so that the row a click picked stays under the pointer for the second click).
        let top = pageTop(selected: selected, height: list.count)
        for (row, index) in zip(list, items.indices.dropFirst(top)) {
            let label = items[index].label.padding(toLength: labelWidth)
            drawItem(
                "\(label)  \(items[index].value(displaySettings))", row: row, selected: index == selected, into: &screen
            )
        }
    }

    func drawRules(_ selected: Int, into screen: inout Screen) {
        let list = rules.applying(title: book.title, path: book.path)
        let rows = drawPanel(title: "Cleaning rules for this book  (Space switches, Esc closes)", into: &screen)
        let top = listTop(selected: selected, count: list.count + 1, height: rows.count)
        for (row, index) in zip(rows, (0...list.count).dropFirst(top)) {
            guard index < list.count else {
                let label = " +  Hide lines like this…  (a rule from the first line on the screen)"
                drawItem(label, row: row, selected: index == selected, into: &screen)
                break
            }
            let rule = list[index]
            let kind = rule.isBuiltIn ? "  (built-in site junk)" : "  \(rule.pattern) → \(rule.replacement)"
            drawItem(
                "[\(rule.enabled ? "x" : " ")] \(rule.name)\(kind)", row: row, selected: index == selected,
                into: &screen)
        }
    }

    func drawHelp(_ top: Int, into screen: inout Screen) {
        let list = drawPanel(title: "Keys  (↑/↓ scroll, any other key closes)", into: &screen)
        let lines = keymap.helpLines()
        let keysWidth = min(lines.map { measure.width(of: $0.keys) }.max() ?? 0, max(columns / 3, 1))
        for (row, line) in zip(list, lines.dropFirst(top)) {
            // Keys longer than the key column (many aliases on a narrow screen) are cut, not the help.
            var keys = Screen(columns: keysWidth + 1, rows: 1)
            keys.write(" " + line.keys, row: 0, column: 0, style: Style(role: .overlay, bold: true), measure: width)
            for column in 0..<keys.columns where !(keys[0, column].width == 0 && keys[0, column].cluster.isEmpty) {
                let cell = keys[0, column]
                screen.put(cell.cluster, width: cell.width, row: row, column: column, style: cell.style)
            }
            screen.write(line.help, row: row, column: keysWidth + 3, style: Style(role: .overlay), measure: width)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

extension Reader {
    /// The library: a row a book, its title on the left and its progress, the day it was last read and
    /// the time left on the right (over the end of a long title); the book being read is marked.
    func drawLibrary(_ library: LibraryOverlay, into screen: inout Screen) {
        let list = drawPanel(title: "Library  (Enter switches, Esc closes)", into: &screen)
        guard let books = library.books else {
            if let row = list.first {
                screen.write("  Listing…", row: row, column: 0, style: Style(role: .dim), measure: width)
            }
            return
        }
        if books.isEmpty, let row = list.first {
            let hint = "  No books yet: books read appear here, and the libraryFolder setting lists a folder's"
            screen.write(hint, row: row, column: 0, style: Style(role: .dim), measure: width)
            return
        }
        let top = listTop(selected: library.selected, count: books.count, height: list.count)
        for (row, index) in zip(list, books.indices.dropFirst(top)) {
            let book = books[index]
            let selected = index == library.selected
            drawItem(
                "\(ListRow.currentMark(index == library.current)) \(book.title)", row: row, selected: selected,
                into: &screen)
            let info = " \(Self.libraryInfo(book)) "
            let infoWidth = measure.width(of: info)
            if infoWidth + 4 <= columns {
                screen.write(
                    info, row: row, column: columns - infoWidth, style: ListRow.style(selected: selected),
                    measure: width)
            }
        }
    }

    /// "42%  2026-11-20  3 h left" for a library row ("new" for a book not started).
    static func libraryInfo(_ book: Shelf.Book) -> String {
        let progress = book.percent.map { "\(Int($0))%" } ?? "new"
        let day = book.lastRead.map { $0.formatted(Self.dayFormat) }
        let left = book.minutesLeft.map { ReadingTime.words(minutes: $0) + " left" }
        return ([progress] + [day, left].compactMap { $0 }).joined(separator: "  ")
    }

    /// The day a book was last read, in the local time zone.
    static var dayFormat: Date.ISO8601FormatStyle {
        Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
    }
}
