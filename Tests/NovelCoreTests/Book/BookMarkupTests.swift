import NovelTestSupport
import Testing

@testable import NovelCore

@Suite struct BookMarkupTests {
    @Test func runsGivenOverlappingAreCutWhereTheyMeetAndTakeEveryStyleCoveringThem() {
        // <b>ab<i>cd</b>ef</i>, as tag soup gives it, and a run given out of order.
        let markup = BookMarkup(styles: [
            StyledRange(range: 20..<24, style: .underline),
            StyledRange(range: 0..<4, style: .bold),
            StyledRange(range: 2..<6, style: .italic),
        ])
        #expect(
            markup.styles == [
                StyledRange(range: 0..<2, style: .bold), StyledRange(range: 2..<4, style: [.bold, .italic]),
                StyledRange(range: 4..<6, style: .italic), StyledRange(range: 20..<24, style: .underline),
            ])
    }

    @Test func touchingRunsOfOneStyleAreJoinedAndEmptyOnesDropped() {
        let markup = BookMarkup(styles: [
            StyledRange(range: 0..<3, style: .italic), StyledRange(range: 3..<5, style: .italic),
            StyledRange(range: 7..<7, style: .bold), StyledRange(range: 8..<9, style: []),
        ])
        #expect(markup.styles == [StyledRange(range: 0..<5, style: .italic)])
    }

    @Test func nestedRunsOfOneStyleStayOneRun() {
        // <em>a <em>b</em> c</em>
        let markup = BookMarkup(styles: [
            StyledRange(range: 0..<10, style: .italic), StyledRange(range: 3..<5, style: .italic),
        ])
        #expect(markup.styles == [StyledRange(range: 0..<10, style: .italic)])
    }

    @Test func styleAtAnOffset() {
        let markup = BookMarkup(styles: [
            StyledRange(range: 5..<8, style: .bold), StyledRange(range: 10..<12, style: [.italic, .underline]),
        ])
        let styles = (0..<14).map { markup.style(at: $0) }
        let expected: [TextStyle] =
            Array(repeating: [], count: 5) + Array(repeating: .bold, count: 3) + [[], []]
            + Array(repeating: [.italic, .underline], count: 2) + [[], []]
        #expect(styles == expected)
    }

    @Test func stylesOverARange() {
        let markup = BookMarkup(styles: [
            StyledRange(range: 0..<2, style: .bold), StyledRange(range: 5..<8, style: .italic),
            StyledRange(range: 10..<12, style: .underline),
        ])
        #expect(markup.styles(overlapping: 2..<5).isEmpty)
        #expect(markup.styles(overlapping: 1..<6).map(\.style) == [.bold, .italic])
        #expect(markup.styles(overlapping: 7..<100).map(\.style) == [.italic, .underline])
        #expect(markup.styles(overlapping: 6..<6).isEmpty)
    }

    @Test func linksAreSortedAndOneStartingInsideAnotherIsDropped() {
        let markup = BookMarkup(links: [
            BookLink(range: 30..<35, target: nil, isNote: false),
            BookLink(range: 10..<20, target: 100, isNote: false),
            BookLink(range: 15..<18, target: 200, isNote: true),
            BookLink(range: 25..<25, target: 300, isNote: false),
        ])
        #expect(markup.links.map(\.range) == [10..<20, 30..<35])
        #expect(markup.links(overlapping: 19..<31) == 0..<2)
        #expect(markup.links(overlapping: 20..<30).isEmpty)
        #expect(markup.links(overlapping: 34..<40) == 1..<2)
    }

    @Test func aTxtBookHasNoMarkup() {
        #expect(TestBooks.book("第一章 开始\n\n正文。\n").markup == nil)
    }
}
