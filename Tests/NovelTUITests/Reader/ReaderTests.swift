import NovelCore
import Testing

@testable import NovelTUI

@Suite struct ReaderTests {
    let entries = sampleBook.index.entries

    @Test func sampleBookHasChaptersOfSeveralPages() {
        let reader = makeReader()
        #expect(entries.count >= 5)
        #expect(reader.layout.pageCount(of: 1) > 2)
    }

    @Test func firstScreenLaysOutOnlyItsChapter() {
        let reader = makeReader(start: ReaderStart(offset: entries[3].range.lowerBound + 10))
        _ = reader.screen()
        #expect(reader.layout.cachedEntries == [3])
        #expect(reader.entry == 3)
    }

    @Test func pageTurnsRunAcrossChapters() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        let pages = reader.layout.pageCount(of: 1)
        for _ in 0..<pages - 1 { reader.press("Space") }
        #expect(reader.entry == 1)
        #expect(reader.location.page == pages - 1)
        reader.press("f")
        #expect(reader.entry == 2)
        #expect(reader.firstVisibleOffset == entries[2].range.lowerBound)
        reader.press("b")
        #expect(reader.location == PageLocation(entry: 1, page: pages - 1))
        // j and k turn pages in page mode.
        reader.press("j")
        #expect(reader.entry == 2)
    }

    @Test func pageTurnsStopAtTheEnds() {
        var reader = makeReader()
        reader.press("PgUp")
        #expect(reader.firstVisibleOffset == 0)
        #expect(reader.screen().textRows.last!.contains("Start of the book"))
        reader.press("G", "Space")
        #expect(reader.entry == entries.count - 1)
        #expect(reader.message == "End of the book")
    }

    @Test func scrollModeMovesLineByLineAcrossChapters() {
        var settings = Settings()
        settings.transition = .scroll
        var reader = makeReader(settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        let lines = reader.layout.chapter(1).lines
        reader.press("j")
        #expect(reader.firstVisibleOffset == lines[1].bytes.lowerBound)
        reader.press("k")
        #expect(reader.firstVisibleOffset == lines[0].bytes.lowerBound)
        for _ in 0..<lines.count { reader.press("Down") }
        #expect(reader.entry == 2)
        #expect(reader.scrollTop == LineLocation(entry: 2, line: 0))
        #expect(reader.firstVisibleOffset == entries[2].range.lowerBound)
        // The previous chapter's last line shows above when scrolling back.
        reader.press("Up")
        #expect(reader.scrollTop == LineLocation(entry: 1, line: lines.count - 1))
        let rows = reader.screen().textRows
        #expect(rows.contains { $0.contains("第二章") })
    }

    @Test func switchingModesLiveKeepsThePosition() {
        var reader = makeReader(start: ReaderStart(offset: entries[2].range.lowerBound))
        reader.press("Space", "Space")
        let offset = reader.firstVisibleOffset
        reader.press("s")
        for _ in 0..<(SettingsItem.allCases.firstIndex(of: .transition) ?? 0) { reader.press("Down") }
        let effects = reader.press("Right")  // page → scroll
        #expect(reader.settings.transition == .scroll)
        #expect(effects == [.saveSettings(reader.settings)])
        #expect(reader.firstVisibleOffset == offset)
    }

    @Test func chapterJumps() {
        var reader = makeReader()
        reader.press("]")
        #expect(reader.firstVisibleOffset == entries[1].range.lowerBound)
        reader.press("Space", "[")
        #expect(reader.firstVisibleOffset == entries[1].range.lowerBound)
        reader.press("[")
        #expect(reader.firstVisibleOffset == entries[0].range.lowerBound)
        reader.press("End")
        #expect(reader.entry == entries.count - 1)
        reader.press("Home")
        #expect(reader.firstVisibleOffset == 0)
    }

    @Test func previousChapterCrossesAVolumeNamedOnItsChaptersLine() {
        let book = makeBook("上卷 第一回　甲\n　　正文一。\n上卷 第二回　乙\n　　正文二。\n下卷 第三回　丙\n　　正文三。\n")
        let chapters = book.index.entries.filter { $0.kind == .chapter }
        #expect(book.index.entries.filter { $0.level == .volume }.count == 2)
        var reader = makeReader(start: ReaderStart(offset: chapters[2].range.lowerBound), book: book)
        reader.press("[")
        #expect(reader.firstVisibleOffset == chapters[1].range.lowerBound)
        reader.press("]")
        #expect(reader.firstVisibleOffset == chapters[2].range.lowerBound)
    }

    @Test func numberPrefixAndGoToPrompt() {
        var reader = makeReader()
        // Numbers are the chapters' own (第三章), not lines of the TOC, whose first is the title.
        func chapter(_ prefix: String) -> Int? {
            entries.firstIndex { $0.title.hasPrefix(prefix) }.map { entries[$0].range.lowerBound }
        }
        reader.type("3")
        #expect(reader.screen().textRows.last!.contains("3…"))
        reader.press("Enter")
        #expect(reader.firstVisibleOffset == chapter("第三章"))
        reader.type("2")
        reader.press("g")
        #expect(reader.firstVisibleOffset == chapter("第二章"))
        reader.press(":")
        reader.type("50%")
        reader.press("Enter")
        let half = sampleBook.text.utf8.count / 2
        #expect(reader.visibleByteRange()!.contains(try! BookPlace.percent(50).offset(in: sampleBook, state: nil)))
        #expect(abs(reader.firstVisibleOffset - half) < half / 2)
        reader.press(":")
        reader.type("99")
        reader.press("Enter")
        #expect(reader.message == "no chapter numbered 99; the chapters are numbered 1 to 5")
        reader.press(":")
        reader.type("第五章")
        reader.press("Enter")
        #expect(
            reader.firstVisibleOffset
                == entries.firstIndex { $0.title.hasPrefix("第五章") }.map { entries[$0].range.lowerBound })
    }

    @Test(arguments: [(60, 20), (80, 24), (23, 7), (37, 12)])
    func resizeKeepsTheFirstCharacterOnScreen(columns: Int, rows: Int) throws {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("Space", "Space")
        let offset = reader.firstVisibleOffset
        reader.press("j")
        reader.press("k")
        #expect(reader.firstVisibleOffset == offset)
        _ = reader.handle(.resize(columns: columns, rows: rows), now: 0)
        let shown = try #require(reader.visibleByteRange())
        #expect(shown.contains(offset))
        _ = reader.handle(.resize(columns: 37, rows: 12), now: 0)
        #expect(reader.firstVisibleOffset == offset)
    }

    @Test func tooSmallShowsAMessageAndRecovers() {
        var reader = makeReader(start: ReaderStart(offset: entries[2].range.lowerBound))
        reader.press("Space")
        let offset = reader.firstVisibleOffset
        _ = reader.handle(.resize(columns: 5, rows: 2), now: 0)
        #expect(reader.screen().textRows.joined().contains("small"))
        reader.press("Space")  // ignored while too small
        _ = reader.handle(.resize(columns: 37, rows: 12), now: 0)
        #expect(reader.firstVisibleOffset == offset)
    }

    @Test func bookmarkAddAndDeleteEmitEffects() throws {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        state.nextBookmarkNumber = 4
        var reader = makeReader(state: state, start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("Space", "m")
        reader.type("rain")
        let effects = reader.press("Enter")
        let added = try #require(reader.bookmarks.first)
        #expect(effects == [.addBookmark(added)])
        #expect(added.id == "b4")
        #expect(added.note == "rain")
        #expect(added.offset == reader.firstVisibleOffset)
        reader.press("m", "Enter")
        #expect(reader.bookmarks.map(\.id) == ["b4", "b5"])
        #expect(reader.bookmarks[1].note == nil)
        reader.press("]", "'")
        guard case .bookmarks(let selected) = reader.overlay else { Issue.record("no bookmark list"); return }
        #expect(selected == 1)
        let deleted = reader.press("Up", "d")
        #expect(deleted == [.deleteBookmark(id: "b4")])
        reader.press("Enter")
        #expect(reader.overlay == nil)
        #expect(reader.firstVisibleOffset == added.offset)
    }

    @Test func tocJumpsAndFilters() {
        var reader = makeReader(start: ReaderStart(offset: entries[2].range.lowerBound))
        reader.press("t")
        guard case .toc(let toc) = reader.overlay else { Issue.record("no TOC"); return }
        #expect(toc.selected == 2)
        reader.press("Down", "Enter")
        #expect(reader.firstVisibleOffset == entries[3].range.lowerBound)
        reader.press("Tab")
        reader.type("雨夜5")
        reader.press("Enter")
        #expect(reader.entry == entries.firstIndex { $0.title.contains("雨夜5") })
        reader.press("Tab", "Esc")
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test func searchFindsAcrossChaptersHighlightsAndWraps() throws {
        var reader = makeReader()
        reader.press("/")
        reader.type("LAMP")
        reader.press("Enter")
        let first = try #require(reader.currentMatch)
        #expect(reader.isOnScreen(first))
        #expect(String(decoding: sampleBook.text.utf8[first], as: UTF8.self) == "lamp")
        #expect(reader.screen().cells.contains { $0.style.role == .currentMatch })
        var visited = [first.lowerBound]
        for _ in 1..<5 {
            reader.press("n")
            visited.append(try #require(reader.currentMatch).lowerBound)
        }
        #expect(visited == visited.sorted())
        #expect(Set(visited.map { sampleBook.index.entryIndex(containing: $0) }).count == 5)
        reader.press("n")
        #expect(reader.currentMatch?.lowerBound == first.lowerBound)
        #expect(reader.message == "Search wrapped to the beginning")
        reader.press("N")
        #expect(reader.currentMatch?.lowerBound == visited.last)
        reader.press("?")
        reader.type("no such words")
        reader.press("Enter")
        #expect(reader.message == "Not found: no such words")
    }

    @Test func settingsChangesAreLiveAndSaved() {
        var reader = makeReader()
        let before = reader.layout.geometry
        let effects = reader.press("s", "Down", "Left")
        #expect(reader.settings.width == 78)
        #expect(effects == [.saveSettings(reader.settings)])
        let larger = reader.press("Esc", "+")
        #expect(reader.settings.fontScale == 1.5)
        #expect(larger == [.saveSettings(reader.settings)])
        #expect(reader.layout.geometry != before)
        reader.press("-", "-")
        #expect(reader.settings.fontScale == 1.0)
    }

    @Test func quitSavesProgressThenQuits() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("Space")
        let effects = reader.press("q")
        guard case .saveProgress(let saved) = effects.first else { Issue.record("no progress saved"); return }
        #expect(effects.dropFirst() == [.quit])
        #expect(saved.offset == reader.firstVisibleOffset)
        #expect(reader.position.offset == reader.firstVisibleOffset)
        #expect(reader.position.chapterIndex == 1)
        #expect(reader.isFinished)
    }

    @Test func escapeClosesAnOverlayBeforeQuitting() {
        var reader = makeReader()
        reader.press("H")
        #expect(reader.press("Esc") == [])
        #expect(reader.press("Esc").last == .quit)
    }

    @Test func startsAtTheSavedPositionUnlessToldOtherwise() {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        state.position = BookmarkFactory.position(book: sampleBook, offset: entries[3].range.lowerBound)
        #expect(makeReader(state: state).entry == 3)
        #expect(makeReader(state: state, start: ReaderStart(offset: entries[1].range.lowerBound)).entry == 1)
    }

    @Test func slideAnimationInterpolatesAndIsCutShortByAKey() {
        var settings = Settings()
        settings.transition = .slide
        var reader = makeReader(settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        let old = reader.screen().textRows.dropLast()
        reader.press("Space", now: 10)
        #expect(reader.nextDeadline == 10 + PageAnimation.frameInterval)
        #expect(reader.screen().textRows.dropLast() == old)
        reader.tick(now: 10.075)
        let middle = reader.screen().textRows
        #expect(middle.dropLast() != old)
        #expect(middle != reader.staticScreen().textRows)
        // Halfway: the old page's right half has moved to the left half.
        #expect(middle[3].hasPrefix(String(old[3].suffix(old[3].count / 2).prefix(4))) || middle[3] != old[3])
        reader.tick(now: 10.2)
        #expect(reader.nextDeadline == nil)
        #expect(reader.screen().textRows == reader.staticScreen().textRows)
        reader.press("Space", now: 11)
        #expect(reader.nextDeadline != nil)
        reader.press("t", now: 11.01)
        #expect(reader.nextDeadline == nil)
    }

    @Test func keymapOverridesApplyAndProblemsAreShown() {
        var settings = Settings()
        settings.keymap = ["next-page": ["z"], "nope": ["y"]]
        var reader = makeReader(settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        #expect(reader.screen().textRows.last!.contains("unknown command 'nope'"))
        reader.type("z")
        #expect(reader.location.page == 1)
        reader.press("Space")
        #expect(reader.location.page == 1)
    }

    @Test func reportedMessagesShowInTheStatusBar() {
        var reader = makeReader()
        reader.report("could not save: disk full")
        #expect(reader.screen().textRows.last!.hasPrefix("could not save"))
    }
}

/// What the benchmarks drive (Benchmarks/…/ReaderBenchmark.swift): a TOC jump and a page turn.
@Suite struct ReaderTOCJumpTests {
    @Test func selectingInTheTOCAndEnterJumpsThereAndPageDownTurns() {
        var reader = makeReader()
        let entries = sampleBook.index.entries
        reader.selectInTOC(4)
        _ = reader.handle(.key(.enter), now: 0)
        let jumped = reader.screen()
        #expect(reader.currentEntry == 4)
        #expect(reader.firstVisibleOffset == entries[4].range.lowerBound)
        #expect(reader.overlay == nil)
        _ = reader.handle(.key(.pageDown), now: 0)
        #expect(reader.location == PageLocation(entry: 4, page: 1))
        #expect(reader.screen().textRows != jumped.textRows)
    }
}

@Suite struct ReaderEdgeTests {
    @Test func anEmptyBookSaysSoAndIgnoresKeys() {
        var reader = makeReader(book: makeBook(""))
        for key in [
            "Space", "b", "j", "]", "[", "G", "g", "t", "Enter", "Esc", "n", "s", "Right", "Esc", "'", "d", "Esc",
        ] {
            reader.press(key)
        }
        #expect(reader.screen().textRows.joined().contains("empty") || reader.entries.count == 1)
        #expect(reader.position.offset == 0)
    }

    @Test(arguments: [(0, 0), (1, 1), (2, 5), (80, 1), (9, 3)])
    func degenerateSizesNeverCrash(columns: Int, rows: Int) {
        var reader = makeReader()
        _ = reader.handle(.resize(columns: columns, rows: rows), now: 0)
        for key in ["Space", "t", "Down", "Enter", "B", "Esc", "s", "Right", "Esc", "H", "Esc", "/", "x", "Enter"] {
            reader.press(key)
            let screen = reader.screen()
            #expect(screen.columns == columns && screen.rows == rows)
        }
        _ = reader.handle(.resize(columns: 37, rows: 12), now: 0)
        #expect(reader.canLayout)
    }
}

@Suite struct PageAnimationTests {
    @Test func coverKeepsTheOldPageStillWhileTheNewOneSlidesOverIt() {
        var settings = Settings()
        settings.transition = .cover
        let entries = sampleBook.index.entries
        var reader = makeReader(settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        let old = reader.screen()
        reader.press("Space", now: 0)
        reader.tick(now: PageAnimation.duration / 2)
        let frame = reader.screen()
        let new = reader.staticScreen()
        let split = old.columns - Int((0.5 * Double(old.columns)).rounded())
        for row in 0..<reader.textRows {
            // Left of the split: the old page, unmoved; from the split on: the new page's left part.
            for column in 0..<split where old[row, column].width == 1 && frame[row, column].width == 1 {
                #expect(frame[row, column] == old[row, column])
            }
            for column in split..<old.columns where new[row, column - split].width == 1 {
                #expect(frame[row, column] == new[row, column - split])
            }
        }
        // Backward, the previous page enters from the left.
        reader.press("b", now: 1)
        reader.tick(now: 1 + PageAnimation.duration / 2)
        #expect(reader.nextDeadline != nil)
    }
}

@Suite struct ThemePaletteTests {
    @Test func noColorDropsEveryColourButKeepsRolesVisible() {
        let palette = ThemePalette(theme: .night, environment: ["NO_COLOR": "1"])
        #expect(palette.noColor)
        for role in [Style.Role.text, .title, .status, .selection, .match] {
            #expect(palette.colors(for: role) == ThemePalette.Colors())
        }
        #expect(palette.reversesWithoutColor(.selection))
        #expect(!palette.reversesWithoutColor(.text))
    }

    @Test(arguments: [Settings.Theme.day, .night, .sepia])
    func colouredThemesSetTextAndBackground(theme: Settings.Theme) {
        let palette = ThemePalette(theme: theme, environment: [:])
        let text = palette.colors(for: .text)
        #expect(text.foreground != nil && text.background != nil && text.foreground != text.background)
        #expect(palette.colors(for: .match) != text)
        #expect(!palette.reversesWithoutColor(.selection))
    }

    @Test func theTerminalThemeKeepsTheTerminalsColours() {
        let palette = ThemePalette(theme: .terminal, environment: [:])
        #expect(palette.colors(for: .text) == ThemePalette.Colors())
        #expect(palette.reversesWithoutColor(.status))
    }
}

/// Names, titles and notes come from files: the reader shows their controls escaped, in the status bar
/// and the bookmarks overlay alike, and never hands a raw ESC to the terminal.
@Suite struct ReaderEscapingTests {
    @Test func controlsInTheTitleAndANoteAreShownEscaped() {
        let book = Book(
            path: "books/x\u{1B}[2J.txt", title: "x\u{1B}[2J\u{9B}y", text: sampleBook.text,
            fingerprint: sampleBook.fingerprint, index: sampleBook.index)
        var reader = makeReader(columns: 80, rows: 24, book: book)
        let status = reader.screen().textRows.last ?? ""
        #expect(status.contains("x\\e[2J\\u{9B}y"), "\(status)")
        reader.press("m")
        reader.type("note\u{1B}]0;t\u{07}")
        reader.press("Enter", "'")
        let rows = reader.screen().textRows.joined(separator: "\n")
        #expect(rows.contains("note\\e]0;t\\x07"), "\(rows)")
        #expect(!rows.contains("\u{1B}") && !status.contains("\u{1B}"))
    }
}
