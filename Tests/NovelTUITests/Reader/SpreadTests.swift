import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// A book long enough for several spreads per chapter at 170×30 (two pages of 80 columns): six chapters
/// of forty paragraphs, each paragraph naming its chapter and number ("3-17") so a page is recognisable.
let spreadBook: Book = {
    var text = "长夜书\n\n"
    for chapter in 1...6 {
        text += "第\(chapter)章 灯下\n\n"
        for paragraph in 1...40 {
            let body = String(repeating: "夜深了，青灯照着书页，窗外的雨声一阵紧似一阵。", count: 2 + (paragraph % 3))
            text += "　　\(chapter)-\(paragraph) " + body + (paragraph == 25 ? "The lamp was lit." : "") + "\n\n"
        }
    }
    return makeBook(text)
}()

/// The two-page spread: when it shows, which pages pair up, how the page keys and jumps move, and that
/// resizing, search and clicks stay right.
@Suite struct SpreadTests {
    static func reader(columns: Int = 170, rows: Int = 30, settings: Settings = Settings(), start: Int? = nil) -> Reader
    {
        Reader(
            book: spreadBook, settings: settings, state: nil, columns: columns, rows: rows,
            start: ReaderStart(offset: start ?? spreadBook.index.entries[1].range.lowerBound))
    }

    @Test func twoPagesShowWhenTwoTextBlocksWithTheirMarginsAndTheGutterFit() {
        // Width 80 and margin 2 on each side of each page, and a 2-column gutter: 170 columns.
        #expect(Self.reader(columns: 170).isSpread)
        #expect(Self.reader(columns: 200).isSpread)
        #expect(!Self.reader(columns: 169).isSpread)
        var narrow = Settings()
        narrow.width = 40
        #expect(Self.reader(columns: 90, settings: narrow).isSpread)
        #expect(!Self.reader(columns: 89, settings: narrow).isSpread)
    }

    @Test func theSettingOffScrollModeAndTheCompactReaderShowOnePage() {
        var off = Settings()
        off.spread = .off
        #expect(!Self.reader(settings: off).isSpread)
        var scroll = Settings()
        scroll.transition = .scroll
        #expect(!Self.reader(settings: scroll).isSpread)
        #expect(!Self.reader(rows: 4).isSpread)
        var disguised = Settings()
        disguised.disguise = .log
        #expect(!Self.reader(settings: disguised).isSpread)
    }

    @Test func eachHalfIsAPageOfTheSameLayoutAsOnePageOfThatWidth() throws {
        let spread = Self.reader(columns: 170)
        let single = Self.reader(columns: 84)
        #expect(spread.layout.viewport == Viewport(columns: 84, rows: 29))
        let left = try #require(spread.layout.geometry)
        #expect(left == single.layout.geometry)
        #expect(spread.frame.rightPage == 86)
    }

    @Test func theRightPageIsTheNextPageOfTheChapterAndTheKeysTurnBoth() throws {
        var reader = Self.reader()
        let entry = reader.location.entry
        #expect(reader.location.page == 0)
        #expect(reader.rightPage(of: reader.location) == PageLocation(entry: entry, page: 1))
        #expect(reader.pageText == "1-2/\(reader.layout.chapter(entry).pages.count)")
        reader.press("Space")
        #expect(reader.location == PageLocation(entry: entry, page: 2))
        reader.press("j")
        #expect(reader.location == PageLocation(entry: entry, page: 4))
        reader.press("b")
        #expect(reader.location == PageLocation(entry: entry, page: 2))
        reader.press("k")
        #expect(reader.location == PageLocation(entry: entry, page: 0))
        reader.press("b")
        // Back across a chapter boundary: the previous chapter's last spread, starting on an even page.
        let previousPages = reader.layout.chapter(reader.location.entry).pages.count
        #expect(reader.location.entry == entry - 1)
        #expect(reader.location.page == (previousPages - 1) / 2 * 2)
    }

    @Test func forwardFromAChaptersLastSpreadOpensTheNextChapterOnTheLeft() {
        var reader = Self.reader()
        let entry = reader.location.entry
        let pages = reader.layout.chapter(entry).pages.count
        #expect(pages >= 3)
        for _ in 0..<((pages + 1) / 2) { reader.press("Space") }
        #expect(reader.location == PageLocation(entry: entry + 1, page: 0))
    }

