import NovelCore

extension Reader {
    /// The cells to show now: the page (or an animation frame), any overlay, and the status bar.
    public func screen() -> Screen {
        if isHidden { return BossScreen.screen(columns: columns, rows: rows) }
        let target = staticScreen()
        guard let animation else { return target }
        return animation.frame(to: target, animatedRows: textRows)
    }

    /// Advances an animated page flip (it ends after `PageAnimation.duration`) and takes an auto page
    /// turn's step when one is due.
    public mutating func tick(now: Double) {
        if var running = animation {
            running.progress = (now - running.start) / PageAnimation.duration
            running.lastFrame = now
            animation = running.progress >= 1 ? nil : running
        }
        tickAutoTurn(now: now)
        tickReadAloud(now: now)
    }

    /// When the next animation frame or auto page turn is due, or nil when nothing moves.
    public var nextDeadline: Double? {
        [animation?.nextDeadline, autoTurn?.deadline, readAloud?.sleepDeadline].compactMap { $0 }.min()
    }

    /// The screen without animation.
    func staticScreen() -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        switch overlay {
        case .toc(let toc): drawTOC(toc, into: &screen)
        case .chapterRule(let rules): drawChapterRules(rules, into: &screen)
        case .bookmarks(let selected): drawBookmarks(selected, into: &screen)
        case .settings(let selected): drawSettings(selected, into: &screen)
        case .rules(let selected): drawRules(selected, into: &screen)
        case .help(let top): drawHelp(top, into: &screen)
        case .library(let library): drawLibrary(library, into: &screen)
        case .statistics(let statistics): drawStatistics(statistics, into: &screen)
        case .hideLike(let proposal): drawHideLike(proposal, into: &screen)
        case .searchHits(let list): drawSearchHits(list, into: &screen)
        case .prompt, nil: drawText(into: &screen)
        case .note(let note):
            drawText(into: &screen)
            drawNote(note, into: &screen)
        }
        // A disguise covers the overlays as it covers the text (a prompt is its editor's command line).
        if let overlay, !overlay.isPrompt {
            DisguiseLook.disguise(&screen, rows: 0..<(textRows > 0 ? textRows : rows), settings.disguise)
        }
        drawBottomRow(into: &screen)
        return screen
    }

    func width(_ character: Character) -> Int {
        measure.width(of: String(character))
    }

    // MARK: - Text

    func drawText(into screen: inout Screen) {
        guard canLayout, let geometry = layout.geometry else {
            drawTooSmall(into: &screen)
            return
        }
        let marks = clusterMarks()
        for shown in shownLines() {
            draw(shown.line, row: shown.row, geometry: geometry, marks: marks, column: shown.column, into: &screen)
        }
    }

    /// The lines on screen with their rows, and the column their viewport starts at when it is not the
    /// frame's left (a spread's pages): the compact reader's run of lines, scroll mode's lines, or the
    /// page (both pages of a spread). What is drawn, and what a click finds its cluster in.
    func shownLines() -> [(line: LayoutLine, row: Int, column: Int?)] {
        guard canLayout else { return [] }
        if isCompact { return compactLines().enumerated().map { (line($1), $0, nil) } }
        if isScrollMode { return visibleLines().map { (line($0.location), $0.row, nil) } }
        let chapter = layout.chapter(location.entry)
        return shownPages.flatMap { page, column in
            chapter.pages[page.page].lines.map { (chapter.lines[$0], chapter.lines[$0].row, column) }
        }
    }

    /// Places each cluster at the column the layouter computed, in the viewport starting at screen
    /// `column` (after a disguise's prefix, drawn first; a spread's right page has its own). A scaled glyph
    /// is drawn at its natural width in the top-left of its box; the rest of the box stays blank.
    func draw(
        _ line: LayoutLine, row: Int, geometry: LayoutGeometry, marks: ClusterMarks, column: Int? = nil,
        into screen: inout Screen
    ) {
        guard row < textRows else { return }
        let disguise = settings.disguise
        let titleStyle = Style(role: .title, bold: true)
        if disguise != .none {
            let start = line.bytes.lowerBound
            let prefix = DisguiseLook.prefix(
                disguise, offset: wholeOffset(start), entry: book.index.entryIndex(containing: start),
                isTitle: line.kind == .title)
            screen.write(String(prefix.prefix(frame.left)), row: row, column: 0, style: Style(role: .dim)) { _ in 1 }
        }
        let left = (column ?? frame.left) + geometry.left
        line.clusters.shownText(book.text).withUnsafeBufferPointer { bytes in
            // An illustration's caption line (DisplayOptions.Illustrations) is dimmed, as is all text in disguise.
            let caption =
                line.clusters.first.map {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.shown]), as: UTF8.self)
                        == DisplayOptions.Illustrations.captionMarker
                } ?? false
            let base =
                disguise != .none || caption ? Style(role: .dim) : line.kind == .title ? titleStyle : Style.text
            var previous: (end: Int, bytes: Range<Int>, style: Style)?
            for cluster in line.clusters where cluster.width > 0 {
                let style = marks.style(for: cluster.bytes, base: base)
                let column = left + cluster.column
                // A link's or an underlined run's spaces are gaps between clusters: underlined with them.
                if let previous, previous.end < column, previous.style == style, style.underline || style.reverse,
                    marks.joins(previous.bytes, cluster.bytes)
                {
                    for gap in previous.end..<column { screen.put(" ", width: 1, row: row, column: gap, style: style) }
                }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[cluster.shown]), as: UTF8.self)
                screen.put(text, width: cluster.naturalWidth, row: row, column: column, style: style)
                previous = (column + cluster.width, cluster.bytes, style)
            }
        }
    }

    /// The marks of the clusters on screen: search matches, and the book's emphasis and links
    /// (`ClusterMarks`); the emphasis is left out in a disguise and under `NO_COLOR` (`showsEmphasis`).
    func clusterMarks() -> ClusterMarks {
        guard let visible = visibleByteRange() else { return ClusterMarks() }
        var marks = ClusterMarks()
        if let search { marks.matches = shownSearch(search, onScreen: true).matches(overlapping: visible) }
        marks.currentMatch = currentMatch
        marks.spoken = spokenRange
        if let markup = book.markup {
            // A disguise must look like plain code or a log: no emphasis, no underlined links.
            if settings.disguise == .none {
                if showsEmphasis { marks.styles = markup.styles(overlapping: visible) }
                marks.links = markup.links[markup.links(overlapping: visible)].map(\.range)
            }
            marks.selectedLink = selectedLinkOnScreen.map { markup.links[$0].range }
        }
        return marks
    }

    func drawTooSmall(into screen: inout Screen) {
        let words =
            DisguiseLook.tooSmallWords(settings.disguise)
            ?? (entries.isEmpty ? ["This", "book", "is", "empty"] : ["Too", "small", "to", "show", "text"])
        let style = settings.disguise == .none ? Style(role: .message) : DisguiseLook.statusStyle(settings.disguise)
        var row = 0
        var line = ""
        for word in words {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.count <= columns || line.isEmpty {
                line = candidate
            } else {
                screen.write(line, row: row, column: 0, style: style, measure: width)
                row += 1
                line = word
            }
        }
        screen.write(line, row: row, column: 0, style: style, measure: width)
    }

    // MARK: - Bottom row: prompt, message or status bar

    func drawBottomRow(into screen: inout Screen) {
        // The compact reader's bottom row is its last text row, wherever the terminal ends.
        let row = isCompact ? textRows - 1 : rows - 1
        guard row >= 0 else { return }
        if case .prompt(let prompt) = overlay {
            screen.fill(row: row, style: .text)
            let end = screen.write(promptLine(prompt), row: row, column: 0, measure: width)
            screen.put("_", width: 1, row: row, column: end, style: Style(role: .text, underline: true))
            return
        }
        if let message = message ?? loading?.waitingMessage {
            let style = settings.disguise == .none ? Style(role: .message) : DisguiseLook.statusStyle(settings.disguise)
            screen.fill(row: row, style: style)
            screen.write(message, row: row, column: 0, style: style, measure: width)
            return
        }
        if isCompact {
            drawProgressMark(row: row, into: &screen)
            return
        }
        // A terminal too small for text gives every row to the message.
        guard settings.statusBar, canLayout || overlay != nil else { return }
        let disguise = settings.disguise
        let style = DisguiseLook.statusStyle(disguise)
        screen.fill(row: row, style: style)
        var right = " \(percentText) "
        if let pages = pageText { right = " \(pages)" + right }
        switch settings.statusInfo {
        case .progress: break
        case .time: right = " \(timeLeftText) "
        case .both: right = " \(timeLeftText) ·" + right
        }
        if let hits { right = " \(hits.label) ·" + right }
        if let autoTurn { right = " ▶ \(autoTurn.label)" + right }
        if let readAloud { right = " \(readAloud.label) ·" + right }
        if let loading { right = " \(loading.label) ·" + right }
        if !numberPrefix.isEmpty { right = " \(numberPrefix)…" + right }
        if disguise != .none {
            right = DisguiseLook.statusRight(disguise, pages: pageText, percent: percentText, typed: numberPrefix)
        }
        let rightWidth = measure.width(of: right)
        let chapter = shownTitle(currentEntry)
        let left = DisguiseLook.status(disguise) ?? " \(book.title) · \(chapter)"
        let leftEnd = max(0, columns - rightWidth)
        var clipped = Screen(columns: leftEnd, rows: 1)
        clipped.write(left, row: 0, column: 0, style: style, measure: width)
        for column in 0..<leftEnd where !(clipped[0, column].width == 0 && clipped[0, column].cluster.isEmpty) {
            let cell = clipped[0, column]
            screen.put(cell.cluster, width: cell.width, row: row, column: column, style: style)
        }
        if rightWidth <= columns { screen.write(right, row: row, column: leftEnd, style: style, measure: width) }
    }

    /// The prompt's label and text, or as much of their end as fits before the cursor (a long note being
    /// edited), after an ellipsis.
    func promptLine(_ prompt: Prompt) -> String {
        let line = DisguiseLook.promptLabel(prompt, settings.disguise) + prompt.text
        guard columns > 2, measure.width(of: line) + 1 > columns else { return line }
        var tail = Substring(line)
        while !tail.isEmpty, measure.width(of: String(tail)) + 2 > columns { tail = tail.dropFirst() }
        return "…" + tail
    }

    /// The compact reader's status: the percentage (or a number being typed) at the end of its last
    /// row, dim, over the end of the line's reserved room.
    func drawProgressMark(row: Int, into screen: inout Screen) {
        guard frame.showsMark, canLayout, overlay == nil else { return }
        let mark = numberPrefix.isEmpty ? percentText : numberPrefix + "…"
        let text = String(repeating: " ", count: max(0, TextFrame.markWidth - mark.count)) + mark
        let column = max(0, columns - measure.width(of: text))
        screen.write(text, row: row, column: column, style: Style(role: .dim), measure: width)
    }

    /// "page/pages" within the chapter, when laid out.
    var pageText: String? {
        guard canLayout else { return nil }
        let entry = currentEntry
        let chapter = layout.chapter(entry)
        let page = followsLines ? chapter.pageIndex(containing: firstVisibleOffset) : location.page
        // A spread shows both its pages: "3-4/10".
        let shown = followsLines ? "" : rightPage(of: location).map { "-\($0.page + 1)" } ?? ""
        return "\(page + 1)\(shown)/\(chapter.pages.count)"
    }

    /// How far through the book the screen's first character is, rounded down; 100% once the screen
    /// shows the book's last text (its start can be well before the end on the last page).
    var percentText: String {
        let count = wholeLength
        guard count > 0, !showsBookEnd else { return "100%" }
        return "\(wholeOffset(firstVisibleOffset) * 100 / count)%"
    }

    /// Whether the screen shows the book's last line: the last page (or the spread holding it), or in
    /// scroll and compact modes the last line among those shown. Never while only part of the book is
    /// loaded (the first screen before the whole book).
    var showsBookEnd: Bool {
        guard canLayout, let last = entries.indices.last, part?.holdsEnd(of: book) ?? true else { return false }
        // The last chapter is laid out only when it is on screen anyway.
        if followsLines {
            guard let bottom = visibleLines().last?.location, bottom.entry == last else { return false }
            return bottom.line == layout.chapter(last).lines.count - 1
        }
        let shown = rightPage(of: location) ?? location
        return shown.entry == last && shown.page == layout.chapter(last).pages.count - 1
    }
}
