import NovelCore

extension Reader {
    /// Keys while an overlay is open (see docs/keys.md). Leaving one follows one rule for all
    /// (`closesOverlay`); the other keys inside an overlay are its own.
    mutating func handleOverlay(_ event: InputEvent, now: Double) -> [ReaderAction] {
        if closesOverlay(event) {
            overlay = overlay?.underneath
            return []
        }
        switch overlay {
        case .toc(let toc): return handleTOC(toc, event)
        case .chapterRule(let rules): return handleChapterRule(rules, event)
        case .bookmarks(let selected): return handleBookmarks(selected, event)
        case .prompt(let prompt): return handlePrompt(prompt, event)
        case .settings(let selected): return handleSettings(selected, event)
        case .rules(let selected): return handleRules(selected, event)
        case .help(let top): handleHelp(top, event)
        case .library(let library): return handleLibrary(library, event)
        case .statistics(let statistics): handleStatistics(statistics, event)
        case .hideLike(let proposal): return handleHideLike(proposal, event)
        case .note(let note): handleNote(note, event)
        case .searchHits(let list): handleSearchHits(list, event)
        case nil: break
        }
        return []
    }

    /// Moves a selection by list keys; nil when `event` is not one.
    static func moved(_ selected: Int, count: Int, page: Int, by event: InputEvent, letters: Bool) -> Int? {
        let step: Int
        switch event {
        case .key(.down), .wheelDown: step = 1
        case .key(.up), .wheelUp: step = -1
        case .key(.pageDown): step = max(page, 1)
        case .key(.pageUp): step = -max(page, 1)
        case .key(.home): step = -selected
        case .key(.end): step = count - 1 - selected
        case .key(.character("j")) where letters: step = 1
        case .key(.character("k")) where letters: step = -1
        default: return nil
        }
        return max(0, min(selected + step, count - 1))
    }

    mutating func handleTOC(_ toc: TOCOverlay, _ event: InputEvent) -> [ReaderAction] {
        var toc = toc
        let matching = toc.matching(book.index.listed)
        if let moved = Self.moved(toc.selected, count: matching.count, page: textRows - 1, by: event, letters: false) {
            toc.selected = moved
            overlay = .toc(toc)
            return []
        }
        switch event {
        case .key(.control("r")):
            openChapterRules()
        case .key(.enter):
            overlay = nil
            if matching.indices.contains(toc.selected) { jump(to: entries[matching[toc.selected]].range.lowerBound) }
        case .key(.backspace), .key(.delete):
            toc.setFilter(String(toc.filter.dropLast()), listed: book.index.listed, title: shownTitle)
            toc.selected = firstSelection(toc)
            overlay = .toc(toc)
        case .key(.character(let character)):
            toc.setFilter(toc.filter + String(character), listed: book.index.listed, title: shownTitle)
            toc.selected = firstSelection(toc)
            overlay = .toc(toc)
        default:
            break
        }
        return []
    }

    /// After the filter changes: the current chapter if it still matches, else the first match.
    func firstSelection(_ toc: TOCOverlay) -> Int {
        toc.matching(book.index.listed).firstIndex(of: toc.current) ?? 0
    }

    mutating func handleBookmarks(_ selected: Int, _ event: InputEvent) -> [ReaderAction] {
        if let moved = Self.moved(selected, count: bookmarks.count, page: textRows - 1, by: event, letters: true) {
            overlay = .bookmarks(selected: moved)
            return []
        }
        switch event {
        case .key(.enter):
            overlay = nil
            if bookmarks.indices.contains(selected) { jump(to: bookmarks[selected].offset) }
        case .key(.character("e")):
            guard bookmarks.indices.contains(selected) else { return [] }
            let bookmark = bookmarks[selected]
            overlay = .prompt(Prompt(kind: .editNote(id: bookmark.id, selected: selected), text: bookmark.note ?? ""))
        case .key(.character("d")), .key(.delete):
            guard bookmarks.indices.contains(selected) else { return [] }
            guard let removed = try? bookState.removeBookmark(id: bookmarks[selected].id) else { return [] }
            overlay = .bookmarks(selected: max(0, min(selected, bookmarks.count - 1)))
            message = "Deleted bookmark \(removed.id)"
            return [.deleteBookmark(id: removed.id)]
        default:
            break
        }
        return []
    }

    /// Sets bookmark `id`'s note to `text` (an empty text removes it) through `BookState.setNote`, and shows
    /// the bookmarks list again with row `selected` selected.
    mutating func setNote(_ text: String, bookmark id: String, selected: Int) -> [ReaderAction] {
        overlay = .bookmarks(selected: selected)
        let note = text.isEmpty ? nil : text
        do {
            try bookState.setNote(note, bookmark: id)
        } catch {
            message = "\(error)"
            return []
        }
        message = note == nil ? "Removed the note of \(id)" : "Saved the note of \(id)"
        return [.setBookmarkNote(id: id, note: note)]
    }

