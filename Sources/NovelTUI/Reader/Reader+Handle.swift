import NovelCore

extension Reader {
    /// Applies one input event; returns what the host should do. `now` is monotonic seconds, used to
    /// start page animations and auto page turn. Any event cuts a running animation short. A jump that
    /// changed the history asks for it to be saved.
    public mutating func handle(_ event: InputEvent, now: Double) -> [ReaderAction] {
        let before = history
        let sleep = settings.speechSleep
        let actions = handleEvent(event, now: now)
        showNextNotice()
        followKeyWithVoice(sleep: sleep, now: now)
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
        if let taken = handleAnywhere(event) { return taken }
        if let taken = handleWhileReadingAloud(event, now: now) { return taken }
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
        // Enter without a number follows the selected link (Enter is no command of its own).
        if event == .key(.enter) {
            followSelectedLink()
            return []
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
        if openOverlay(for: command) { return [] }
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
        case .nextMatch:
            repeatSearch(direction: searchDirection)
        case .previousMatch:
            repeatSearch(direction: searchDirection == .forward ? .backward : .forward)
        case .fontLarger:
            return change(SettingsItem.fontScale.adjusted(settings, step: 1))
        case .fontSmaller:
            return change(SettingsItem.fontScale.adjusted(settings, step: -1))
        case .convert:
            return changeConversion(
                to: displaySettings.convert.toggled(chosen: chosenConversion, script: HanVariant.of(book.text)))
        case .quit:
            isFinished = true
            return [.saveProgress(position), .quit]
        case .bossKey:
            return toggleHidden()
        case .autoTurn:
            toggleAutoTurn(now: now)
        case .readAloud:
            toggleReadAloud(now: now)
        case .jumpBack:
            goBack()
        case .jumpForward:
            goForward()
        case .library:
            return openLibrary()
        case .statistics:
            return openStatistics()
        case .nextLink:
            selectLink(forward: true)
        case .previousLink:
            selectLink(forward: false)
        case .searchHits:
            openHits()
        case .syncedPlace:
            goToSyncedPlace()
        default:
            break  // the overlays' commands, opened above
        }
        return []
    }

    /// Opens the overlay `command` stands for; false when it stands for none.
    mutating func openOverlay(for command: ReaderCommand) -> Bool {
        switch command {
        case .goTo:
            overlay = .prompt(Prompt(kind: .goTo))
        case .toc:
            selectInTOC(currentEntry)
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
        case .settings:
            overlay = .settings(selected: 0)
        case .cleaningRules:
            overlay = .rules(selected: 0)
        case .help:
            overlay = .help(top: 0)
        default:
            return false
        }
        return true
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
        // Silenced at once (the host stops the engine before it draws), and quiet on the way back.
        if isHidden, readAloud != nil { readAloud?.isPaused = true }
        return isHidden
            ? [.saveProgressNow(position), .setWindowTitle(BossScreen.title)]
            : [.setWindowTitle(windowTitle ?? BossScreen.readerTitle)]
    }

    /// Whether an open overlay takes `event` as typed text (a prompt, the TOC filter), so that a
    /// character bound to the boss key, to quit or to the overlay's own command is typed there instead.
    func overlayTakesTyping(_ event: InputEvent) -> Bool {
        guard case .key(.character) = event else { return false }
        return overlay?.takesText ?? false
    }

    /// The one rule for leaving an overlay: `Esc` closes the one on top; a quit key (`q`) and the key that
    /// opened it close it too, except where text is being typed, where a character is text.
    func closesOverlay(_ event: InputEvent) -> Bool {
        guard let overlay else { return false }
        if event == .key(.escape) { return true }
        guard !overlayTakesTyping(event), let command = keymap.command(for: event) else { return false }
        return command == .quit || command == overlay.openedBy
    }

    /// The keys that act wherever the reader is, an overlay or the boss screen up: Ctrl-C quits with the
    /// place saved, Ctrl-Z suspends to the shell (`Keymap.interrupt`, `Keymap.suspend`); nil for others.
    mutating func handleAnywhere(_ event: InputEvent) -> [ReaderAction]? {
        switch event {
        case Keymap.interrupt:
            isFinished = true
            return [.saveProgress(position), .quit]
        case Keymap.suspend:
            return [.saveProgressNow(position), .suspend]
        default:
            return nil
        }
    }
}
