import NovelCore
import Testing

@testable import NovelTUI

/// Auto page turn: the pace from settings, steps on the injected clock, the pace keys, pausing, the end.
@Suite struct AutoTurnTests {
    let entries = sampleBook.index.entries

    @Test func aStepIsDueOnlyAfterEachInterval() {
        var settings = Settings()
        settings.autoPageSeconds = 5
        var turn = AutoTurn(unit: .page, settings: settings, now: 100)
        #expect(turn.deadline == 105)
        let due1 = turn.takeStep(now: 104.9)
        #expect(!due1)
        let due2 = turn.takeStep(now: 105.01)
        #expect(due2)
        // On time the rhythm is kept: the next step is due one interval after the last was due.
        #expect(turn.deadline == 110)
        let due3 = turn.takeStep(now: 109)
        #expect(!due3)
        // A host that woke very late takes one step, and the next comes a whole interval later.
        let due4 = turn.takeStep(now: 200)
        #expect(due4)
        #expect(turn.deadline == 205)
        let due5 = turn.takeStep(now: 204)
        #expect(!due5)
    }

    @Test func thePaceUnitChoosesItsSetting() {
        var settings = Settings()
        settings.autoPageSeconds = 7
        settings.autoLineSeconds = 0.75
        #expect(AutoTurn(unit: .page, settings: settings, now: 0).interval == 7)
        #expect(AutoTurn(unit: .line, settings: settings, now: 0).interval == 0.75)
        #expect(AutoTurn(unit: .line, settings: settings, now: 0).label == "auto 0.75s/line")
        #expect(AutoTurn(unit: .page, settings: settings, now: 0).label == "auto 7s/page")
        // Faster is fewer seconds a step, within the key's range.
        let turn = AutoTurn(unit: .line, settings: settings, now: 0)
        #expect(turn.paced(settings, faster: true).autoLineSeconds == 0.5)
        #expect(turn.paced(settings, faster: false).autoLineSeconds == 1)
        settings.autoLineSeconds = 0.25
        #expect(turn.paced(settings, faster: true).autoLineSeconds == 0.25)
    }

    @Test func inPageModeItTurnsAPageEveryIntervalAndShowsItselfInTheStatusBar() {
        var settings = Settings()
        settings.autoPageSeconds = 3
        var reader = makeReader(settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("a", now: 10)
        #expect(reader.nextDeadline == 13)
        #expect(reader.screen().textRows.last!.contains("▶ auto 3s/page"))
        reader.tick(now: 12)
        #expect(reader.location == PageLocation(entry: 1, page: 0))
        reader.tick(now: 13)
        #expect(reader.location == PageLocation(entry: 1, page: 1))
        reader.tick(now: 16)
        #expect(reader.location == PageLocation(entry: 1, page: 2))
        // Its own key stops it.
        reader.press("a", now: 17)
        #expect(reader.autoTurn == nil)
        #expect(reader.nextDeadline == nil)
        reader.tick(now: 30)
        #expect(reader.location == PageLocation(entry: 1, page: 2))
    }

    @Test func inScrollModeItMovesALineAtTheLinePace() {
        var settings = Settings()
        settings.transition = .scroll
        settings.autoLineSeconds = 0.5
        var reader = makeReader(settings: settings, start: ReaderStart(offset: entries[1].range.lowerBound))
        let lines = reader.layout.chapter(1).lines
        reader.press("a", now: 0)
        #expect(reader.autoTurn?.unit == .line)
        reader.tick(now: 0.5)
        #expect(reader.firstVisibleOffset == lines[1].bytes.lowerBound)
        reader.tick(now: 1.0)
        #expect(reader.firstVisibleOffset == lines[2].bytes.lowerBound)
    }

    @Test func plusAndMinusChangeThePaceWhileItRunsAndSaveIt() {
        var settings = Settings()
        settings.autoPageSeconds = 10
        var reader = makeReader(settings: settings)
        let scale = reader.settings.fontScale
        var actions = reader.press("a", "+", now: 0)
        #expect(reader.settings.autoPageSeconds == 9)
        #expect(reader.settings.fontScale == scale)
        #expect(actions.contains(.saveSettings(reader.settings)))
        // The next step is one new interval from the change.
        #expect(reader.nextDeadline == 9)
        actions = reader.press("-", "-", now: 1)
        #expect(reader.settings.autoPageSeconds == 11)
        #expect(reader.autoTurn?.interval == 11)
        #expect(reader.nextDeadline == 12)
        #expect(reader.autoTurn != nil)
    }

    @Test func anyOtherKeyPausesItAndStillDoesItsWork() {
        var reader = makeReader(start: ReaderStart(offset: entries[1].range.lowerBound))
        reader.press("a", now: 0)
        reader.press("Space", now: 1)
        #expect(reader.autoTurn == nil)
        #expect(reader.location == PageLocation(entry: 1, page: 1))
        reader.tick(now: 100)
        #expect(reader.location == PageLocation(entry: 1, page: 1))
        // Outside auto page turn, + and - are the font scale again.
        reader.press("+")
        #expect(reader.settings.fontScale == 1.5)
    }

    @Test func itNeverRunsPastTheEndOfTheBook() {
        var settings = Settings()
        settings.autoPageSeconds = 1
        var reader = makeReader(settings: settings)
        reader.press("G")
        let last = reader.location
        reader.press("a", now: 0)
        reader.tick(now: 1)
        #expect(reader.location == last)
        #expect(reader.autoTurn == nil)
        #expect(reader.message == "End of the book: auto page turn stopped")
    }
}
