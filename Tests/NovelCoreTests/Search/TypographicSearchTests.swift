import Testing

@testable import NovelCore

/// The reader shows straight quotes and `--` as typography, so a search finds the text whichever way
/// the query types them.
struct TypographicSearchTests {
    @Test(arguments: ["don't", "don’t", "DON'T"])
    func anApostropheMatchesEitherWay(query: String) {
        let text = Array("He said he don't know. Later: I don’t either.".utf8)
        let search = TextSearch(query)
        let first = search.find(in: text, from: 0, direction: .forward)
        #expect(first?.range.lowerBound == 11)
        let second = first.flatMap { search.find(in: text, from: $0.range.upperBound, direction: .forward) }
        #expect(second.map { String(decoding: text[$0.range], as: UTF8.self) } == "don’t")
        #expect(search.matches(in: text, overlapping: 0..<text.count).count == 2)
    }

    @Test func dashesAndDoubleQuotesMatchEitherWay() {
        let text = Array("It was--how shall I say--odd. \"Yes,\" she said.".utf8)
        #expect(TextSearch("was—how").find(in: text, from: 0, direction: .forward)?.range == 3..<11)
        #expect(TextSearch("“Yes,”").find(in: text, from: 0, direction: .forward) != nil)
        // Backward finds the nearest match before the offset, whichever form it is.
        #expect(TextSearch("say—odd").find(in: text, from: text.count, direction: .backward)?.range.lowerBound == 20)
    }

    @Test func aQueryWithoutMarksIsOneNeedle() {
        #expect(TextSearch("mill").alternatives.isEmpty)
    }
}
