import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The link keys, `Enter` and clicks on a book with hand-made markup (`MarkedBook`).
@Suite struct LinkTests {
    static func reader(columns: Int = 60, rows: Int = 16, settings: Settings = Settings(), book: Book = MarkedBook.book)
        -> Reader
    {
        makeReader(
            columns: columns, rows: rows, settings: settings,
            start: ReaderStart(offset: MarkedBook.range("Chapter 1").lowerBound), book: book)
    }

    /// The cells drawn for the bytes `range` of the book text on `screen`.
    static func cells(of range: Range<Int>, in reader: Reader, screen: Screen) -> [Cell] {
        guard let geometry = reader.layout.geometry else { return [] }
        return reader.shownLines().flatMap { shown in
            shown.line.clusters.filter { range.overlaps($0.bytes) && $0.width > 0 }.map {
                screen[shown.row, (shown.column ?? reader.frame.left) + geometry.left + $0.column]
            }
        }
    }

    @Test func theLinkKeysGoRoundTheLinksOnScreen() {
        var reader = Self.reader()
        #expect(reader.linksOnScreen == 0..<3)
        #expect(reader.selectedLink == nil)
        reader.press(">")
        #expect(reader.selectedLink == MarkedBook.note)
        reader.press(">")
        #expect(reader.selectedLink == MarkedBook.chapterLink)
        reader.press(">", ">")
        #expect(reader.selectedLink == MarkedBook.note)
        reader.press("<")
        #expect(reader.selectedLink == MarkedBook.outLink)
        reader.press("<", "<")
        #expect(reader.selectedLink == MarkedBook.note)
    }

    @Test func previousFirstSelectsTheLastLinkOnScreen() {
        var reader = Self.reader()
        reader.press("<")
        #expect(reader.selectedLink == MarkedBook.outLink)
    }

    @Test func selectingALinkMovesNothing() {
        var reader = Self.reader()
        let first = reader.firstVisibleOffset
        let rows = reader.screen().textRows
        reader.press(">", ">")
        #expect(reader.firstVisibleOffset == first)
        #expect(reader.screen().textRows == rows)
    }

    @Test func theSelectedLinkIsReversedAndUnderlinedTheOthersUnderlined() {
        var reader = Self.reader()
        reader.press(">", ">")
        let screen = reader.screen()
        let selected = Self.cells(of: MarkedBook.range("the map in chapter two"), in: reader, screen: screen)
        // Each character of the link (the layouter leaves its spaces as gaps, underlined with it).
        #expect(selected.count == "themapinchaptertwo".count)
        #expect(reader.screen().textRows.joined().contains("the map in chapter two"))
        #expect(selected.allSatisfy { $0.style.reverse && $0.style.underline })
        let other = Self.cells(of: MarkedBook.range("example.com"), in: reader, screen: screen)
        #expect(other.count == "example.com".count)
        #expect(other.allSatisfy { !$0.style.reverse && $0.style.underline })
        let plain = Self.cells(of: MarkedBook.range("The house stood"), in: reader, screen: screen)
        #expect(plain.allSatisfy { $0.style == .text })
    }

    @Test func emphasisIsDrawnOnTheCellsOfItsBytes() {
        let reader = Self.reader()
        let screen = reader.screen()
        let italic = Self.cells(of: MarkedBook.range("long road"), in: reader, screen: screen)
        #expect(italic.count == "longroad".count)
        #expect(italic.allSatisfy { $0.style.italic && !$0.style.bold })
        #expect(Self.cells(of: MarkedBook.range("wind"), in: reader, screen: screen).allSatisfy { $0.style.bold })
        let both = Self.cells(of: MarkedBook.range("lamp lit"), in: reader, screen: screen)
        #expect(both.allSatisfy { $0.style.bold && $0.style.italic })
        let underlined = Self.cells(of: MarkedBook.range("旧信"), in: reader, screen: screen)
        #expect(underlined.count == 2)
        #expect(underlined.allSatisfy { $0.style.underline && $0.style.role == .text })
        // Nothing else on the page is italic or underlined: only those runs, the links and the spaces
        // between a link's words (at most the four of "the map in chapter two"), which are blanks.
        let geometry = reader.layout.geometry!
        var markedCells = Set<[Int]>()
        for needle in ["long road", "lamp lit", "旧信", "[1]", "the map in chapter two", "example.com"] {
            let range = MarkedBook.range(needle)
            for shown in reader.shownLines() {
                for cluster in shown.line.clusters where range.overlaps(cluster.bytes) && cluster.width > 0 {
                    let column = reader.frame.left + geometry.left + cluster.column
                    for cell in column..<column + cluster.width { markedCells.insert([shown.row, cell]) }
                }
            }
        }
        var gaps = 0
        for row in 0..<screen.rows {
            for column in 0..<screen.columns
            where screen[row, column].style.italic || screen[row, column].style.underline {
                guard !markedCells.contains([row, column]) else { continue }
                #expect(screen[row, column].cluster == " " && screen[row, column].style.underline, "\(row), \(column)")
                gaps += 1
            }
        }
        #expect(gaps <= 4)
    }

