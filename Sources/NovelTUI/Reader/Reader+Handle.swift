import NovelCore

extension Reader {
    /// Applies one input event; returns what the host should do. `now` is monotonic seconds, used to
    /// start page animations and auto page turn. Any event cuts a running animation short. A jump that
    /// changed the history asks for it to be saved.
    public mutating func handle(_ event: InputEvent, now: Double) -> [ReaderAction] {
        let before = history
        let actions = handleEvent(event, now: now)
        return history == before ? actions : actions + [.saveHistory(history)]
    }

    mutating func handleEvent(_ event: InputEvent, now: Double) -> [ReaderAction] {
        animation = nil
        if case .resize(let newColumns, let newRows) = event {
            columns = max(newColumns, 0)
            rows = max(newRows, 0)
            reconfigure()
            return []
        }
        if let taken = handleWhileAutoTurning(event, now: now) { return taken }
        if keymap.command(for: event) == .bossKey, isHidden || !overlayTakesTyping(event) { return toggleHidden() }
        if isHidden { return [] }
        if case .click(let row, let column) = event {
            numberPrefix = ""
            return click(row: row, column: column, now: now)
        }
        if overlay != nil { return handleOverlay(event, now: now) }
        message = nil
        if case .key(.character(let character)) = event, character.isASCII, character.isNumber {
            numberPrefix.append(character)
            return []
        }
        if !numberPrefix.isEmpty {
            let number = numberPrefix
            numberPrefix = ""
            if event == .key(.enter) || keymap.command(for: event) == .bookStart {
                go(toChapter: number)
                return []
            }
            // A count before a chapter key moves that many chapters, and is a jump to come back from.
            let command = keymap.command(for: event)
            if command == .nextChapter || command == .previousChapter, !entries.isEmpty {
                // Typed digits can be any length: a count past the book's chapters is the last (or first).
                let count = min(Int(number) ?? entries.count, entries.count)
                let target = currentEntry + (command == .nextChapter ? count : -count)
                jump(to: entries[max(0, min(target, entries.count - 1))].range.lowerBound)
                return []
            }
            if event == .key(.escape) { return [] }
        }
        guard let command = keymap.command(for: event) else { return [] }
        return perform(command, event: event, now: now)
    }

    mutating func perform(_ command: ReaderCommand, event: InputEvent, now: Double) -> [ReaderAction] {
        let wheel = event == .wheelUp || event == .wheelDown
        if isCompact, let lines = compactStep(command, wheel: wheel) {
            moveCompact(by: lines)
            return []
        }
        switch command {
        case .nextPage:
            if isScrollMode {
                scroll(by: wheel ? 3 : max(1, visibleLines().count - 1), now: now)
            } else {
                turnPage(forward: true, now: now)
            }
        case .previousPage:
            if isScrollMode {
                scroll(by: wheel ? -3 : -max(1, visibleLines().count - 1), now: now)
            } else {
                turnPage(forward: false, now: now)
            }
        case .lineDown:
            if isScrollMode { scroll(by: 1, now: now) } else { turnPage(forward: true, now: now) }
        case .lineUp:
            if isScrollMode { scroll(by: -1, now: now) } else { turnPage(forward: false, now: now) }
        case .nextChapter:
            if currentEntry + 1 < entries.count {
                move(to: entries[currentEntry + 1].range.lowerBound)
            } else {
                message = "Last chapter"
            }
        case .previousChapter:
            let start = entries.isEmpty ? 0 : entries[currentEntry].range.lowerBound
            // An empty volume entry (上卷 named on its first chapter's line) starts where its chapter does: skip it.
            let previous = entries[..<currentEntry].lastIndex { $0.range.lowerBound < start }
            if firstVisibleOffset > start || previous == nil {
                move(to: start)
            } else {
                move(to: entries[previous!].range.lowerBound)
            }
        case .bookStart:
            jump(to: 0)
        case .bookEnd:
            jumpToEnd()
        case .goTo:
            overlay = .prompt(Prompt(kind: .goTo))
        case .toc:
            overlay = .toc(TOCOverlay(current: currentEntry, selected: currentEntry))
        case .chapterRule:
            openChapterRules()
        case .addBookmark:
            overlay = .prompt(Prompt(kind: .bookmarkNote))
        case .bookmarks:
            let nearest = bookmarks.lastIndex { $0.offset <= firstVisibleOffset } ?? 0
            overlay = .bookmarks(selected: nearest)
        case .searchForward:
            overlay = .prompt(Prompt(kind: .search(.forward)))
        case .searchBackward:
            overlay = .prompt(Prompt(kind: .search(.backward)))
        case .nextMatch:
            repeatSearch(direction: searchDirection)
        case .previousMatch:
            repeatSearch(direction: searchDirection == .forward ? .backward : .forward)
        case .settings:
            overlay = .settings(selected: 0)
        case .fontLarger:
            return change(SettingsItem.fontScale.adjusted(settings, step: 1))
        case .fontSmaller:
            return change(SettingsItem.fontScale.adjusted(settings, step: -1))
        case .cleaningRules:
            overlay = .rules(selected: 0)
        case .convert:
            return changeConversion(to: SettingsItem.convert.adjusted(shownSettings, step: 1).convert)
        case .help:
            overlay = .help(top: 0)
        case .quit:
            isFinished = true
            return [.saveProgress(position), .quit]
        case .bossKey:
            return toggleHidden()
        case .autoTurn:
            toggleAutoTurn(now: now)
        case .jumpBack:
            goBack()
        case .jumpForward:
            goForward()
        case .library:
            return openLibrary()
        }
        return []
    }

