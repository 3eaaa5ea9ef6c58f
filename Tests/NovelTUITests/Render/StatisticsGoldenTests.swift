import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// The statistics overlay at 80×24 and 37×12: the facts, the summary and the chart of this book's days.
@Suite struct StatisticsGoldenTests {
    @Test(arguments: [(80, 24), (37, 12)])
    func statistics(columns: Int, rows: Int) {
        // 2026-11-27 12:00 UTC, and days before it at noon.
        let now = Date(timeIntervalSince1970: 1_795_780_800)
        let log = [(20, 40.0), (6, 15), (2, 90), (1, 30), (0, 5)].map { daysAgo, minutes in
            ReadingLog.Entry(
                ended: now - Double(daysAgo) * 86_400, seconds: minutes * 60, characters: Int(minutes) * 350,
                fingerprint: sampleBook.fingerprint, title: sampleBook.title)
        }
        var state = BookState(fingerprint: sampleBook.fingerprint, title: sampleBook.title, lastPath: sampleBook.path)
        state.reading = ReadingTime(characters: 63_000, seconds: 10_800, sessions: 5)
        var reader = makeReader(columns: columns, rows: rows, state: state)
        reader.press("i")
        reader.showStatistics(log, now: now, timeZone: TimeZone(identifier: "UTC")!)
        let screen = reader.screen()
        let dump = ScreenDump.text(screen) + "\n" + ScreenDump.styles(screen)
        if let difference = Golden.compare(dump, name: "statistics-\(columns)x\(rows).txt") {
            Issue.record(Comment(rawValue: difference))
        }
    }
}
