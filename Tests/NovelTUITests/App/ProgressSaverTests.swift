import Testing

@testable import NovelTUI

/// The debounce policy of progress saves, on a clock the tests hold: written a quiet second after the
/// last move, no later than `longest` after the first unsaved one while moves keep coming.
@Suite struct ProgressSaverTests {
    let delays = ProgressSaver.Delays(quiet: 1, longest: 4)

    @Test func aMoveIsDueOnceTheReaderHasBeenStillForTheQuietDelay() {
        var saver = ProgressSaver(delays: delays, savedOffset: 0)
        #expect(saver.deadline == nil)
        saver.moved(to: 100, now: 10)
        saver.moved(to: 200, now: 10.5)
        #expect(saver.deadline == 11.5)
        #expect(!saver.isDue(now: 11.4))
        #expect(saver.isDue(now: 11.5))
    }

    @Test func steadyMovesAreDueNoLaterThanTheLongestDelayAfterTheFirst() {
        var saver = ProgressSaver(delays: delays, savedOffset: 0)
        var now = 20.0
        var offset = 0
        // A turn every half second: never a quiet second, yet due four seconds after the first turn.
        while now < 26 {
            offset += 100
            saver.moved(to: offset, now: now)
            #expect(saver.deadline == min(now + 1, 24), "at \(now)")
            now += 0.5
        }
        #expect(saver.isDue(now: 24))
        saver.saved(offset)
        #expect(saver.deadline == nil)
        // The next turn starts a new round.
        saver.moved(to: offset + 100, now: 26)
        #expect(saver.deadline == 27)
    }

    /// Events that leave the place as it is (an overlay opened, a search that found nothing) do not put
    /// the write off.
    @Test func eventsThatDoNotMoveDoNotPutTheWriteOff() {
        var saver = ProgressSaver(delays: delays, savedOffset: 0)
        saver.moved(to: 300, now: 5)
        saver.moved(to: 300, now: 5.6)
        saver.moved(to: 300, now: 5.9)
        #expect(saver.deadline == 6)
    }

    @Test func comingBackToTheSavedPlaceLeavesNothingToWrite() {
        var saver = ProgressSaver(delays: delays, savedOffset: 40)
        saver.moved(to: 80, now: 1)
        #expect(saver.isPending)
        saver.moved(to: 40, now: 1.2)
        #expect(!saver.isPending && saver.deadline == nil)
        #expect(!saver.isDue(now: 100))
    }

    /// A start the state does not have yet (a first open) is pending even where the reader stands.
    @Test func withNothingSavedAnyPlaceIsWorthWriting() {
        var saver = ProgressSaver(delays: delays)
        saver.moved(to: 0, now: 3)
        #expect(saver.isPending && saver.deadline == 4)
        saver.saved(0)
        saver.moved(to: 0, now: 9)
        #expect(!saver.isPending)
    }

    /// A failed write stays pending and is tried again `longest` later, not at every idle moment.
    @Test func aFailedWriteIsTriedAgainAfterTheLongestDelay() {
        var saver = ProgressSaver(delays: delays, savedOffset: 0)
        saver.moved(to: 10, now: 0)
        #expect(saver.isDue(now: 1))
        saver.failed(now: 1)
        #expect(saver.isPending)
        #expect(!saver.isDue(now: 4.9))
        #expect(saver.isDue(now: 5))
        saver.saved(10)
        saver.moved(to: 20, now: 6)
        #expect(saver.deadline == 7)
    }
}