    /// How many shown lines a moving command takes the compact reader (nil: not a moving command).
    func compactStep(_ command: ReaderCommand, wheel: Bool) -> Int? {
        switch command {
        case .nextPage: wheel ? 1 : textRows
        case .previousPage: wheel ? -1 : -textRows
        case .lineDown: 1
        case .lineUp: -1
        default: nil
        }
    }

    /// The boss key: the innocent screen and title at once with the position saved, or the page back.
    mutating func toggleHidden() -> [ReaderAction] {
        isHidden.toggle()
        return isHidden
            ? [.saveProgressNow(position), .setWindowTitle(BossScreen.title)]
            : [.setWindowTitle(windowTitle ?? BossScreen.readerTitle)]
    }

    /// Whether an open overlay takes `event` as typed text (a prompt, the TOC filter), so that a
    /// character bound to the boss key is typed there instead.
    func overlayTakesTyping(_ event: InputEvent) -> Bool {
        guard case .key(.character) = event else { return false }
        switch overlay {
        case .prompt, .toc, .chapterRule: return true
        default: return false
        }
    }

    // MARK: - Navigation

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

    // MARK: - Search

    /// Searches the whole book from the screen (or the current match) and shows the match.
    mutating func runSearch(_ query: String, direction: TextSearch.Direction) {
        search = TextSearch(query)
        searchDirection = direction
        currentMatch = nil
        find(direction: direction, from: firstVisibleOffset)
    }

    mutating func repeatSearch(direction: TextSearch.Direction) {
        guard search != nil else {
            message = "No search yet: / or ? searches"
            return
        }
        let from =
            currentMatch.map { direction == .forward ? $0.lowerBound + 1 : $0.lowerBound } ?? firstVisibleOffset
        find(direction: direction, from: from)
    }

    mutating func find(direction: TextSearch.Direction, from: Int) {
        guard let search, !search.isEmpty else { return }
        guard let match = shownSearch(search).find(from: from, direction: direction) else {
            message = "Not found: \(search.query)"
            return
        }
        currentMatch = match.range
        if match.wrapped {
            message = direction == .forward ? "Search wrapped to the beginning" : "Search wrapped to the end"
        }
        if !isOnScreen(match.range) { jump(to: match.range.lowerBound) }
    }

    /// The search over the text as it is shown: converted chapters when a conversion is on. With
    /// `onScreen` (highlighting what is shown) the chapters' display texts are the layouts' own.
    func shownSearch(_ search: TextSearch, onScreen: Bool = false) -> ShownSearch {
        let options = frame.layout.display
        guard DisplayedTextSearch.isNeeded(for: options) else {
            return .book(search, book.text)
        }
        let layout = self.layout
        return .displayed(
            DisplayedTextSearch(
                search.query, book: book, options: options, shown: onScreen ? { layout.chapter($0).display } : nil))
    }

    /// Whether all of `range` is within the bytes on screen.
    func isOnScreen(_ range: Range<Int>) -> Bool {
        guard let shown = visibleByteRange() else { return false }
        return shown.lowerBound <= range.lowerBound && range.upperBound <= shown.upperBound
    }

    /// The bytes from the first to the last line on screen.
    func visibleByteRange() -> Range<Int>? {
        guard canLayout else { return nil }
        if isCompact {
            let lines = compactLines()
            guard let first = lines.first, let last = lines.last else { return nil }
            return line(first).bytes.lowerBound..<line(last).bytes.upperBound
        }
        if isScrollMode {
            let lines = visibleLines()
            guard let first = lines.first, let last = lines.last else { return nil }
            return line(first.location).bytes.lowerBound..<line(last.location).bytes.upperBound
        }
        // The first line of the left page to the last line of the last page with lines (a spread's right page).
        let chapter = layout.chapter(location.entry)
        let pages = shownPages.map { chapter.pages[$0.page.page] }
        guard let first = pages.first(where: { !$0.lines.isEmpty }), let last = pages.last(where: { !$0.lines.isEmpty })
        else {
            let start = chapter.pages[location.page].firstOffset
            return start..<start
        }
        return chapter.lines[first.lines.lowerBound].bytes
            .lowerBound..<chapter.lines[last.lines.upperBound - 1].bytes.upperBound
    }
}
