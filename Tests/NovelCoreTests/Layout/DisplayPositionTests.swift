import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Display transforms never move positions: lines, pages and clusters carry original byte offsets, the
/// same text is reached with a transform on or off, and switching one live keeps the first character
/// on screen.
@Suite struct DisplayPositionTests {
    /// A hard-wrapped chapter with straight quotes and a junk line: every transform applies.
    static let text: String = {
        var text = "第一章　归来\n更新时间:2007-11-16 7:55:51 本章字数:4804\n"
        for index in 0..<60 {
            text += "    " + hanzi(14) + "说：\"" + hanzi(2) + "\n" + hanzi(20, from: "风吹柳岸月照山门客") + "\n"
            text += hanzi(index % 9 + 1) + "。\"\n"
        }
        return text
    }()

    static let on = DisplayOptions(reflow: .on, smartQuotes: true, hideSiteJunk: true)

    func layout(_ book: Book, _ options: DisplayOptions, width: Int = 30, rows: Int = 12) -> ChapterLayout {
        let settings = TestBooks.layoutSettings(width: width, display: options)
        return PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: rows)).layout(book, entry: 0)
    }

    @Test func clustersCarryTheirOriginalBytes() throws {
        let book = TestBooks.book(Self.text)
        #expect(book.index.entries.count == 1)
        let chapter = layout(book, Self.on)
        let display = try #require(chapter.display)
        let original = book.text.utf8
        var previousEnd = 0
        for line in chapter.lines {
            #expect(line.bytes.lowerBound >= previousEnd)
            for cluster in line.clusters {
                #expect(cluster.bytes.lowerBound >= previousEnd, "clusters in order, not overlapping")
                previousEnd = cluster.bytes.upperBound
                let shownText = String(decoding: display.utf8[cluster.shown], as: UTF8.self)
                let source = String(decoding: original[cluster.bytes], as: UTF8.self)
                // A cluster shows its own bytes, or a curly quote for a straight one.
                #expect(shownText == source || (source == "\"" && (shownText == "“" || shownText == "”")))
                #expect(line.bytes.contains(cluster.bytes.lowerBound))
            }
        }
    }

    /// Every character shown with the transforms off is shown with them on, at the same offset, except
    /// the hidden junk line.
    @Test func theSameTextIsShownAtTheSameOffsets() {
        let book = TestBooks.book(Self.text)
        func shownOffsets(_ options: DisplayOptions) -> [Int] {
            layout(book, options).lines.flatMap { $0.clusters.map(\.bytes.lowerBound) }
        }
        let junk = Self.text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)[1]
        let junkStart = Self.text.utf8.distance(from: Self.text.utf8.startIndex, to: junk.startIndex)
        let junkRange = junkStart..<(junkStart + junk.count)
        let off = shownOffsets(.verbatim).filter { !junkRange.contains($0) }
        #expect(shownOffsets(Self.on) == off)
    }

    /// Pages start at original offsets, and each offset of the chapter finds the page that shows it.
    @Test func pagesLocateOriginalOffsets() {
        let book = TestBooks.book(Self.text)
        let chapter = layout(book, Self.on)
        #expect(chapter.pages.count > 3)
        #expect(chapter.pages[0].firstOffset == 0)
        for (number, page) in chapter.pages.enumerated() {
            #expect(chapter.pageIndex(containing: page.firstOffset) == number)
            let first = chapter.lines[page.lines.lowerBound]
            #expect(number == 0 || page.firstOffset == first.bytes.lowerBound)
        }
    }

    /// Switching reflow, quotes and junk on and off in any order keeps the first character on screen.
    @Test func switchingLiveKeepsTheFirstCharacterOnScreen() {
        let book = TestBooks.book(Self.text)
        let viewport = Viewport(columns: 30, rows: 12)
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(width: 30, display: .verbatim), viewport: viewport)
        let options: [DisplayOptions] = [
            Self.on, .verbatim, DisplayOptions(reflow: .on, smartQuotes: false, hideSiteJunk: false),
            DisplayOptions(reflow: .off, smartQuotes: true, hideSiteJunk: true), Self.on,
        ]
        var location = PageLocation(entry: 0, page: 5)
        for option in options {
            let before = layout.firstOffset(of: location)
            let settings = TestBooks.layoutSettings(width: 30, display: option)
            location = layout.reconfigure(settings: settings, viewport: viewport, keeping: location)
            let page = layout.chapter(location.entry).pages[location.page]
            let lines = layout.chapter(location.entry).lines[page.lines]
            let shownOffsets = lines.flatMap { $0.clusters.map(\.bytes) }
            // The character that was first on screen is on this page.
            #expect(page.firstOffset <= before)
            #expect(shownOffsets.contains { $0.lowerBound >= before })
            #expect(lines.last.map { $0.bytes.upperBound > before } ?? false)
        }
    }

    /// A bookmark at any shown character lands on a page showing that character, whatever the transforms.
    @Test func bookmarksLandOnTheSameText() {
        let book = TestBooks.book(Self.text)
        let viewport = Viewport(columns: 30, rows: 12)
        let offsets = layout(book, .verbatim).lines.flatMap { $0.clusters.map(\.bytes.lowerBound) }
        for options in [Self.on, DisplayOptions.verbatim] {
            let bookLayout = BookLayout(
                book: book, settings: TestBooks.layoutSettings(width: 30, display: options), viewport: viewport)
            for offset in offsets.enumerated().filter({ $0.offset % 37 == 0 }).map(\.element) {
                let location = bookLayout.locate(offset)
                let chapter = bookLayout.chapter(location.entry)
                let page = chapter.pages[location.page]
                let shown = chapter.lines[page.lines].flatMap { $0.clusters.map(\.bytes.lowerBound) }
                #expect(shown.contains(offset) || Self.isHidden(offset), "offset \(offset)")
            }
        }
    }

    static func isHidden(_ offset: Int) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines[0].utf8.count + 1
        return offset >= start && offset < start + lines[1].utf8.count + 1
    }

    /// A chapter no transform touches is laid out from the book text itself (no display text).
    @Test func anUntouchedChapterHasNoDisplayText() {
        let book = TestBooks.book("第一章　雨夜\n他推门而入。\n屋里无人。\n")
        #expect(layout(book, DisplayOptions()).display == nil)
    }
}
