import Foundation
import Testing

@testable import NovelCore
@testable import NovelTUI

/// The app loop does the reader's work ahead once after each event, in a poll that does not wait, and
/// never in place of a key.
@Suite struct ReaderAppWorkAheadTests {
    /// A reader that always has work ahead and counts it.
    struct BusyReader: ReaderModel {
        var isFinished = false
        var done = 0
        var ticks = 0
        var keys = 0
        var nextDeadline: Double? { nil }
        var position: ReadingPosition {
            ReadingPosition(offset: 0, chapterIndex: 0, chapterTitle: "", snippet: "", percent: 0, saved: Date())
        }
        var hasWorkAhead: Bool { true }
        mutating func workAhead() { done += 1 }
        mutating func respond(to event: InputEvent, now: Double) -> [ReaderAction] {
            keys += 1
            return []
        }
        mutating func tick(now: Double) { ticks += 1 }
        mutating func report(_ message: String) {}
        func screen() -> Screen { Screen(columns: 4, rows: 2) }
    }

    @Test func workAheadRunsOnceAfterEachEventWithoutWaiting() {
        var reader = BusyReader()
        let key = TerminalInput.event(.key(.character("j")))
        // The first poll of each round does not wait and finds nothing (work ahead); then a key arrives.
        let terminal = ReaderAppTests.ScriptedTerminal([.timeout, key, .timeout, .timeout, key])
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: ReaderAppTests.MemoryStorage(), clock: { terminal.clock })
        #expect(reader.keys == 2)
        // Start: ahead (timeout 0), then a wait for the first key. After it: ahead again (0), then a
        // real wait that times out (a tick, not more work), then a wait for the second key; after it the
        // poll that does not wait again, where the script ends (a hang-up).
        #expect(reader.done == 2, "\(terminal.timeouts)")
        #expect(reader.ticks == 1)
        #expect(terminal.timeouts.map { $0 == 0 } == [true, false, true, false, false, true], "\(terminal.timeouts)")
    }
}
