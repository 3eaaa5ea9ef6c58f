import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The statistics overlay (`i`): it asks the host for the book's sessions, shows the time read, the
/// sessions and speed, and this book's days as a chart with this session counted as today's.
@Suite struct StatisticsOverlayTests {
    let zone = TimeZone(identifier: "UTC")!
    /// 2026-11-27 12:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_780_800)

    func entry(daysAgo: Double, minutes: Double) -> ReadingLog.Entry {
        ReadingLog.Entry(
            ended: now - daysAgo * 86_400, seconds: minutes * 60, characters: Int(minutes) * 300,
            fingerprint: sampleBook.fingerprint, title: sampleBook.title)
    }

    @Test func theKeyAsksForThisBooksSessionsAndShowsThem() {
        var state = BookState(fingerprint: sampleBook.fingerprint, title: sampleBook.title, lastPath: sampleBook.path)
        state.reading = ReadingTime(characters: 9_000, seconds: 1_800, sessions: 2)
        var reader = makeReader(columns: 60, rows: 20, state: state)
        #expect(reader.press("i") == [.loadReadingLog(fingerprint: sampleBook.fingerprint)])
        #expect(reader.screen().textRows.contains { $0.contains("Reading the session log…") })
        reader.showStatistics(
            [entry(daysAgo: 1, minutes: 20), entry(daysAgo: 0, minutes: 10)], now: now, timeZone: zone)
        let rows = reader.screen().textRows
        #expect(rows.contains { $0.contains("Read: 30 min in 3 sessions (this one: < 1 min)") }, "\(rows)")
        #expect(rows.contains { $0.contains("Speed: 300 characters a minute over 30 min of reading") }, "\(rows)")
        #expect(rows.contains { $0.contains("Last 28 days: 30 min on 2 days (2026-10-31 to 2026-11-27)") }, "\(rows)")
        #expect(rows.contains { $0.contains("█") }, "the chart is drawn: \(rows)")
        #expect(reader.press("q") == [])
        #expect(reader.overlay == nil)
    }

    @Test func sessionsArrivingAfterTheOverlayClosedAreDropped() {
        var reader = makeReader()
        reader.press("i")
        reader.press("Esc")
        reader.showStatistics([entry(daysAgo: 0, minutes: 5)], now: now, timeZone: zone)
        #expect(reader.overlay == nil)
    }

    @Test func arrowsScrollAndAnyOtherKeyCloses() {
        var reader = makeReader(columns: 40, rows: 6)
        reader.press("i")
        reader.showStatistics([entry(daysAgo: 0, minutes: 45)], now: now, timeZone: zone)
        let first = reader.screen().textRows
        reader.press("Down")
        #expect(reader.screen().textRows != first)
        guard case .statistics(let statistics) = reader.overlay else {
            Issue.record("the overlay closed on an arrow")
            return
        }
        #expect(statistics.top == 1)
        reader.press("x")
        #expect(reader.overlay == nil)
    }
}
