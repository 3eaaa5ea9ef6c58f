import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The compact reader (`TextFrame`, `Reader+Compact`): a terminal of a few rows, or `--lines N` in any,
/// reads the book line by line with nothing cut or repeated.
@Suite struct CompactReaderTests {
    /// Straight quotes to pair, CJK punctuation that must not start a line, and English to break at spaces.
    static let quotedBook = makeBook(
        "第一章 开端\n\n　　他说：\"今天的雨，下得真大。\"她没有回答，只是看着窗外。"
            + "Rain fell on the quiet street, and nobody came.\n\n　　\"走吧。\"\n\n"
            + "第二章 归途\n\n　　山路弯弯，雾气从谷底升起，远处传来钟声。！？。。\n")

    /// `novel print`'s lines with something on them, laid out for `settings` at `width` columns.
    static func printedLines(_ book: Book, width: Int, settings: Settings) throws -> [String] {
        let printer = try BookPrinter(width: width, height: 24, settings: LayoutSettings(settings))
        var text = ""
        printer.print(book) { text += $0 }
        return text.split(separator: "\n").map(String.init).filter {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0 != LayoutPrinter.pageSeparator
        }
    }

    static func trimmed<Text: StringProtocol>(_ row: Text) -> String {
        String(row).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    /// The rows read from the start to the end of the book pressing `key`: a key that moves a screen
    /// adds the whole screen, one that moves a line (`j`) adds the new last row.
    static func readThrough(_ reader: inout Reader, key: String) -> [String] {
        let rows = reader.textRows
        var read = reader.screen().textRows.prefix(key == "j" ? rows - 1 : 0).map(trimmed)
        for _ in 0..<10_000 {
            let screen = reader.screen().textRows
            read += key == "j" ? [trimmed(screen[rows - 1])] : screen.prefix(rows).map(trimmed)
            reader.press(key)
            if reader.message == "End of the book" { break }
        }
        return read.filter { !$0.isEmpty }
    }

    @Test(arguments: [(1, "Space"), (3, "Space"), (3, "j"), (5, "f")])
    func aFewRowsReadTheBookAsPrintLaysItOut(rows: Int, key: String) throws {
        for book in [sampleBook, Self.quotedBook] {
            var settings = Settings()
            settings.statusBar = false
            var reader = makeReader(
                columns: 37, rows: rows, settings: settings, start: ReaderStart(offset: 0), book: book)
            #expect(reader.isCompact)
            let read = Self.readThrough(&reader, key: key)
            #expect(read == (try Self.printedLines(book, width: 37, settings: settings)))
        }
    }

    @Test func theProgressMarkEndsTheLastRowAndTheTextMakesRoomForIt() throws {
        var reader = makeReader(
            columns: 40, rows: 2, start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
        let screen = reader.screen()
        #expect(screen.textRows[1].hasSuffix(" \(reader.percentText)"))
        #expect(ScreenDump.styles(screen).split(separator: "\n")[1].hasSuffix("ddd|"))
        let printed = try Self.printedLines(sampleBook, width: 40 - TextFrame.markWidth, settings: Settings())
        #expect(printed.contains(Self.trimmed(screen.textRows[0])))
        reader.press("j")
        #expect(
            Self.trimmed(reader.screen().textRows[0]) == Self.trimmed(screen.textRows[1].dropLast(TextFrame.markWidth)))
    }

    @Test func linesAsksForTheCompactReaderInALargeTerminal() {
        var reader = makeReader(columns: 80, rows: 24, start: ReaderStart(offset: 0))
        #expect(!reader.isCompact)
        reader = Reader(
            book: sampleBook, settings: Settings(), state: nil, columns: 80, rows: 24, start: ReaderStart(offset: 0),
            lines: 2)
        #expect(reader.isCompact)
        let rows = reader.screen().textRows
        #expect(rows[0].hasPrefix("青灯记"))
        #expect(rows[1].contains("第一章 雨夜1"))
        #expect(rows[1].hasSuffix(" 0%"))
        #expect(rows[2...].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        let start = reader.firstVisibleOffset
        reader.press("Space")
        #expect(reader.screen().textRows[0].hasPrefix("　　") || reader.firstVisibleOffset > start)
        reader.press("b")
        #expect(reader.firstVisibleOffset == start)
    }

    @Test func resizingIntoAndOutOfTheCompactReaderKeepsThePlace() throws {
        var reader = makeReader(start: ReaderStart(offset: sampleBook.index.entries[2].range.lowerBound))
        reader.press("Space", "Space")
        let offset = reader.firstVisibleOffset
        _ = reader.handle(.resize(columns: 37, rows: 3), now: 0)
        #expect(reader.isCompact)
        let shown = try #require(reader.visibleByteRange())
        #expect(shown.contains(offset))
        reader.press("j", "k")
        _ = reader.handle(.resize(columns: 37, rows: 12), now: 0)
        #expect(!reader.isCompact)
        #expect(try #require(reader.visibleByteRange()).contains(reader.anchor))
    }

    @Test func theEndsOfTheBookAreSaidAndNothingMovesPastThem() {
        var reader = makeReader(columns: 37, rows: 1, start: ReaderStart(offset: 0))
        reader.press("k")
        #expect(reader.message == "Start of the book")
        reader.press("G")
        let last = reader.firstVisibleOffset
        reader.press("j")
        #expect(reader.message == "End of the book")
        #expect(reader.firstVisibleOffset == last)
    }

    /// The auto page turn of the full reader runs here at its line pace: a line every interval, one
    /// line at a time, stopping at the end of the book.
    @Test func autoPageTurnStepsOneLineAtTheLinePace() {
        var settings = Settings()
        settings.autoLineSeconds = 2
        var reader = makeReader(columns: 37, rows: 1, settings: settings, start: ReaderStart(offset: 0))
        var expected = reader
        reader.press("a", now: 100)
        #expect(reader.autoTurn?.unit == .line && reader.nextDeadline == 102)
        for second in [102.0, 104, 106] {
            reader.tick(now: second - 0.5)
            #expect(reader.firstVisibleOffset == expected.firstVisibleOffset, "nothing moves before the step is due")
            reader.tick(now: second)
            expected.press("j")
            #expect(reader.firstVisibleOffset == expected.firstVisibleOffset)
        }
        reader.press("G")
        #expect(reader.autoTurn == nil, "another key pauses it")
        reader.press("a", now: 200)
        reader.tick(now: 202)
        #expect(reader.autoTurn == nil && reader.message == "End of the book: auto page turn stopped")
    }

    @Test func theBossKeyHidesTheLineAndBringsItBack() {
        var reader = makeReader(columns: 37, rows: 1, start: ReaderStart(offset: sampleBook.index.entries[1].bodyStart))
        let before = reader.screen()
        reader.press("`")
        let hidden = reader.screen().textRows.joined()
        #expect(!hidden.contains { $0.unicodeScalars.first.map { (0x3000...0x9FFF).contains($0.value) } ?? false })
        reader.press("j")
        reader.press("`")
        #expect(reader.screen() == before)
    }

    @Test func aSearchFromTheCompactReaderShowsTheMatchOnItsLine() {
        var reader = makeReader(columns: 37, rows: 1, start: ReaderStart(offset: 0))
        reader.press("/")
        reader.type("lamp")
        reader.press("Enter")
        let screen = reader.screen()
        #expect(screen.textRows[0].contains("lamp"))
        #expect(ScreenDump.styles(screen).contains("CCCC"))
    }
}
