import NovelCore

/// Moving through the book: page turns, scrolling, jumps (remembered for going back) and moves, going
/// to a chapter or a percentage, and settings changed live (which re-lay out at the same place).
extension Reader {
    /// Flips a page in page mode, animated when the transition is `slide` or `cover`.
    mutating func turnPage(forward: Bool, now: Double) {
        guard canLayout else { return }
        let target = turned(location, forward: forward)
        guard let target else {
            message = forward ? "End of the book" : "Start of the book"
            return
        }
        let animated = settings.transition == .slide || settings.transition == .cover
        let before = animated ? staticScreen() : nil
        location = target
        anchor = layout.firstOffset(of: target)
        meterReading(now: now)
        if let before {
            animation = PageAnimation(
                from: before, start: now, forward: forward, cover: settings.transition == .cover)
        }
    }

    /// Moves the top line in scroll mode, across chapter boundaries.
    mutating func scroll(by count: Int, now: Double) {
        guard canLayout, layout.chapter(scrollTop.entry).lines.indices.contains(scrollTop.line) else { return }
        let moved = line(scrollTop, movedBy: count)
        if moved == scrollTop { message = count > 0 ? "End of the book" : "Start of the book" }
        scrollTop = moved
        anchor = line(moved).bytes.lowerBound
        meterReading(now: now)
    }

    /// Shows the page (or line) holding `offset`: a jump, whose place left is remembered for going back.
    mutating func jump(to offset: Int) {
        rememberingPlace { $0.move(to: offset) }
    }

    /// Shows the page (or line) holding `offset`, as reading moves (the next chapter): not a jump.
    mutating func move(to offset: Int) {
        anchor = max(0, min(offset, book.text.utf8.count))
        relocate()
        meter.restart()
    }

    mutating func jumpToEnd() {
        guard !entries.isEmpty else { return }
        let last = entries.count - 1
        if canLayout && !followsLines {
            rememberingPlace { reader in
                reader.location = reader.spreadStart(
                    PageLocation(entry: last, page: reader.layout.pageCount(of: last) - 1))
                reader.anchor = reader.layout.firstOffset(of: reader.location)
                reader.meter.restart()
            }
        } else {
            jump(to: max(0, book.text.utf8.count - 1))
        }
    }

    /// Goes to a chapter (TOC index or title) or percentage; a bad place becomes a message.
    /// `:12`, `12 Enter`: a number is the chapter with that number (`ChapterByNumber`), anything else a
    /// chapter title as `go(to: .chapter(…))` finds it.
    mutating func go(toChapter text: String) {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            go(to: .chapter(text))
            return
        }
        // Typed digits can be any length: past Int they are a number no chapter has.
        switch ChapterByNumber.entryIndex(Int(text) ?? Int.max, in: entries, currentEntry: currentEntry) {
        case .success(let index): jump(to: entries[index].range.lowerBound)
        case .failure(let miss): message = miss.description
        }
    }

    mutating func go(to place: BookPlace) {
        do {
            jump(to: try place.offset(in: book, state: nil))
        } catch {
            message = error.message
        }
    }

    /// Applies changed settings live: re-lays out keeping the position, and asks for them to be saved.
    mutating func change(_ newSettings: Settings) -> [ReaderAction] {
        guard newSettings != settings else { return [] }
        settings = newSettings
        reconfigure()
        return [.saveSettings(newSettings)]
    }
}
