import NovelCore
import Testing

@testable import NovelTUI

/// The reader measures its own speed from page turns on the clock it is given, and shows the time left.
@Suite struct TimeLeftTests {
    let entries = sampleBook.index.entries

    @Test func pageTurnsAtAReadingPaceAreMeasuredAndJumpsAreNot() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("Space", now: 0)  // starts the clock
        let from = reader.firstVisibleOffset
        reader.press("Space", now: 20)
        reader.press("Space", now: 40)
        let read = sampleBook.text.characters(in: from..<reader.firstVisibleOffset)
        #expect(reader.sessionReading == ReadingTime(characters: read, seconds: 40, sessions: 1))
        // A jump to the end and a turn soon after: what the jump skipped is not read.
        reader.press("g", now: 45)
        reader.press("Space", now: 60)
        #expect(reader.sessionReading?.characters == read)
    }

    @Test func theStatusBarShowsTheTimeLeftOnceThereIsASpeed() {
        var settings = Settings()
        settings.statusInfo = .time
        var reader = makeReader(
            columns: 80, rows: 12, settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        #expect(reader.screen().textRows.last!.contains("time left: measuring"))
        // 60 characters a minute: the rest of this chapter and the book in minutes.
        reader.overallReading = ReadingTime(characters: 600, seconds: 600, sessions: 1)
        let chapter = sampleBook.text.characters(in: reader.firstVisibleOffset..<entries[1].range.upperBound)
        let status = reader.screen().textRows.last!
        #expect(status.contains("chapter: \(ReadingTime.words(minutes: Double(chapter) / 60)) left"), "\(status)")
        #expect(status.contains("book: "))
        // The book's own speed, once it has one, wins over the overall one.
        var state = BookState(fingerprint: sampleBook.fingerprint, title: "sample", lastPath: sampleBook.path)
        state.reading = ReadingTime(characters: 600 * 1000, seconds: 600, sessions: 1)
        reader = makeReader(
            columns: 80, rows: 12, settings: settings, state: state,
            start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.overallReading = ReadingTime(characters: 600, seconds: 600, sessions: 1)
        #expect(reader.screen().textRows.last!.contains("chapter: < 1 min left"))
    }
}
