import Testing

@testable import NovelTUI

/// The adapter redraws only what changed, and never half of a wide cluster.
@Suite struct ScreenDiffTests {
    private func screen(_ rows: [String], columns: Int = 7) -> Screen {
        var screen = Screen(columns: columns, rows: rows.count)
        for (row, text) in rows.enumerated() {
            screen.write(text, row: row, column: 0) { $0.unicodeScalars.first!.value >= 0x1100 ? 2 : 1 }
        }
        return screen
    }

    @Test func everythingIsDrawnTheFirstTimeAndAfterASizeChange() {
        let new = screen(["ab", "cd"])
        #expect(ScreenDiff.changedSpans(from: nil, to: new) == [0...6, 0...6])
        #expect(ScreenDiff.changedSpans(from: screen(["ab", "cd"], columns: 5), to: new) == [0...6, 0...6])
    }

    @Test func unchangedRowsAreSkippedAndChangedOnesSpanTheirChanges() {
        let old = screen(["abcdefg", "hijklmn"])
        let new = screen(["abcdefg", "hiXkYmn"])
        #expect(ScreenDiff.changedSpans(from: old, to: new) == [nil, 2...4])
    }

    @Test func aChangeInTheRightHalfOfAWideClusterRedrawsTheWholeCluster() {
        // "a青" → "a" + a narrow "x" in the cell that was 青's right half, so 青 must go too.
        let old = screen(["a青bc"])
        var new = old
        new.put("x", width: 1, row: 0, column: 2)
        #expect(ScreenDiff.changedSpans(from: old, to: new) == [1...2])
        // Wide clusters shifted by one cell: every cell from the first moved one to the last is redrawn.
        let before = screen(["ab青"])
        let after = screen(["a青青"])
        #expect(ScreenDiff.changedSpans(from: before, to: after) == [1...4])
    }
}
