import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// BookLayout: the chapter cache, moving between pages and chapters, positions kept across resizes.
@Suite struct LayoutBookTests {
    static func sample() throws -> Book {
        try BookOpener.open(path: Corpus.repositoryPath("books/青灯记.txt"))
    }

    @Test func theCacheKeepsTheMostRecentlyUsedChapters() throws {
        let book = try Self.sample()
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 80, rows: 24), capacity: 2)
        _ = layout.chapter(3)
        _ = layout.chapter(4)
        #expect(layout.cachedEntries == [3, 4])
        _ = layout.chapter(3)
        #expect(layout.cachedEntries == [4, 3])
        _ = layout.chapter(5)
        #expect(layout.cachedEntries == [3, 5], "the least recently used chapter is dropped")
        // A dropped chapter lays out again identically.
        let again = layout.chapter(4)
        #expect(
            again.pages
                == PageLayouter(settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 80, rows: 24)).layout(
                    book, entry: 4
                ).pages)
    }

    @Test func pagesRunAcrossChapters() throws {
        let book = try Self.sample()
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(width: 30), viewport: Viewport(columns: 30, rows: 12))
        let lastOfThree = PageLocation(entry: 3, page: layout.chapter(3).pages.count - 1)
        #expect(layout.next(after: lastOfThree) == PageLocation(entry: 4, page: 0))
        #expect(layout.previous(before: PageLocation(entry: 4, page: 0)) == lastOfThree)
        #expect(layout.previous(before: PageLocation(entry: 0, page: 0)) == nil)
        let lastEntry = book.index.entries.count - 1
        let end = PageLocation(entry: lastEntry, page: layout.pageCount(of: lastEntry) - 1)
        #expect(layout.next(after: end) == nil)
        #expect(layout.locate(book.text.utf8.count) == end)
        #expect(layout.locate(0) == PageLocation(entry: 0, page: 0))
        // A chapter's heading offset is its first page.
        #expect(layout.locate(book.index.entries[7].range.lowerBound) == PageLocation(entry: 7, page: 0))
        let total = layout.layoutAll()
        #expect(total == (0..<book.index.entries.count).reduce(0) { $0 + layout.chapter($1).pages.count })
    }

    /// The first character on screen before a resize or settings change is on the page shown after it.
    @Test(arguments: 0..<30)
    func resizingKeepsTheFirstCharacterOnScreen(seed: Int) throws {
        let book = try Self.sample()
        var generator = SeededGenerator(seed: UInt64(seed) &+ 77)
        var (settings, viewport) = LayoutPropertyTests.randomSettings(using: &generator)
        let layout = BookLayout(book: book, settings: settings, viewport: viewport)
        guard layout.geometry != nil else { return }
        for _ in 0..<5 {
            let entry = Int.random(in: 0..<book.index.entries.count, using: &generator)
            let page = Int.random(in: 0..<layout.pageCount(of: entry), using: &generator)
            let old = layout.chapter(entry)
            let firstShown = old.lines[old.pages[page].lines].lazy.flatMap(\.clusters).first?.bytes.lowerBound
            (settings, viewport) = LayoutPropertyTests.randomSettings(using: &generator)
            let location = layout.reconfigure(
                settings: settings, viewport: viewport, keeping: PageLocation(entry: entry, page: page))
            guard layout.geometry != nil, let firstShown else { continue }
            let new = layout.chapter(location.entry)
            let shownNow = new.lines[new.pages[location.page].lines].flatMap(\.clusters).map(\.bytes.lowerBound)
            #expect(shownNow.contains(firstShown), "seed \(seed): \(settings) \(viewport)")
        }
    }

    @Test func aViewportTooSmallForTextHasNoGeometryButStillPositions() throws {
        let book = try Self.sample()
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(fontScale: 3), viewport: Viewport(columns: 5, rows: 2))
        #expect(layout.geometry == nil)
        let location = layout.locate(book.index.entries[5].range.lowerBound + 10)
        #expect(location == PageLocation(entry: 5, page: 0))
        #expect(layout.firstOffset(of: location) == book.index.entries[5].range.lowerBound)
        // Growing the viewport lays out again around the same chapter.
        let grown = layout.reconfigure(
            settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 80, rows: 24), keeping: location)
        #expect(grown.entry == 5)
        #expect(layout.geometry != nil)
    }

    @Test func anEmptyChapterIsOnePage() {
        let book = TestBooks.book("第一章　甲\n\n\n第二章　乙\n正文\n")
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 40, rows: 10))
        let first = layout.chapter(0)
        #expect(first.pages.count == 1)
        #expect(first.lines.map(\.kind) == [.title])
        let empty = TestBooks.book("", split: false)
        let emptyLayout = BookLayout(
            book: empty, settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 40, rows: 10))
        #expect(emptyLayout.chapter(0).pages == [LayoutPage(lines: 0..<0, firstOffset: 0)])
        #expect(emptyLayout.layoutAll() == 1)
    }

    @Test func anOffsetKeptWhileTooSmallIsRestored() throws {
        let book = try Self.sample()
        let layout = BookLayout(
            book: book, settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 1, rows: 1))
        let offset = book.index.entries[6].bodyStart + 3000
        let location = layout.reconfigure(
            settings: TestBooks.layoutSettings(width: 30), viewport: Viewport(columns: 30, rows: 10),
            keepingOffset: offset)
        let chapter = layout.chapter(location.entry)
        let page = chapter.pages[location.page]
        #expect(page.firstOffset <= offset)
        if location.page + 1 < chapter.pages.count { #expect(chapter.pages[location.page + 1].firstOffset > offset) }
    }
}
