import Foundation
import Testing

@testable import NovelCore
@testable import NovelTUI

/// The app loop asks its registry between events for a conversion the reader waits for, and delivers
/// the outcome to the reader as an event; the screens it draws follow.
@Suite struct ReaderAppConversionTests {
    /// Times out on every wait; the load settles (as the test's `loads` say) during the second wait.
    final class LoadingTerminal: TerminalDevice {
        let loads: ConversionReadinessTests.ScriptedLoads
        let settleAs: ConversionReadiness
        var clock = 0.0
        var draws: [Screen] = []
        var timeouts: [Double?] = []

        init(_ loads: ConversionReadinessTests.ScriptedLoads, settleAs: ConversionReadiness) {
            self.loads = loads
            self.settleAs = settleAs
        }

        var size: (columns: Int, rows: Int) { (37, 12) }
        func draw(_ screen: Screen) { draws.append(screen) }
        func nextInput(timeout: Double?) -> TerminalInput {
            timeouts.append(timeout)
            clock += 0.01
            if timeouts.count == 2 { loads.set(.t2s, settleAs) }
            return timeouts.count < 5 ? .timeout : .signal(SIGHUP)
        }
        func setTheme(_ theme: Settings.Theme) {}
        func restore() {}
    }

    @Test func theLoopDeliversTheReadyEventAndDrawsTheTextConverted() {
        let loads = ConversionReadinessTests.ScriptedLoads()
        var reader = ConversionReadinessTests.reader(convert: .t2s, converters: loads.registry)
        let terminal = LoadingTerminal(loads, settleAs: .ready)
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: ReaderAppTests.MemoryStorage(), clock: { terminal.clock },
            converters: loads.registry)
        #expect(reader.conversionReadiness == .ready)
        let unconverted = ConversionReadinessTests.text(
            ConversionReadinessTests.reader(convert: .none, converters: .waiting))
        let converted = ConversionReadinessTests.text(
            ConversionReadinessTests.reader(convert: .t2s, converters: .waiting))
        #expect(terminal.draws.first.map { Array($0.textRows.dropLast()) } == unconverted)
        #expect(terminal.draws.last.map { Array($0.textRows.dropLast()) } == converted)
        // While the reader waited, the loop asked again soon; once it had its answer, it waited for input.
        #expect(terminal.timeouts.first.map { ($0 ?? .infinity) < 0.03 } == true, "\(terminal.timeouts)")
        #expect(terminal.timeouts.last.map { $0 == nil || $0! > 0.03 } == true, "\(terminal.timeouts)")
    }

    @Test func aFailedLoadIsDeliveredAndTheTextStaysUnconverted() {
        let loads = ConversionReadinessTests.ScriptedLoads()
        var reader = ConversionReadinessTests.reader(convert: .t2s, converters: loads.registry)
        let terminal = LoadingTerminal(loads, settleAs: .failed("cannot convert with t2s: gone"))
        _ = ReaderApp.run(
            &reader, terminal: terminal, storage: ReaderAppTests.MemoryStorage(), clock: { terminal.clock },
            converters: loads.registry)
        #expect(reader.conversionReadiness == .failed("cannot convert with t2s: gone"))
        #expect(reader.message == "cannot convert with t2s: gone; shown unconverted")
        let unconverted = ConversionReadinessTests.text(
            ConversionReadinessTests.reader(convert: .none, converters: .waiting))
        #expect(terminal.draws.last.map { Array($0.textRows.dropLast()) } == unconverted)
    }
}