    mutating func handlePrompt(_ prompt: Prompt, _ event: InputEvent) -> [ReaderAction] {
        var prompt = prompt
        switch event {
        case .key(.backspace), .key(.delete):
            if prompt.text.isEmpty {
                overlay = overlay?.underneath
            } else {
                prompt.text.removeLast()
                overlay = .prompt(prompt)
            }
        case .key(.character(let character)):
            prompt.text.append(character)
            overlay = .prompt(prompt)
        case .key(.tab):
            // At the search prompt: the query's hits as a list, from where the search starts.
            guard case .search(let direction) = prompt.kind else { break }
            overlay = nil
            let text = prompt.text.trimmingSpaces
            if !text.isEmpty {
                search = TextSearch(text)
                searchDirection = direction
                currentMatch = nil
                startHits(text)
            }
            openHits()
        case .key(.enter):
            overlay = nil
            message = nil
            return submit(prompt)
        default:
            break
        }
        return []
    }

    mutating func submit(_ prompt: Prompt) -> [ReaderAction] {
        let text = prompt.text.trimmingSpaces
        switch prompt.kind {
        case .search(let direction):
            if text.isEmpty {
                if search != nil { searchDirection = direction; repeatSearch(direction: direction) }
            } else {
                runSearch(text, direction: direction)
            }
        case .goTo:
            if text.hasSuffix("%"), let percent = Double(text.dropLast()) {
                go(to: .percent(percent))
            } else if !text.isEmpty {
                go(toChapter: text)
            }
        case .chapterPattern:
            return applyChapterPattern(text.isEmpty ? nil : text)
        case .bookmarkNote:
            let bookmark = bookState.addBookmark(in: book, offset: firstVisibleOffset, note: text)
            message = Self.addedMessage(bookmark)
            return [.addBookmark(bookmark)]
        case .editNote(let id, let selected):
            return setNote(text, bookmark: id, selected: selected)
        }
        return []
    }

    mutating func handleSettings(_ selected: Int, _ event: InputEvent) -> [ReaderAction] {
        let items = SettingsItem.allCases
        if let moved = Self.moved(selected, count: items.count, page: items.count, by: event, letters: true) {
            overlay = .settings(selected: moved)
            return []
        }
        switch event {
        case .key(.right), .key(.character("l")), .key(.character("+")), .key(.enter), .key(.character(" ")):
            return change(items[selected], step: 1)
        case .key(.left), .key(.character("h")), .key(.character("-")):
            return change(items[selected], step: -1)
        default:
            break
        }
        return []
    }

    /// Moves one row of the settings overlay. Reflow and conversion belong to the book (hard wrapping
    /// and the script are properties of the file), so their rows change the book's value, not the setting.
    mutating func change(_ item: SettingsItem, step: Int) -> [ReaderAction] {
        if item == .convert {
            let conversion = item.adjusted(displaySettings, step: step).convert
            if conversion != .none { chosenConversion = conversion }
            return changeConversion(to: conversion)
        }
        guard item == .reflow else { return change(item.adjusted(settings, step: step)) }
        let reflow = item.adjusted(displaySettings, step: step).reflow
        guard reflow != displaySettings.reflow else { return [] }
        bookReflow = reflow
        reconfigure()
        return [.saveBookReflow(reflow)]
    }

    /// Shows the book through `conversion` from now on (the `c` key, the settings overlay), and says
    /// which, or why it cannot.
    mutating func changeConversion(to conversion: Conversion) -> [ReaderAction] {
        guard conversion != displaySettings.convert else { return [] }
        choose(conversion)
        message =
            conversionReadiness == .loading
            ? "Loading the tables of \(conversion.rawValue)…"
            : conversionProblem ?? "Conversion: \(conversion.summary)"
        return [.saveBookConvert(conversion)]
    }

    /// The rules overlay: Space or Enter switches the selected rule for every book it applies to
    /// (it is saved in rules.json) and re-lays out at the same place.
    mutating func handleRules(_ selected: Int, _ event: InputEvent) -> [ReaderAction] {
        let list = rules.applying(title: book.title, path: book.path)
        // The last row proposes a rule hiding lines like the first one on the screen.
        let rows = list.count + 1
        if let moved = Self.moved(selected, count: rows, page: max(1, textRows - 2), by: event, letters: true) {
            overlay = .rules(selected: moved)
            return []
        }
        switch event {
        case .key(.enter), .key(.character(" ")):
            guard selected < list.count else {
                overlay = hideLikeProposal().map { .hideLike($0) }
                if overlay == nil { message = "No line with text on the screen" }
                return []
            }
            guard list.indices.contains(selected) else { return [] }
            let rule = list[selected]
            try? rules.setEnabled(rule.name, !rule.enabled)
            reconfigure()
            return [.saveRuleSwitch(name: rule.name, enabled: !rule.enabled)]
        default:
            overlay = nil
        }
        return []
    }

    mutating func handleHelp(_ top: Int, _ event: InputEvent) {
        let count = keymap.helpLines().count
        if let moved = Self.moved(top, count: count, page: textRows - 1, by: event, letters: true) {
            overlay = .help(top: moved)
        } else {
            overlay = nil
        }
    }

    /// Opens the TOC with `entry` selected, as moving the selection there would (benchmarks and tests
    /// jump through it without pressing keys per entry).
    public mutating func selectInTOC(_ entry: Int) {
        overlay = .toc(TOCOverlay(current: currentEntry, selected: book.index.listedPosition(of: entry)))
    }
}