    /// A display transform changes what is drawn, not the bytes a cluster stands for: the curly quotes
    /// `smartQuotes` draws for straight ones are italic where the straight ones are.
    @Test func emphasisFollowsTheSourceBytesThroughADisplayTransform() throws {
        var book = TestBooks.book(
            "Chapter 1 Words\n\nHe said \"the long road\" twice, and then \"home\" once.\n", path: "w.epub",
            title: "w")
        let quoted = TestBooks.byteRange(of: "\"the long road\"", in: book)
        book.markup = BookMarkup(styles: [StyledRange(range: quoted, style: .italic)])
        var settings = Settings()
        settings.smartQuotes = true
        let reader = makeReader(columns: 60, rows: 10, settings: settings, book: book)
        let screen = reader.screen()
        let row = try #require(screen.textRows.firstIndex { $0.contains("He said") })
        let text = screen.textRows[row]
        #expect(text.contains("“the long road”"))
        let italic = (0..<screen.columns).filter { screen[row, $0].style.italic }.map { screen[row, $0].cluster }
        #expect(italic.joined() == "“thelongroad”")
    }

    /// The compact reader (three rows) selects and opens a note as the page does; the note takes its rows.
    @Test func theCompactReaderOpensANoteInItsRows() {
        var reader = Self.reader(columns: 40, rows: 3)
        #expect(reader.isCompact)
        reader.press(">")
        #expect(reader.selectedLinkOnScreen != nil)
        reader.press("Enter")
        guard case .note(let note) = reader.overlay else {
            Issue.record("no note open: \(String(describing: reader.overlay))")
            return
        }
        #expect(reader.noteRows(note) == reader.textRows)
        #expect(reader.screen().textRows[0].hasPrefix(" Note"))
        reader.press("Esc")
        #expect(reader.overlay == nil)
    }

    @Test func aDisguiseShowsNoEmphasisNorLinks() {
        var settings = Settings()
        settings.disguise = .code
        let screen = Self.reader(settings: settings).screen()
        #expect(!screen.cells.contains { $0.style.italic || $0.style.underline })
    }

    @Test func enterOnANoteOpensItInPlaceAndEscClosesIt() throws {
        var reader = Self.reader()
        let first = reader.firstVisibleOffset
        reader.press(">", "Enter")
        guard case .note(let note) = reader.overlay else {
            Issue.record("no note open: \(String(describing: reader.overlay))")
            return
        }
        #expect(note.text.hasPrefix("[1] The wind came from the north"))
        #expect(note.text.hasSuffix("never known it so early."))
        #expect(reader.firstVisibleOffset == first)
        let rows = reader.screen().textRows
        // The page stays above the note, which sits at its foot.
        #expect(rows[0] == Self.reader().screen().textRows[0])
        let title = try #require(rows.firstIndex { $0.hasPrefix(" Note") })
        #expect(rows[title + 1].hasPrefix(" [1] The wind came"))
        reader.press("Esc")
        #expect(reader.overlay == nil)
        #expect(reader.firstVisibleOffset == first)
        reader.press("Enter")
        #expect(reader.overlay != nil)
        reader.press("q")
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test func aLongNoteScrollsAndAnyOtherKeyClosesIt() {
        var reader = Self.reader(columns: 30, rows: 8)
        reader.press(">", "Enter")
        guard case .note(let note) = reader.overlay else {
            Issue.record("no note open")
            return
        }
        let lines = reader.noteLines(note)
        #expect(lines.count > reader.noteRows(note) - 1)
        #expect(lines.allSatisfy { reader.measure.width(of: $0) <= 28 })
        reader.press("Down")
        guard case .note(let scrolled) = reader.overlay else {
            Issue.record("the note closed on Down")
            return
        }
        #expect(scrolled.top == 1)
        reader.press("End")
        guard case .note(let bottom) = reader.overlay else { return }
        // Scrolled no further than its last line at the panel's foot.
        #expect(bottom.top == lines.count - (reader.noteRows(note) - 1))
        #expect(reader.screen().textRows.contains { $0.contains("early.") })
        reader.press("x")
        #expect(reader.overlay == nil)
    }

    @Test func enterOnALinkJumpsAndJumpBackReturns() {
        var reader = Self.reader()
        let first = reader.firstVisibleOffset
        reader.press(">", ">")
        let actions = reader.press("Enter")
        let target = MarkedBook.range("Chapter 2").lowerBound
        #expect(reader.firstVisibleOffset <= target)
        #expect(reader.currentEntry == reader.book.index.entryIndex(containing: target))
        #expect(reader.isOnScreen(target..<target + 1))
        #expect(actions.contains { if case .saveHistory = $0 { true } else { false } })
        #expect(reader.selectedLink == nil)
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == first)
        reader.press("C-n")
        #expect(reader.isOnScreen(target..<target + 1))
    }

