import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// `BookPlace.start`: where every command and the reader open a book (a flag, then the saved
/// position, then the start), clamped into the text.
@Suite struct BookPlaceStartTests {
    let book = TestBooks.book(
        "第一章　开始\n　　灯亮了很久很久，一直亮到天明。\n第二章　结束\n　　灯灭了，渡口只剩下风声。\n", path: "/books/a.txt",
        title: "a")

    func state(savedAt offset: Int?) -> BookState {
        var state = BookState(fingerprint: book.fingerprint, title: book.title, lastPath: book.path)
        state.position = offset.map {
            ReadingPosition(offset: $0, chapterIndex: 0, chapterTitle: "", snippet: "", percent: 0, saved: Date())
        }
        return state
    }

    @Test(arguments: [
        // (named, saved, length, expected)
        (Int?(7), Int?(3), 10, 7),  // a flag beats the saved position
        (nil, 3, 10, 3),  // the saved position beats the start
        (nil, nil, 10, 0),  // neither: the start
        (nil, 25, 10, 10),  // a saved position past the end (a hand-edited or shortened file): the end
        (nil, -4, 10, 0),  // below the start: the start
        (12, 3, 10, 10),  // a named offset past the end: the end, not the saved position
        (0, 5, 10, 0),  // a flag naming the start is still a flag
        (nil, 5, 0, 0),  // an empty text: 0
    ])
    func offsetsAreChosenInOrderAndClamped(named: Int?, saved: Int?, length: Int, expected: Int) {
        #expect(BookPlace.start(named: named, saved: saved, length: length) == expected)
    }

    @Test func aPlaceFlagBeatsTheSavedPosition() throws {
        let second = book.index.entries[1].range.lowerBound
        #expect(try BookPlace.start(.chapter("1"), in: book, state: state(savedAt: 4)) == second)
        #expect(try BookPlace.start(nil, in: book, state: state(savedAt: 4)) == 4)
        #expect(try BookPlace.start(nil, in: book, state: nil) == 0)
        #expect(try BookPlace.start(nil, in: book, state: state(savedAt: nil)) == 0)
    }

    @Test func aSavedPositionPastTheEndOpensAtTheEnd() throws {
        let length = book.text.utf8.count
        #expect(try BookPlace.start(nil, in: book, state: state(savedAt: length + 100)) == length)
        #expect(try BookPlace.start(nil, in: book, state: state(savedAt: -1)) == 0)
    }

    @Test func aBookmarkFlagIsFoundInTheStateAndABadPlaceThrows() throws {
        var saved = state(savedAt: 2)
        let mark = saved.addBookmark(in: book, offset: book.index.entries[1].range.lowerBound + 3, note: nil)
        #expect(try BookPlace.start(.bookmark(mark.id), in: book, state: saved) == mark.offset)
        #expect(throws: BookPlace.NotFound.self) { try BookPlace.start(.bookmark("b99"), in: book, state: saved) }
        #expect(throws: BookPlace.NotFound.self) { try BookPlace.start(.chapter("第九章"), in: book, state: saved) }
    }
}
