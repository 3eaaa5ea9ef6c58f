import NovelCore

/// The compact reader's lines (`TextFrame`): the book as a run of laid-out lines with something on them
/// (blank rows between paragraphs would waste a row of three), shown `textRows` at a time from the top
/// line `scrollTop`, across chapters. These are `novel print`'s non-blank lines at the same width, in order.
extension Reader {
    /// Whether a laid-out line shows anything (a blank one is spacing).
    func showsText(_ location: LineLocation) -> Bool {
        !line(location).clusters.isEmpty
    }

    /// The shown line holding `offset`: the last one starting at or before it, else the next one after.
    func shownLineLocation(containing offset: Int) -> LineLocation {
        let location = lineLocation(containing: offset)
        guard layout.chapter(location.entry).lines.indices.contains(location.line), !showsText(location) else {
            return location
        }
        let before = shownLine(location, movedBy: -1)
        return before != location ? before : shownLine(location, movedBy: 1)
    }

    /// The shown line `count` shown lines after (before, when negative) `start`, stopping at the book's
    /// first and last shown lines.
    func shownLine(_ start: LineLocation, movedBy count: Int) -> LineLocation {
        shownLineAndSteps(start, movedBy: count).location
    }

    /// `shownLine(_:movedBy:)` and how many shown lines it moved (fewer than asked at an end of the book).
    func shownLineAndSteps(_ start: LineLocation, movedBy count: Int) -> (location: LineLocation, steps: Int) {
        var reached = start
        var probe = start
        var steps = 0
        let step = count > 0 ? 1 : -1
        while steps < abs(count) {
            let next = line(probe, movedBy: step)
            if next == probe { break }  // the book's first or last line
            probe = next
            if showsText(probe) {
                reached = probe
                steps += 1
            }
        }
        return (reached, steps)
    }

    /// The lines on the compact reader's screen, top first.
    func compactLines() -> [LineLocation] {
        guard canLayout, layout.chapter(scrollTop.entry).lines.indices.contains(scrollTop.line) else { return [] }
        var shown = showsText(scrollTop) ? [scrollTop] : []
        var location = scrollTop
        while shown.count < textRows {
            let next = shownLine(location, movedBy: 1)
            if next == location { break }
            shown.append(next)
            location = next
        }
        return shown
    }

    /// Moves the compact reader's top line `count` shown lines (a page is `textRows` of them); says so
    /// at either end of the book. Forward, a move that would run out of lines does not move: the screen
    /// already shows the book's last line, and moving part of the way would show lines again.
    mutating func moveCompact(by count: Int) {
        guard canLayout, layout.chapter(scrollTop.entry).lines.indices.contains(scrollTop.line) else { return }
        let (moved, steps) = shownLineAndSteps(scrollTop, movedBy: count)
        if steps == 0 || (count > 0 && steps < count) {
            message = count > 0 ? "End of the book" : "Start of the book"
            return
        }
        scrollTop = moved
        anchor = line(moved).bytes.lowerBound
    }
}
