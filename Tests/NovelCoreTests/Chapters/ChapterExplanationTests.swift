import Testing

@testable import NovelCore

/// `ChapterSplitter.explain`: every heading-like line with its decision and reason.
struct ChapterExplanationTests {
    typealias Book = ChapterTestBook

    func explain(_ text: String, pattern: String? = nil) throws -> [ExplainedLine] {
        try ChapterSplitter(customPattern: pattern).explain(Book.bookText(text))
    }

    @Test func everyDecisionHasItsReason() throws {
        let list = "目錄\n第一回　甲\n第二回　乙\n第三回　丙\n\n"
        let body =
            Book.body(["第一回　甲", "第二回　乙"]) + "第二回乙——\n　　一段話。\n\n"
            + "第三回　丙乙　丁戊「卻說那日，天色將晚。」\n\n" + "第四回就寫到這裡，下回再說。\n" + "Chapter 3\n"
        let lines = try explain(list + body)
        func line(_ text: String) -> ExplainedLine? { lines.first { $0.text == text } }

        let listed = try #require(line("第一回　甲"))
        #expect(listed.line == 2)
        #expect(listed.decision == .dropped)
        #expect(listed.reason.hasPrefix("list of contents"))

        let chapters = lines.filter { $0.decision == .chapter }
        #expect(chapters.map(\.line) == [6, 9, 15])
        #expect(chapters.allSatisfy { $0.reason.hasPrefix("rule chinese, chapter (第…回)") })

        #expect(line("第二回乙——")?.decision == .dropped)
        #expect(line("第二回乙——")?.reason.hasPrefix("repeated") == true)
        #expect(line("第三回　丙乙　丁戊「卻說那日，天色將晚。」")?.reason.contains("run-on") == true)
        #expect(line("第四回就寫到這裡，下回再說。")?.decision == .rejected)
        #expect(line("第四回就寫到這裡，下回再說。")?.reason.hasPrefix("sentence-like") == true)
        #expect(line("Chapter 3")?.decision == .dropped)
        #expect(line("Chapter 3")?.reason.hasPrefix("family") == true)
        // In reading order, and nothing but heading-like lines.
        #expect(lines.map(\.offset) == lines.map(\.offset).sorted())
        #expect(!lines.contains { $0.text.hasPrefix("　　") || $0.text == "目錄" })
    }

    @Test func aBareHeadingSaysWhereItsTitleCameFrom() throws {
        let lines = try explain("第一回\n甲乙丙丁\n　　話說。\n\n第二回\n戊己庚辛\n　　話說。\n")
        #expect(lines.map(\.decision) == [.chapter, .chapter])
        #expect(lines.allSatisfy { $0.reason.contains("bare heading: title from the next line") })
        #expect(lines.first?.reason.hasSuffix("title: 第一回　甲乙丙丁") == true)
    }

    @Test func aCustomPatternIsTheRule() throws {
        let lines = try explain("卷1\n　　甲。\n卷2\n　　乙。\n", pattern: "^卷[0-9]+")
        #expect(lines.map(\.decision) == [.chapter, .chapter])
        #expect(lines.allSatisfy { $0.reason.hasPrefix("rule custom") })
    }

    @Test func theSplitIsTheSameWithOrWithoutAnExplanation() throws {
        let text = "目錄\n第一回　甲\n第二回　乙\n第三回　丙\n\n" + Book.body(["第一回　甲", "第二回　乙", "第三回　丙"])
        let splitter = ChapterSplitter()
        let explained = try explain(text).filter { $0.decision != .dropped && $0.decision != .rejected }
        let entries = splitter.split(Book.bookText(text)).entries.filter { $0.kind == .chapter }
        #expect(explained.map(\.text) == entries.map(\.title))
    }
}
