import NovelCore
import Testing

@testable import NovelTUI

/// Lines cut to a width in cells: at spaces, or between characters where there are none.
@Suite struct WrappedTextTests {
    let measure = DisplayWidth()

    @Test func cutsAtTheLastSpaceThatFits() {
        #expect(
            measure.wrapped("Speed: 350 characters a minute over 3 h of reading", width: 20) == [
                "Speed: 350", "characters a minute", "over 3 h of reading",
            ])
    }

    @Test func chineseIsCutBetweenCharactersByCells() {
        #expect(measure.wrapped("西游记第一回灵根育孕源流出", width: 9) == ["西游记第", "一回灵根", "育孕源流", "出"])
    }

    @Test func aWordLongerThanTheLineIsCutAndNothingIsLost() {
        let text = "a supercalifragilistic word"
        let lines = measure.wrapped(text, width: 8)
        #expect(lines == ["a", "supercal", "ifragili", "stic", "word"])
        #expect(lines.allSatisfy { measure.width(of: $0) <= 8 })
    }

    @Test func shortAndEmptyLinesStayAsTheyAre() {
        #expect(measure.wrapped("fits", width: 10) == ["fits"])
        #expect(measure.wrapped("", width: 10) == [""])
    }
}
