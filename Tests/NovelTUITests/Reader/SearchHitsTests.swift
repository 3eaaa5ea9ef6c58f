import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The hits of a search (issue 32, item 9): counted a piece at a time between keys (`searchAhead`, which
/// the app loop calls while no key is pending), listed by `F` or `Tab` at the search prompt, filtered by
/// typing, `Enter` jumping to one and `C-o` coming back.
@Suite struct SearchHitsTests {
    let entries = sampleBook.index.entries

    /// A book longer than one piece: `chapters` chapters of about 4.6 KB, "lamp" once in each.
    static func longBook(chapters: Int) -> Book {
        let paragraph = "　　夜深了，青灯照着书页，窗外的雨声一阵紧似一阵。他把旧信折好，放进怀里。\n\n"
        let body = String(repeating: paragraph, count: 40)
        var text = "青灯记\n\n"
        for chapter in 1...chapters {
            text += "第\(chapter)章 雨夜\n\n" + body + "　　The lamp was lit.\n\n" + body
        }
        return makeBook(text)
    }

    @Test func theCountGrowsPieceByPieceAndTheReaderAnswersMeanwhile() throws {
        let book = Self.longBook(chapters: 1_000)
        #expect(book.text.utf8.count > SearchHits.pieceBytes)
        var reader = makeReader(book: book)
        reader.press("/")
        reader.type("lamp")
        reader.press("Enter")
        // The first match is shown at once; the rest of the book is searched a piece at a time.
        #expect(reader.currentMatch.map(reader.isOnScreen) == true)
        #expect(reader.isSearching)
        let first = try #require(reader.hits?.count)
        #expect(first > 0 && first < 1_000)
        #expect(reader.screen().textRows.last?.contains("\(first) hits…") == true)
        // A key between two pieces is handled as ever.
        reader.press("Space")
        var counts = [first]
        while reader.isSearching {
            reader.searchAhead()
            counts.append(reader.hits?.count ?? 0)
        }
        #expect(counts.count >= 3, "more than two pieces: \(counts)")
        #expect(counts == counts.sorted())
        #expect(reader.hits?.count == 1_000)
        #expect(reader.screen().textRows.last?.contains("1000 hits") == true)
        #expect(reader.screen().textRows.last?.contains("1000 hits…") == false)
    }

    @Test func tabAtThePromptListsTheHitsAndEnterJumpsThere() throws {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        let start = reader.firstVisibleOffset
        reader.press("/")
        reader.type("lamp")
        reader.press("Tab")
        // The list opens where the search starts: the reader has not moved.
        #expect(reader.firstVisibleOffset == start)
        guard case .searchHits(let list) = reader.overlay else {
            Issue.record("no list of hits")
            return
        }
        #expect(reader.hits?.count == 5)
        #expect(reader.listedHits(list).count == 5)
        let rows = reader.screen().textRows
        #expect(rows[0].contains("Search lamp: 5 hits"))
        #expect(rows.dropFirst().filter { $0.contains("lamp") }.count == 5, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("▶ 第一章 雨夜1 ·") }, "\(rows)")
        // Filtered by typing (q and t are text here), then Enter jumps to the hit: a jump C-o comes back from.
        reader.type("雨夜4")
        guard case .searchHits(let filtered) = reader.overlay else {
            Issue.record("the list closed")
            return
        }
        #expect(reader.listedHits(filtered).map { reader.hits!.found[$0].entry } == [4])
        reader.press("Enter")
        #expect(reader.overlay == nil)
        #expect(reader.entry == 4)
        let hit = try #require(reader.currentMatch)
        #expect(reader.isOnScreen(hit))
        #expect(reader.book.text.utf8.withUnsafeBufferPointer { Array($0[hit]) } == Array("lamp".utf8))
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == start)
    }

    @Test func fListsTheLastSearchAndClosesByTheOverlayRule() {
        var reader = makeReader()
        reader.press("F")
        #expect(reader.overlay == nil)
        #expect(reader.message == "No search yet: / or ? searches")
        reader.press("/")
        reader.type("lamp")
        reader.press("Enter")
        reader.press("F")
        guard case .searchHits(let list) = reader.overlay else {
            Issue.record("no list of hits")
            return
        }
        // The first hit from the screen on is selected: the match just found.
        #expect(reader.hits?.found[list.selected].range == reader.currentMatch)
        reader.type("q")
        #expect(reader.overlay != nil, "q is typed into the filter")
        #expect(reader.screen().textRows.contains { $0.contains("no hit matches") })
        reader.press("Backspace", "Esc")
        #expect(reader.overlay == nil)
        // F, the key that opened it, is text in its filter too: Esc closes.
        reader.press("F", "F")
        guard case .searchHits(let typed) = reader.overlay else {
            Issue.record("F closed the list")
            return
        }
        #expect(typed.filter == "F")
        reader.press("Esc")
        #expect(reader.overlay == nil)
        #expect(!reader.isFinished)
    }

    @Test func aNewConversionSearchesTheHitsAgain() throws {
        var reader = makeReader()
        reader.press("/")
        reader.type("青灯")
        reader.press("Enter")
        let before = try #require(reader.hits?.count)
        #expect(before > 0)
        // Shown in Traditional characters the Simplified query still finds the same text (converted).
        reader.press("c")
        while reader.isSearching { reader.searchAhead() }
        #expect(reader.hits?.options.convert == .s2t)
        #expect(reader.hits?.count == before)
        #expect(reader.hits?.found.first?.match == "青燈")
    }
}
