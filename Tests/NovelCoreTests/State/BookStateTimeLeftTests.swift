import Foundation
import Testing

@testable import NovelCore

/// A listed book's time left: the bytes after the saved place at the snippet's characters per byte, at
/// the book's own speed or else the one over all books.
@Suite struct BookStateTimeLeftTests {
    func state(offset: Int, textBytes: Int, snippet: String, reading: ReadingTime = ReadingTime()) -> BookState {
        var state = BookState(fingerprint: "f", title: "t", lastPath: "/t.txt")
        state.position = ReadingPosition(
            offset: offset, chapterIndex: 0, chapterTitle: "", snippet: snippet, percent: 0, saved: Date())
        state.source = SourceStamp(file: FileIdentity(bytes: 0, modified: 0), encoding: "UTF-8", textBytes: textBytes)
        state.reading = reading
        return state
    }

    @Test func chineseBytesCountAThirdOfACharacterEach() throws {
        // 30,000 bytes of Chinese left: 10,000 characters; at 500 a minute, 20 minutes.
        let book = state(
            offset: 0, textBytes: 30_000, snippet: "夜深了青灯照着书页", reading: ReadingTime(characters: 60_000, seconds: 7_200)
        )
        #expect(try #require(book.minutesLeft(overall: ReadingTime())) == 20)
    }

    @Test func theOverallSpeedStandsInUntilTheBookHasItsOwn() throws {
        let english = state(offset: 4_000, textBytes: 10_000, snippet: "The lamp was lit.")
        #expect(english.minutesLeft(overall: ReadingTime()) == nil)
        // 6,000 ASCII bytes left: 6,000 characters at 1,000 a minute.
        #expect(try #require(english.minutesLeft(overall: ReadingTime(characters: 120_000, seconds: 7_200))) == 6)
    }

    @Test func withoutAPlaceOrASizeThereIsNoTimeLeft() {
        var unplaced = state(
            offset: 0, textBytes: 100, snippet: "x", reading: ReadingTime(characters: 60_000, seconds: 7_200))
        unplaced.position = nil
        #expect(unplaced.minutesLeft(overall: ReadingTime()) == nil)
        var unsized = state(
            offset: 0, textBytes: 100, snippet: "x", reading: ReadingTime(characters: 60_000, seconds: 7_200))
        unsized.source = nil
        #expect(unsized.minutesLeft(overall: ReadingTime()) == nil)
    }
}
