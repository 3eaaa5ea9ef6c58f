import NovelCore

extension Reader {
    /// The list of the last search's hits: a row a hit, its chapter then the text around it on its line,
    /// the hit itself in the match role and underlined (the current match's role on the selected row).
    func drawSearchHits(_ list: SearchHitsOverlay, into screen: inout Screen) {
        guard let hits else { return }
        let listed = listedHits(list)
        let filter = list.filter.isEmpty ? "" : "  filter: \(list.filter)"
        let kept = hits.count > hits.found.count ? " (the first \(hits.found.count) listed)" : ""
        let rows = drawPanel(
            title: "Search \(hits.query): \(hits.label)\(kept)\(filter)  (type to filter, Enter jumps)", into: &screen)
        if listed.isEmpty, let row = rows.first {
            let note = hits.isDone ? "  no hit matches" : "  searching…"
            screen.write(note, row: row, column: 0, style: Style(role: .dim), measure: width)
            return
        }
        let top = listTop(selected: list.selected, count: listed.count, height: rows.count)
        for (row, index) in zip(rows, listed.indices.dropFirst(top)) {
            let hit = hits.found[listed[index]]
            let selected = index == list.selected
            let style = ListRow.style(selected: selected)
            var match = Style(role: selected ? .currentMatch : .match, bold: selected, underline: true)
            if settings.disguise != .none { match = style }
            screen.fill(row: row, style: style)
            let title = ListRow.text("\(fitted(shownTitle(hit.entry), room: columns / 3)) · ", selected: selected)
            var column = screen.write(title, row: row, column: 0, style: style, measure: width)
            // As much of the text before the hit as leaves the hit, and as much after it, in view.
            let room = max(0, (columns - column - measure.width(of: hit.match)) / 2)
            column = screen.write(
                leading(hit.before, room: room), row: row, column: column, style: style, measure: width)
            column = screen.write(hit.match, row: row, column: column, style: match, measure: width)
            screen.write(hit.after, row: row, column: column, style: style, measure: width)
        }
    }

    /// `text` whole when it takes at most `room` cells, else its start and an ellipsis within them.
    func fitted(_ text: String, room: Int) -> String {
        guard measure.width(of: text) > room else { return text }
        var kept = ""
        for character in text {
            if measure.width(of: kept + String(character)) + 1 > room { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// `text` whole when it takes at most `room` cells, else an ellipsis and its end within them.
    func leading(_ text: String, room: Int) -> String {
        guard measure.width(of: text) > room else { return text }
        var kept = ""
        for character in text.reversed() {
            if measure.width(of: String(character) + kept) + 1 > room { break }
            kept.insert(character, at: kept.startIndex)
        }
        return "…" + kept
    }
}
