import Foundation
import NovelCore
import NovelSpeech
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Reading aloud through the app loop with a fake engine of our own: the key makes the engine say the
/// first sentence on screen, its event is drawn highlighted, and the boss key and `Esc` stop the engine
/// within their own handling, before the next screen is drawn.
@Suite struct ReaderAppSpeechTests {
    /// A terminal that asks `next` for each input and keeps what was drawn.
    final class HookedTerminal: TerminalDevice {
        var draws: [Screen] = []
        var wakes: [Int32] = []
        let next: (HookedTerminal) -> TerminalInput

        init(_ next: @escaping (HookedTerminal) -> TerminalInput) { self.next = next }
        var size: (columns: Int, rows: Int) { (37, 12) }
        func draw(_ screen: Screen) { draws.append(screen) }
        func nextInput(timeout: Double?) -> TerminalInput { next(self) }
        func setTheme(_ theme: Settings.Theme) {}
        func restore() {}
        func wake(on descriptor: Int32) { wakes.append(descriptor) }
    }

    static func key(_ name: String) -> TerminalInput { .event(KeyName.event(name)!) }

    /// Waits until the wake pipe is readable (the engine's news), up to 5 s.
    static func woken(_ driver: SpeechDriver) -> TerminalInput {
        var descriptor = pollfd(fd: driver.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 5000) > 0 ? .woken : .timeout
    }

    @Test(arguments: ["`", "Esc"])
    func theBossKeyAndEscStopTheEngineBeforeTheNextDraw(key: String) throws {
        let engine = FakeSpeechEngine()
        let driver = SpeechDriver { _ in engine }
        var reader = makeReader(start: ReadAloudTests.chapterOne)
        let expected = try #require(reader.shownSentences(1).first)
        var step = 0
        var stopsAfterKey: Int?
        var drawsBeforeKey = 0
        let terminal = HookedTerminal { terminal in
            step += 1
            switch step {
            case 1: return Self.key("A")
            case 2:
                _ = engine.waitUntilSaid(1)
                engine.emit(.started)
                return Self.woken(driver)
            case 3:
                drawsBeforeKey = terminal.draws.count
                return Self.key(key)
            case 4:
                stopsAfterKey = engine.stops
                return .signal(SIGHUP)
            default: return .signal(SIGHUP)
            }
        }
        _ = ReaderApp.run(&reader, terminal: terminal, storage: ReaderAppTests.MemoryStorage(), speech: driver)
        #expect(terminal.wakes == [driver.wakeDescriptor])
        #expect(engine.said == [expected.text])
        // The screen drawn after the engine's event shows the sentence bold and underlined.
        let highlighted = terminal.draws[drawsBeforeKey - 1]
        let marked = (0..<highlighted.rows).flatMap { row in
            (0..<highlighted.columns).map { highlighted[row, $0] }
        }.filter { $0.style.bold && $0.style.underline }
        #expect(!marked.isEmpty)
        #expect(stopsAfterKey == 1, "stopped within the key's handling")
        #expect(terminal.draws.count == drawsBeforeKey + 1)
        if key == "`" {
            #expect(ScreenDump.text(terminal.draws.last!) == ScreenDump.text(BossScreen.screen(columns: 37, rows: 12)))
        }
    }
}
