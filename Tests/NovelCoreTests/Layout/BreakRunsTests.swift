import Testing

@testable import NovelCore

/// The BMP's break-class runs generated into Sources/CICU/scalar_runs.c must be what ICU gives now;
/// otherwise scripts/gen-scalar-runs has to be run again.
@Suite struct BreakRunsTests {
    @Test func generatedBreakRunsEqualTheRunsBuiltFromICU() throws {
        guard let generated = PlainScalarTable.generatedBreakRuns() else {
            // Another Unicode version (or an older format) than the generated file's: the table is built
            // from ICU, which LineBreakICUTests covers. Said aloud so that a slow start cannot go unnoticed.
            print(
                "BreakRunsTests: scalar_runs.c has no break runs for Unicode \(ScalarProperties.unicodeVersion) format \(PlainScalarTable.breakRunsFormat); run scripts/gen-scalar-runs"
            )
            return
        }
        let live = PlainScalarTable.liveBreakRuns()
        #expect(generated.count == live.count)
        let firstDifference = generated.indices.first { $0 < live.count && generated[$0] != live[$0] }
        #expect(
            firstDifference == nil,
            "first differing run: \(firstDifference.map { "\(generated[$0]) vs \(live[$0])" } ?? "")")
    }

    @Test func liveRunsStartAtZeroAndChangeClassAtEveryStart() {
        let runs = PlainScalarTable.liveBreakRuns()
        #expect(runs.first?.start == 0)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.start < $1.start && $0.kind != $1.kind })
        #expect(runs.last.map { $0.start < 0x10000 } == true)
    }

    @Test func liveRunsGiveEveryScalarItsUnicodeClass() {
        let runs = PlainScalarTable.liveBreakRuns()
        var wrong: [UInt32] = []
        for (index, run) in runs.enumerated() {
            let upper = index + 1 < runs.count ? runs[index + 1].start : 0x10000
            for scalar in run.start..<upper where BreakClass.unicodeClass(scalar) != run.kind { wrong.append(scalar) }
        }
        #expect(wrong.isEmpty, "first: \(wrong.prefix(5).map { "U+" + String($0, radix: 16) })")
    }
}