    @Test func aLoneLastPageLeavesTheRightPageBlank() throws {
        var reader = Self.reader()
        let entry = try #require(
            reader.entries.indices.first { reader.layout.chapter($0).pages.count % 2 == 1 && $0 > 0 })
        reader.press("t")
        reader.selectInTOC(entry)
        reader.press("Enter")
        let pages = reader.layout.chapter(entry).pages.count
        while reader.location.page + 1 < pages - 1 { reader.press("Space") }
        #expect(reader.location == PageLocation(entry: entry, page: pages - 1))
        #expect(reader.rightPage(of: reader.location) == nil)
        let screen = reader.screen()
        let rightHalf = (0..<reader.textRows).flatMap { row in
            (reader.frame.rightPage..<170).map { screen[row, $0].cluster }
        }
        #expect(rightHalf.allSatisfy { $0.isEmpty || $0 == " " })
    }

    @Test func jumpsLandOnTheSpreadHoldingTheirTarget() throws {
        var reader = Self.reader()
        // A TOC jump: the chapter starts on the left page.
        reader.press("t")
        reader.selectInTOC(3)
        reader.press("Enter")
        #expect(reader.location == PageLocation(entry: 3, page: 0))
        // A jump to a place on an odd page shows it on the right page of its spread.
        let chapter = reader.layout.chapter(3)
        let target = chapter.pages[3].firstOffset + 3
        reader.jump(to: target)
        #expect(reader.location == PageLocation(entry: 3, page: 2))
        #expect(reader.isOnScreen(target..<target + 1))
        // End of the book: the last spread.
        reader.press("G")
        let last = reader.entries.count - 1
        #expect(reader.location.entry == last)
        #expect(reader.location.page % 2 == 0)
        #expect(reader.location.page + 2 >= reader.layout.chapter(last).pages.count)
    }

    @Test func resizingInAndOutOfTheSpreadKeepsTheFirstCharacterOnScreen() throws {
        var reader = Self.reader(columns: 84)
        reader.press("Space", "Space", "Space")
        let first = reader.firstVisibleOffset
        _ = reader.handle(.resize(columns: 170, rows: 30), now: 0)
        #expect(reader.isSpread)
        #expect(reader.isOnScreen(first..<first + 1))
        let spreadFirst = reader.firstVisibleOffset
        reader.press("Space")
        let turned = reader.firstVisibleOffset
        _ = reader.handle(.resize(columns: 120, rows: 30), now: 0)
        #expect(!reader.isSpread)
        #expect(reader.firstVisibleOffset == turned)
        _ = reader.handle(.resize(columns: 170, rows: 30), now: 0)
        #expect(reader.firstVisibleOffset == turned)
        #expect(spreadFirst < turned)
    }

    @Test func searchMatchesAreHighlightedOnBothPages() throws {
        var reader = Self.reader()
        reader.press("/")
        reader.type("青灯")
        reader.press("Enter")
        let screen = reader.screen()
        let matchRole: (Cell) -> Bool = { $0.style.role == .match || $0.style.role == .currentMatch }
        let left = (0..<reader.textRows).contains { row in (0..<85).contains { matchRole(screen[row, $0]) } }
        let right = (0..<reader.textRows).contains { row in (86..<170).contains { matchRole(screen[row, $0]) } }
        #expect(left && right)
    }

    @Test func everyClusterOfTheRightPageSitsAtItsViewportsColumn() throws {
        let reader = Self.reader()
        let screen = reader.screen()
        let geometry = try #require(reader.layout.geometry)
        let right = try #require(reader.rightPage(of: reader.location))
        let chapter = reader.layout.chapter(right.entry)
        var checked = 0
        for index in chapter.pages[right.page].lines {
            let line = chapter.lines[index]
            for cluster in line.clusters where cluster.width > 0 {
                let cell = screen[line.row, reader.frame.rightPage + geometry.left + cluster.column]
                #expect(cell.cluster == String(decoding: spreadBook.text.utf8[cluster.bytes], as: UTF8.self))
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    @Test func clicksOnTheThirdsTurnTwoPages() {
        var reader = Self.reader()
        let entry = reader.location.entry
        _ = reader.handle(.click(row: 5, column: 160), now: 0)
        #expect(reader.location == PageLocation(entry: entry, page: 2))
        _ = reader.handle(.click(row: 5, column: 10), now: 0)
        #expect(reader.location == PageLocation(entry: entry, page: 0))
        _ = reader.handle(.click(row: 5, column: 85), now: 0)
        #expect(reader.location == PageLocation(entry: entry, page: 0))
    }

    @Test func anAnimatedTurnSlidesTheWholeSpread() {
        var settings = Settings()
        settings.transition = .slide
        var reader = Self.reader(settings: settings)
        #expect(reader.isSpread)
        let before = reader.screen()
        reader.press("Space", now: 10)
        #expect(reader.location.page == 2)
        let target = reader.staticScreen()
        reader.tick(now: 10 + PageAnimation.duration / 2)
        let middle = reader.screen()
        #expect(middle != before && middle != target)
        reader.tick(now: 10 + PageAnimation.duration)
        #expect(reader.screen() == target)
    }

    @Test func overlaysCoverBothPages() {
        var reader = Self.reader()
        reader.press("t")
        let screen = reader.screen()
        #expect(
            (0..<reader.textRows).allSatisfy {
                screen[$0, 169].style.role == .overlay || screen[$0, 169].style.role == .overlayTitle
                    || screen[$0, 169].style.role == .selection
            })
    }
}
