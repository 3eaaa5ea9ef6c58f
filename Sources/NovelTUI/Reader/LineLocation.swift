import NovelCore

/// A line of a chapter layout: the top line in scroll mode.
struct LineLocation: Sendable, Hashable {
    var entry: Int
    var line: Int
}

extension Reader {
    func line(_ location: LineLocation) -> LayoutLine {
        layout.chapter(location.entry).lines[location.line]
    }

    /// The line showing `offset`: the last line starting at or before it (a chapter without lines
    /// is passed over to the next one that has some).
    func lineLocation(containing offset: Int) -> LineLocation {
        var entry = book.index.entryIndex(containing: offset)
        while entry < entries.count {
            let lines = layout.chapter(entry).lines
            if !lines.isEmpty {
                return LineLocation(
                    entry: entry, line: lines.lastIndex(keyedBy: { $0.bytes.lowerBound }, atOrBefore: offset))
            }
            entry += 1
        }
        // No lines from here to the end: the last line of an earlier chapter, if any.
        let before = book.index.entryIndex(containing: offset)
        if let previous = previousEntryWithLines(before: before) {
            return LineLocation(entry: previous, line: layout.chapter(previous).lines.count - 1)
        }
        return LineLocation(entry: before, line: 0)
    }

    /// The line `count` lines after (or before, when negative) `start`, across chapters, stopping at the
    /// book's first and last lines.
    func line(_ start: LineLocation, movedBy count: Int) -> LineLocation {
        var location = start
        var remaining = count
        while remaining > 0 {
            if location.line + 1 < layout.chapter(location.entry).lines.count {
                location.line += 1
            } else if let next = nextEntryWithLines(after: location.entry) {
                location = LineLocation(entry: next, line: 0)
            } else {
                break
            }
            remaining -= 1
        }
        while remaining < 0 {
            if location.line > 0 {
                location.line -= 1
            } else if let previous = previousEntryWithLines(before: location.entry) {
                location = LineLocation(entry: previous, line: layout.chapter(previous).lines.count - 1)
            } else {
                break
            }
            remaining += 1
        }
        return location
    }

    func nextEntryWithLines(after entry: Int) -> Int? {
        var next = entry + 1
        while next < entries.count {
            if !layout.chapter(next).lines.isEmpty { return next }
            next += 1
        }
        return nil
    }

    func previousEntryWithLines(before entry: Int) -> Int? {
        var previous = entry - 1
        while previous >= 0 {
            if !layout.chapter(previous).lines.isEmpty { return previous }
            previous -= 1
        }
        return nil
    }

    /// The lines on screen in scroll mode with the row each starts at. Within a page lines keep the
    /// layouter's rows; between pages they are one line step apart, between chapters one row more.
    func visibleLines() -> [(location: LineLocation, row: Int)] {
        guard canLayout, let geometry = layout.geometry,
            layout.chapter(scrollTop.entry).lines.indices.contains(scrollTop.line)
        else { return [] }
        let step = geometry.rowsPerGlyph + settings.lineSpacing
        var result: [(location: LineLocation, row: Int)] = []
        var location = scrollTop
        var row = 0
        while row < textRows {
            result.append((location, row))
            let chapter = layout.chapter(location.entry)
            if location.line + 1 < chapter.lines.count {
                let current = chapter.lines[location.line]
                let next = chapter.lines[location.line + 1]
                let samePage =
                    chapter.pageIndex(containing: current.bytes.lowerBound)
                    == chapter.pageIndex(containing: next.bytes.lowerBound) && next.row > current.row
                row += samePage ? next.row - current.row : step
                location.line += 1
            } else if let next = nextEntryWithLines(after: location.entry) {
                row += step + 1
                location = LineLocation(entry: next, line: 0)
            } else {
                break
            }
        }
        return result
    }
}
