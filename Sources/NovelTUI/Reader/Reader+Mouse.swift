import NovelCore

extension Reader {
    /// A click, as phone readers take a tap: on a link it follows the link (as `Enter` on it); elsewhere on
    /// the left third of the text back a page, on the right third on a page, on the status bar the table
    /// of contents; in a list overlay it picks the entry.
    mutating func click(row: Int, column: Int, now: Double) -> [ReaderAction] {
        if overlay != nil { return clickInOverlay(row: row, column: column, now: now) }
        if row == rows - 1, settings.statusBar, canLayout {
            return perform(.toc, event: .click(row: row, column: column), now: now)
        }
        guard row < textRows, columns > 0 else { return [] }
        if let link = link(atRow: row, column: column) {
            selectedLink = link
            follow(link)
            return []
        }
        let third = columns / 3
        if column < third { return perform(.previousPage, event: .click(row: row, column: column), now: now) }
        if column >= columns - third { return perform(.nextPage, event: .click(row: row, column: column), now: now) }
        return []
    }

    /// The list row under a click: the entry's index, given the list's selection and length as drawn
    /// (`drawPanel` puts the title on row 0 and the list below it, scrolled by `listTop`, or by `pageTop`
    /// when `paged`).
    func clickedEntry(row: Int, selected: Int, count: Int, paged: Bool = false) -> Int? {
        let height = max(0, (textRows > 0 ? textRows : rows) - 1)
        guard row >= 1, row <= height else { return nil }
        let top =
            paged
            ? pageTop(selected: selected, height: height) : listTop(selected: selected, count: count, height: height)
        let index = top + row - 1
        return index < count ? index : nil
    }

    mutating func clickInOverlay(row: Int, column: Int, now: Double) -> [ReaderAction] {
        switch overlay {
        case .toc(var toc):
            let count = toc.matching(book.index.listed).count
            guard let index = clickedEntry(row: row, selected: toc.selected, count: count) else { return [] }
            toc.selected = index
            return handleTOC(toc, .key(.enter))
        case .bookmarks(let selected):
            // A bookmark can take several lines (its note, wrapped): the click picks the one drawn there.
            let lines = bookmarkLines()
            let height = max(0, (textRows > 0 ? textRows : rows) - 1)
            let index = bookmarkListTop(selected: selected, lines: lines, height: height) + row - 1
            guard row >= 1, row <= height, lines.indices.contains(index) else { return [] }
            return handleBookmarks(lines[index].bookmark, .key(.enter))
        case .chapterRule(var rules):
            guard let index = clickedEntry(row: row, selected: rules.selected, count: rules.choices.count + 1) else {
                return []
            }
            rules.selected = index
            return handleChapterRule(rules, .key(.enter))
        case .rules(let selected):
            // A click on a rule switches it, as Space does on the selected one.
            let count = rules.applying(title: book.title, path: book.path).count + 1
            guard let index = clickedEntry(row: row, selected: selected, count: count) else { return [] }
            overlay = .rules(selected: index)
            return handleRules(index, .key(.enter))
        case .settings(let selected):
            // A click picks a row; a click on the picked row steps its value, as Enter does.
            let count = SettingsItem.allCases.count
            guard let index = clickedEntry(row: row, selected: selected, count: count, paged: true) else { return [] }
            if index == selected { return handleSettings(selected, .key(.enter)) }
            overlay = .settings(selected: index)
        case .library(var library):
            guard let index = clickedEntry(row: row, selected: library.selected, count: library.books?.count ?? 0)
            else { return [] }
            library.selected = index
            return handleLibrary(library, .key(.enter))
        case .searchHits(var list):
            guard let index = clickedEntry(row: row, selected: list.selected, count: listedHits(list).count) else {
                return []
            }
            list.selected = index
            handleSearchHits(list, .key(.enter))
        case .help, .statistics, .hideLike, .note:
            // A rule is saved only from the keyboard: a click closes its proposal unsaved.
            overlay = nil
        case .prompt, nil:
            break
        }
        return []
    }
}
