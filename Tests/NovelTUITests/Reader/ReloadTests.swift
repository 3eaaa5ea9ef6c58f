import NovelCore
import Testing

@testable import NovelTUI

/// A book whose file grew is shown again at the same place, with the new chapters.
@Suite struct ReloadTests {
    @Test func appendedChaptersAppearAndThePageStays() {
        let entries = sampleBook.index.entries
        var reader = makeReader(start: ReaderStart(offset: entries[2].range.lowerBound))
        reader.press("Space")
        let place = reader.firstVisibleOffset
        let shown = reader.screen().textRows.dropLast()
        var text = String(decoding: sampleBook.text.utf8.withUnsafeBufferPointer { Array($0) }, as: UTF8.self)
        text += "第六章 新雨\n\n　　新的一章。\n\n第七章 旧灯\n\n　　又一章。\n"
        let grown = makeBook(text)
        reader.reload(grown, state: nil)
        #expect(reader.firstVisibleOffset == place)
        #expect(reader.screen().textRows.dropLast() == shown)
        #expect(reader.message == "The file changed: 2 chapters added")
        reader.press("G")
        #expect(reader.screen().textRows.contains { $0.contains("第七章") })
    }

    @Test func theReanchoredPositionAndBookmarksOfTheNewStateAreUsed() {
        let entries = sampleBook.index.entries
        var reader = makeReader()
        var state = BookState(fingerprint: "new", title: "sample", lastPath: sampleBook.path)
        state.position = BookmarkFactory.position(book: sampleBook, offset: entries[3].range.lowerBound)
        state.bookmarks = [
            BookmarkFactory.make(book: sampleBook, offset: entries[4].range.lowerBound, note: nil, number: 1)
        ]
        reader.reload(sampleBook, state: state)
        #expect(reader.entry == 3)
        #expect(reader.bookmarks.count == 1)
        #expect(reader.message == "The file changed: reloaded")
    }
}