    @Test func aLinkOutOfTheBookSaysSoAndStays() {
        var reader = Self.reader()
        let first = reader.firstVisibleOffset
        reader.press("<", "Enter")
        #expect(reader.firstVisibleOffset == first)
        #expect(reader.message == "This link leads out of the book")
        #expect(reader.overlay == nil)
    }

    @Test func aSelectionTurnedOffScreenIsNotFollowed() {
        var reader = Self.reader(rows: 8)
        reader.press(">")
        #expect(reader.selectedLink == MarkedBook.note)
        reader.press("Space")
        let turned = reader.firstVisibleOffset
        #expect(reader.selectedLinkOnScreen == nil)
        reader.press("Enter")
        #expect(reader.overlay == nil)
        #expect(reader.firstVisibleOffset == turned)
    }

    @Test func screensWithoutLinksAndBooksWithoutMarkupSaySo() {
        var plain = Self.reader(book: MarkedBook.plain)
        plain.press(">")
        #expect(plain.message == "This book has no links")
        var reader = Self.reader(rows: 8)
        reader.press("G")
        reader.press("[")
        while !reader.linksOnScreen.isEmpty { reader.press("Space") }
        reader.press(">")
        #expect(reader.message == "No links on this screen")
        #expect(reader.selectedLink == nil)
    }

    @Test func aClickOnANoteReferenceOpensTheNote() throws {
        var reader = Self.reader()
        let geometry = try #require(reader.layout.geometry)
        let note = MarkedBook.range("[1]")
        let shown = try #require(reader.shownLines().first { $0.line.bytes.overlaps(note) })
        let cluster = try #require(shown.line.clusters.first { $0.bytes.overlaps(note) })
        _ = reader.handle(
            .click(row: shown.row, column: reader.frame.left + geometry.left + cluster.column), now: 0)
        guard case .note(let opened) = reader.overlay else {
            Issue.record("the click opened no note")
            return
        }
        #expect(opened.text.hasPrefix("[1] The wind"))
        #expect(reader.selectedLink == MarkedBook.note)
    }

    @Test func aClickOffTheLinksStillTurnsThePage() {
        var reader = Self.reader()
        let first = reader.firstVisibleOffset
        _ = reader.handle(.click(row: 5, column: reader.columns - 1), now: 0)
        #expect(reader.firstVisibleOffset > first)
    }

    /// Markup moves nothing: the same pages, lines and first character on screen, in page, scroll,
    /// compact and spread modes, at several sizes, through page turns.
    @Test(arguments: [(37, 12, "page"), (80, 24, "page"), (30, 10, "scroll"), (40, 3, "page"), (190, 30, "page")])
    func markupMovesNoPosition(columns: Int, rows: Int, mode: String) {
        var settings = Settings()
        if mode == "scroll" { settings.transition = .scroll }
        var plain = Self.reader(columns: columns, rows: rows, settings: settings, book: MarkedBook.plain)
        var marked = Self.reader(columns: columns, rows: rows, settings: settings)
        for _ in 0..<12 {
            #expect(plain.firstVisibleOffset == marked.firstVisibleOffset)
            #expect(plain.screen().textRows == marked.screen().textRows)
            plain.press("Space")
            marked.press("Space")
        }
    }
}
