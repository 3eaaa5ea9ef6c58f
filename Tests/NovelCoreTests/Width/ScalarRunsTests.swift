import Testing

@testable import NovelCore

/// The width table's runs generated into Sources/CICU/scalar_runs.c must be what ICU gives now;
/// otherwise scripts/gen-scalar-runs has to be run again.
@Suite struct ScalarRunsTests {
    @Test func generatedRunsEqualTheRunsBuiltFromICU() throws {
        guard let generated = ScalarTable.generatedRuns() else {
            // Another Unicode version than the generated file's: the table is built from ICU, which the
            // width tests cover. Said aloud so that a silent slow start cannot go unnoticed.
            print(
                "ScalarRunsTests: scalar_runs.c is not for Unicode \(ScalarProperties.unicodeVersion); run scripts/gen-scalar-runs"
            )
            return
        }
        let live = ScalarTable.liveRuns()
        #expect(generated.count == live.count)
        let firstDifference = generated.indices.first { $0 < live.count && generated[$0] != live[$0] }
        #expect(
            firstDifference == nil,
            "first differing run: \(firstDifference.map { "\(generated[$0]) vs \(live[$0])" } ?? "")")
    }

    @Test func runsStartAtZeroAndRise() {
        let runs = ScalarTable.runs()
        #expect(runs.first?.start == 0)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.start < $1.start && $0.entry != $1.entry })
        #expect(runs.last.map { $0.start <= 0x10FFFF } == true)
    }

    @Test func tableAgreesWithTheEntryOfEveryCodePoint() {
        let table = ScalarTable.shared
        let wrong = (UInt32(0)...0x10FFFF).filter { table.entry($0) != ScalarTable.entry(for: $0) }
        #expect(wrong.isEmpty, "first: \(wrong.prefix(5).map { "U+" + String($0, radix: 16) })")
    }
}
