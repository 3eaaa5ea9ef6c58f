import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The reading speed from page turns on a fake clock: idle gaps, jumps and flicking do not count.
@Suite final class ReadingSpeedTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }
    deinit { home.remove() }

    /// Every byte a character, so pages are easy to count.
    let oneEach: (Range<Int>) -> Int = { $0.count }

    @Test func steadyTurnsCountThePagesLeftBehind() {
        var meter = ReadingMeter()
        meter.turned(to: 0, now: 0, characters: oneEach)  // the first move only starts the clock
        meter.turned(to: 500, now: 60, characters: oneEach)
        meter.turned(to: 1000, now: 120, characters: oneEach)
        #expect(meter.measured == ReadingTime(characters: 1000, seconds: 120, sessions: 0))
        #expect(meter.measured.charactersPerMinute == 500)
    }

    @Test func anIdleGapIsAPauseNotReading() {
        var meter = ReadingMeter()
        meter.turned(to: 0, now: 0, characters: oneEach)
        meter.turned(to: 500, now: 60, characters: oneEach)
        // Away for ten minutes on the next page: that page does not count, the one after it does.
        meter.turned(to: 1000, now: 660, characters: oneEach)
        meter.turned(to: 1500, now: 720, characters: oneEach)
        #expect(meter.measured == ReadingTime(characters: 1000, seconds: 120))
    }

    @Test func flickingThroughPagesIsNotReading() {
        var meter = ReadingMeter()
        meter.turned(to: 0, now: 0, characters: oneEach)
        for page in 1...20 { meter.turned(to: page * 500, now: Double(page) * 0.3, characters: oneEach) }
        #expect(meter.measured == ReadingTime())
        // Reading again at a human pace counts from the page where the flicking stopped.
        meter.turned(to: 10_500, now: 66, characters: oneEach)
        #expect(meter.measured.characters == 500)
    }

    @Test func aJumpRestartsTheMeasureAndBackwardStepsReadNothing() {
        var meter = ReadingMeter()
        meter.turned(to: 0, now: 0, characters: oneEach)
        meter.turned(to: 500, now: 60, characters: oneEach)
        meter.restart()  // jumped far ahead
        meter.turned(to: 90_000, now: 61, characters: oneEach)
        #expect(meter.measured.characters == 500)
        meter.turned(to: 89_500, now: 100, characters: oneEach)
        #expect(meter.measured.characters == 500)
        meter.turned(to: 90_000, now: 130, characters: oneEach)
        #expect(meter.measured == ReadingTime(characters: 1000, seconds: 90))
    }

    @Test func aSpeedNeedsAFewMinutesOfReading() {
        #expect(ReadingTime(characters: 900, seconds: 90).charactersPerMinute == nil)
        let time = ReadingTime(characters: 1200, seconds: 120)
        #expect(time.charactersPerMinute == 600)
        #expect(time.minutes(toRead: 3000) == 5)
    }

    @Test(arguments: [(0.2, "< 1 min"), (6.4, "6 min"), (59.6, "60 min"), (135, "2 h 15 min"), (840, "14 h")])
    func timesLeftInWords(minutes: Double, words: String) {
        #expect(ReadingTime.words(minutes: minutes) == words)
    }

    @Test func totalsAddUpAcrossSessionsAndKeepUnknownKeys() throws {
        let paths = home.novelPaths
        let totals = ReadingTotals(paths: paths)
        #expect(totals.load() == ReadingTime())
        try FileManager.default.createDirectory(atPath: home.path + "/state", withIntermediateDirectories: true)
        try #"{"version": 1, "later": "kept", "characters": 100, "seconds": 10, "sessions": 1}"#
            .write(toFile: home.path + "/state/reading.json", atomically: false, encoding: .utf8)
        try totals.add(ReadingTime(characters: 50, seconds: 5, sessions: 1))
        #expect(totals.load() == ReadingTime(characters: 150, seconds: 15, sessions: 2))
        let text = try String(contentsOfFile: home.path + "/state/reading.json", encoding: .utf8)
        #expect(text.contains("later"))
    }

    @Test func charactersInARangeAreCountedAndClamped() {
        let text = TestBooks.book("青灯ab\n", path: "t.txt", title: "t").text
        #expect(text.characters(in: 0..<6) == 2)
        #expect(text.characters(in: 3..<100) == 4)
        #expect(text.characters(in: 50..<100) == 0)
    }
}
