import NovelCore
import Testing

@testable import NovelTUI

/// Jumps push the place they left; C-o goes back, C-n forward again; reading on is not a jump.
@Suite struct JumpBackTests {
    let entries = sampleBook.index.entries

    @Test func aTOCJumpAndASearchCanBeWalkedBackAndForward() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("Space")
        let reading = reader.firstVisibleOffset
        reader.press("Tab")
        reader.selectInTOC(3)
        let actions = reader.press("Enter")
        #expect(reader.entry == 3)
        #expect(actions.contains(.saveHistory(reader.history)))
        reader.press("/")
        reader.type("lamp")
        reader.press("Enter")
        #expect(reader.currentMatch.map(reader.isOnScreen) == true)
        #expect(reader.firstVisibleOffset != entries[3].range.lowerBound)
        let found = reader.firstVisibleOffset
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == entries[3].range.lowerBound)
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == reading)
        reader.press("C-o")
        #expect(reader.message == "No earlier place to go back to")
        reader.press("C-n", "C-n")
        #expect(reader.firstVisibleOffset == found)
    }

    @Test func pageTurnsAndPlainChapterKeysAreNotJumpsButCountedOnesAre() {
        var reader = makeReader()
        reader.press("Space", "b", "]", "[")
        #expect(reader.entry == 0)
        #expect(reader.history.isEmpty)
        reader.press("3", "]")
        #expect(reader.entry == 3)
        reader.press("2", "[")
        #expect(reader.entry == 1)
        reader.press("C-o")
        #expect(reader.entry == 3)
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == 0)
        // A count far past the book stops at its last chapter.
        reader.press(
            "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "9", "]")
        #expect(reader.entry == entries.count - 1)
    }

    @Test func goToEndStartAndNumberedChaptersAreJumps() {
        var reader = makeReader(start: ReaderStart(offset: entries[2].range.lowerBound))
        reader.press("G")
        reader.press("g")
        reader.press("4", "Enter")
        #expect(reader.history.back.count == 3)
        reader.press("C-o")
        #expect(reader.firstVisibleOffset == 0)
    }

    @Test func theHistoryComesFromTheBooksState() {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: "books/sample.txt")
        state.history.leave(BookmarkFactory.position(book: sampleBook, offset: entries[2].range.lowerBound))
        var reader = makeReader(state: state)
        reader.press("C-o")
        #expect(reader.entry == 2)
    }
}
