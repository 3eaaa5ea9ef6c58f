import Testing

@testable import NovelCore

/// Body headings in the shapes downloaded classics have: bare numbers with the title on the next lines,
/// headings that run on into the first sentence, and parts.
struct HeadingFormTests {
    typealias Book = ChapterTestBook

    static let prose = "　　詩曰：\n　　好色原兼性與情，故令人欲險難平。\n　　話說雙星自別了母親，一路行來。\n\n"

    /// `第一回` alone, then the two halves of its title on the next two lines.
    @Test func aBareHeadingTakesItsTitleFromTheNextLines() throws {
        let chapters = Book.numerals.indices.map {
            "第\(Book.numerals[$0])回 \n\(Book.couplets[$0].0) \n\(Book.couplets[$0].1)\n　\n" + Self.prose
        }
        let text = "定情人\n\n" + chapters.joined()
        let found = try Book.headings(text)
        #expect(
            found.map(\.title)
                == Book.numerals.indices.map {
                    "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)　\(Book.couplets[$0].1)"
                })
        // The title lines are the heading's; the chapter's text starts after them.
        let first = try #require(found.first)
        #expect(Book.slice(text, first.range.lowerBound..<first.bodyStart).contains(Book.couplets[0].1))
        #expect(Book.slice(text, first.bodyStart..<first.range.upperBound).hasPrefix("　\n　　詩曰："))
    }

    @Test func oneTitleLineOrOneBlankLineBeforeIt() throws {
        let text = Book.numerals.prefix(3).map { "第\($0)回\n\n甲乙丙丁戊\n" + Self.prose }.joined()
        #expect(try Book.headings(text).map(\.title) == ["第一回　甲乙丙丁戊", "第二回　甲乙丙丁戊", "第三回　甲乙丙丁戊"])
    }

    @Test func proseAfterABareHeadingIsNotItsTitle() throws {
        let text = Book.numerals.prefix(3).map { "第\($0)回\n" + Self.prose }.joined()
        let found = try Book.headings(text)
        #expect(found.map(\.title) == ["第一回", "第二回", "第三回"])
        #expect(found.allSatisfy { $0.bodyStart == $0.range.lowerBound + "第一回\n".utf8.count })
    }

    @Test func aBareHeadingTakesItsTitleFromTheListOfContents() throws {
        let list =
            "目錄\n\n"
            + Book.numerals.indices.map {
                " 第\(Book.numerals[$0])回 \(Book.couplets[$0].0)\n        \(Book.couplets[$0].1)\n\n"
            }.joined()
        let body = Book.numerals.map { "第\($0)回\n" + Self.prose }.joined()
        let found = try Book.headings(list + body)
        #expect(
            found.map(\.title)
                == Book.numerals.indices.map {
                    "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)　\(Book.couplets[$0].1)"
                })
        #expect(found.first?.range.lowerBound == list.utf8.count)
        // The title is lent: the chapter's text still starts on the next line.
        #expect(
            found.first.map { Book.slice(list + body, $0.bodyStart..<$0.range.upperBound).hasPrefix("　　詩曰：") } == true)
    }

    @Test(arguments: [
        ("第七回　夢飛虎徐仁薦賢　索賄賂洪先革職「卻說徐仁自那日別了洪先，心中悶悶不樂，一路無話。」", "第七回　夢飛虎徐仁薦賢　索賄賂洪先革職", "「卻說"),
        ("第八回　甲乙丙丁戊己　庚辛壬癸子丑話說那日天色將晚，眾人都散了，只有他一人坐在燈下。", "第八回　甲乙丙丁戊己　庚辛壬癸子丑", "話說"),
        ("第九回　甲乙丙丁戊己　庚辛壬癸子丑　那日天色將晚，眾人都散了，只有他一人坐在燈下，想著心事。", "第九回　甲乙丙丁戊己　庚辛壬癸子丑", "那日"),
    ])
    func aRunOnHeadingEndsWhereTheBodyBegins(line: String, title: String, bodyOpening: String) throws {
        let text = Book.body(["第六回　前事"]) + line + "\n　　又過了幾日。\n\n" + Book.body(["第十回　後事"])
        let found = try Book.headings(text)
        #expect(found.count == 3)
        let runOn = try #require(found.dropFirst().first)
        #expect(runOn.title == title)
        // The rest of the line is the chapter's text, for the layouter and for search.
        #expect(Book.slice(text, runOn.bodyStart..<runOn.range.upperBound).hasPrefix(bodyOpening))
        #expect(Book.slice(text, runOn.range.lowerBound..<runOn.bodyStart).trimmingSpaces == title)
    }

    @Test func sentencesThatStartLikeHeadingsStayProse() throws {
        let text =
            Book.body(["第一章　雨夜"])
            + "第二章就寫得很好，「好」字用得妙，讀者都說好，一直說到天亮也說不完。\n"
            + "第三回合，他們又打了起來，誰也不讓誰，打得天昏地暗，日月無光。\n" + Book.body(["第二章　旧信"])
        #expect(try Book.headings(text).map(\.title) == ["第一章　雨夜", "第二章　旧信"])
    }

    @Test func partHeadersAreVolumes() throws {
        let parts = ["一", "二", "三", "四", "五", "六"].enumerated().map { index, numeral in
            "第\(numeral)部分\n\n" + Book.body(["第\(index * 2 + 1)章　甲", "第\(index * 2 + 2)章　乙"])
        }
        let index = try Book.index(parts.joined())
        let volumes = index.entries.filter { $0.kind == .volume }
        #expect(volumes.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(volumes.allSatisfy { $0.level == .volume })
        #expect(
            index.entries.filter { $0.kind == .chapter }.map { index.entries[$0.volumeIndex ?? 0].number } == [
                1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
            ])
        // 部分 as an ordinary word is not a heading.
        #expect(try Book.headings(Book.body(["第一章　甲"]) + "第一部分的內容很長\n").count == 1)
    }
}
