import Foundation
import NovelCore
import NovelTestSupport
import Testing

@testable import NovelTUI

/// Waiting for the whole book behind the first screen: the terminal stays answerable meanwhile.
@Suite struct LoadingWaitTests {
    /// Gives `inputs` one per call, then times out (after a short real wait, as a terminal would).
    final class QueuedTerminal: TerminalDevice {
        var inputs: [TerminalInput]
        /// Called each time the inputs have run out.
        var whenEmpty: () -> Void = {}

        init(_ inputs: [TerminalInput]) { self.inputs = inputs }
        var size: (columns: Int, rows: Int) { (20, 4) }
        func draw(_ screen: Screen) {}
        func nextInput(timeout: Double?) -> TerminalInput {
            if !inputs.isEmpty { return inputs.removeFirst() }
            whenEmpty()
            usleep(useconds_t((timeout ?? 0.001) * 1_000_000))
            return .timeout
        }
        func setTheme(_ theme: Settings.Theme) {}
        func restore() {}
    }

    /// Work that finishes only when told to.
    final class Gate: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func open() { semaphore.signal() }
        func wait() { semaphore.wait() }
    }

    static let q = InputEvent.key(.character("q"))
    static func isQuit(_ event: InputEvent) -> Bool { event == q }

    @Test func keysDuringTheWorkAreKeptInOrder() throws {
        let gate = Gate()
        let space = InputEvent.key(.character(" "))
        let terminal = QueuedTerminal([
            .event(space), .timeout, .event(.key(.character("j"))), .event(.resize(columns: 30, rows: 9)),
        ])
        let work: @Sendable () -> Int = {
            gate.wait()
            return 42
        }
        terminal.whenEmpty = { gate.open() }  // the work ends once every input was handed out
        let outcome = try LoadingWait.run(work, terminal: terminal, isQuit: Self.isQuit)
        guard case .done(let value, let pending) = outcome else {
            Issue.record("expected the work's value, got \(outcome)")
            return
        }
        #expect(value == 42)
        #expect(pending == [space, .key(.character("j")), .resize(columns: 30, rows: 9)])
    }

    @Test func aQuitKeyLeavesWithoutWaitingForTheWork() throws {
        let gate = Gate()
        defer { gate.open() }
        let terminal = QueuedTerminal([.event(.key(.character(" "))), .event(Self.q)])
        let outcome = try LoadingWait.run({ gate.wait() }, terminal: terminal, isQuit: Self.isQuit)
        guard case .quit = outcome else {
            Issue.record("expected quit, got \(outcome)")
            return
        }
    }

    @Test func aSignalLeavesWithoutWaitingForTheWork() throws {
        let gate = Gate()
        defer { gate.open() }
        let terminal = QueuedTerminal([.signal(SIGTERM)])
        let outcome = try LoadingWait.run({ gate.wait() }, terminal: terminal, isQuit: Self.isQuit)
        guard case .signal(let number) = outcome else {
            Issue.record("expected a signal, got \(outcome)")
            return
        }
        #expect(number == SIGTERM)
    }

    @Test func theWorkBehindAFirstScreenStartsAfterItsHeadStart() throws {
        let terminal = QueuedTerminal([])
        let called = Date()
        let headStart = 0.05
        let outcome = try LoadingWait.run(
            { Date().timeIntervalSince(called) }, terminal: terminal, isQuit: Self.isQuit, headStart: headStart)
        guard case .done(let startedAfter, _) = outcome else {
            Issue.record("expected the work's value, got \(outcome)")
            return
        }
        #expect(startedAfter >= headStart)
    }

    @Test func theWorksErrorIsRethrown() {
        struct Broken: Error, Equatable {}
        let terminal = QueuedTerminal([])
        #expect(throws: Broken()) {
            _ = try LoadingWait.run({ () throws -> Int in throw Broken() }, terminal: terminal, isQuit: Self.isQuit)
        }
    }

    /// Records every screen drawn; otherwise as `QueuedTerminal`.
    final class DrawingTerminal: TerminalDevice {
        let queued: QueuedTerminal
        var drawn: [Screen] = []
        init(_ inputs: [TerminalInput]) { queued = QueuedTerminal(inputs) }
        var size: (columns: Int, rows: Int) { (60, 12) }
        func draw(_ screen: Screen) { drawn.append(screen) }
        func nextInput(timeout: Double?) -> TerminalInput { queued.nextInput(timeout: timeout) }
        func setTheme(_ theme: Settings.Theme) {}
        func restore() {}
        var bottomRows: [String] { drawn.compactMap { $0.textRows.last } }
    }

    /// The first screen's reader while the work moves its progress on: once the quiet time is over
    /// its status bar follows the work, and a key pressed meanwhile is said to wait, then handed on.
    @Test func theFirstScreenShowsTheLoadsProgressAndTheKeysThatWait() throws {
        let halfway = Gate()
        let finish = Gate()
        let terminal = DrawingTerminal([])
        var glimpse = makeReader(columns: 60)
        let work: @Sendable (LoadStep) -> Int = { progress in
            let halves = progress.parts([1, 1])
            halves[0].finish()
            halfway.open()
            finish.wait()
            halves[1].finish()
            return 7
        }
        var handedOut = false
        terminal.queued.whenEmpty = {
            guard !handedOut else {
                // Every poll after the key: the work may end once the message was drawn.
                if terminal.bottomRows.contains(where: { $0.contains("G waits") }) { finish.open() }
                return
            }
            halfway.wait()
            handedOut = true
            terminal.queued.inputs = [.timeout, .event(.key(.character("G")))]
        }
        let outcome = try LoadingWait.run(work, behind: &glimpse, terminal: terminal, quietSeconds: 0)
        guard case .done(let value, let pending) = outcome else {
            Issue.record("the work did not finish: \(outcome)")
            return
        }
        #expect(value == 7)
        #expect(pending == [.key(.character("G"))])
        #expect(terminal.bottomRows.contains { $0.contains("loading 50%") }, "\(terminal.bottomRows)")
        #expect(terminal.bottomRows.contains { $0.contains("G waits for the whole book: 50% loaded") })
        #expect(glimpse.loading?.held == ["G"])
    }

    /// A load quicker than the quiet time draws nothing over the first screen.
    @Test func aQuickLoadShowsNothing() throws {
        let terminal = DrawingTerminal([.timeout, .timeout])
        var glimpse = makeReader(columns: 60)
        let outcome = try LoadingWait.run({ _ in 1 }, behind: &glimpse, terminal: terminal, quietSeconds: 60)
        guard case .done = outcome else {
            Issue.record("the work did not finish: \(outcome)")
            return
        }
        #expect(terminal.drawn.isEmpty)
        #expect(glimpse.loading == nil)
    }

    /// The work yields to the terminal: its thread runs niced, the waiting one does not.
    @Test func theWorkRunsAtALowerPriorityThanTheTerminal() throws {
        let outcome = try LoadingWait.run(
            { ThreadNice.ofThisThread() }, terminal: QueuedTerminal([]), isQuit: Self.isQuit)
        guard case .done(let workNice, _) = outcome else {
            Issue.record("the work did not finish: \(outcome)")
            return
        }
        let waiting = try #require(ThreadNice.ofThisThread())
        #expect(workNice == min(19, waiting + Int(BackgroundPriority.niceness)))
    }
}
