import Testing

@testable import NovelCore

/// Lists of contents in the forms downloaded books have them: never chapters, whatever their layout.
struct ListOfContentsTests {
    typealias Book = ChapterTestBook

    /// The body every list below comes before: five chapters with their couplets on the heading line.
    static let bodyHeadings = Book.numerals.indices.map {
        "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)　\(Book.couplets[$0].1)"
    }
    static let body = Book.body(bodyHeadings)

    /// The entries of a book made of `front` then the body: they must be the body's five chapters,
    /// starting where the body starts, and the front stays readable in a front entry.
    func expectBodyChapters(after front: String, _ comment: Comment? = nil) throws {
        let text = front + Self.body
        let index = try Book.index(text)
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.map(\.title) == Self.bodyHeadings, comment)
        #expect(chapters.first?.range.lowerBound == front.utf8.count, comment)
        #expect(index.entries.first?.range.lowerBound == 0)
    }

    func entries(_ form: (Int) -> String) -> String {
        Book.numerals.indices.map(form).joined()
    }

    @Test func oneEntryALine() throws {
        try expectBodyChapters(after: "目錄\n" + entries { "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)\n" } + "\n")
    }

    @Test func oneEntryEveryThirdLineWithItsCoupletAndABlankLine() throws {
        try expectBodyChapters(
            after: "目錄\n\n"
                + entries { " 第\(Book.numerals[$0])回 \(Book.couplets[$0].0)\n        \(Book.couplets[$0].1)\n\n" })
    }

    @Test func oneEntryEverySecondLine() throws {
        try expectBodyChapters(after: "目錄\n" + entries { "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)\n\n" })
    }

    @Test func twoEntriesOnALine() throws {
        let line = { (index: Int) in
            "第\(String(format: "%03d", index + 1))回　\(Book.couplets[index].0)　\(Book.couplets[index].1)"
        }
        let list = "目錄\n\(line(0)) \(line(1))\n\(line(2)) \(line(3))\n\(line(4))\n\n"
        try expectBodyChapters(after: list)
        // A single line with two entries is a line of a list even alone.
        try expectBodyChapters(after: "目錄\n\(line(0)) \(line(1))\n\n")
    }

    @Test func zeroPaddedNumbers() throws {
        try expectBodyChapters(after: entries { "第\(String(format: "%03d", $0 + 1))回　\(Book.couplets[$0].0)\n" } + "\n")
    }

    @Test func spacedNumerals() throws {
        try expectBodyChapters(after: entries { "第 \(Book.numerals[$0]) 回　\(Book.couplets[$0].0)\n" } + "\n")
    }

    @Test func volumeEntriesAndAListedPreface() throws {
        let list = "目錄\n《序》\n序\n卷一\n" + entries { "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)\n" } + "卷二\n\n"
        let text = list + "卷一\n\n" + Self.body
        let index = try Book.index(text)
        #expect(index.entries.filter { $0.kind == .chapter }.map(\.title) == Self.bodyHeadings)
        #expect(index.entries.filter { $0.kind == .volume }.map(\.title) == ["卷一"])
        #expect(index.entries.filter { $0.kind == .volume }.first?.range.lowerBound == list.utf8.count)
        #expect(!index.entries.contains { $0.kind == .special })
    }

    @Test func aLongListWhoseNumberingStartsAgainInTheBody() throws {
        let list = "目錄\n" + (1...180).map { "第\($0)回　标题\($0)\n" }.joined() + "\n"
        let volumes = (1...3).map { volume in "第\(volume)卷\n\n" + Book.body((1...60).map { "第\($0)回　标题" }) }
        let index = try Book.index(list + volumes.joined())
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.count == 180)
        #expect(chapters.first?.range.lowerBound ?? 0 > list.utf8.count)
        #expect(index.entries.filter { $0.kind == .volume }.count == 3)
    }

    @Test func aListAfterATitlePageOrABlurb() throws {
        let list = entries { "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)\n" } + "\n"
        try expectBodyChapters(after: "定情人\n作者：不題撰人\n\n" + list)
        try expectBodyChapters(
            after: "簡介：\n　　敘述雙星與江蕊珠的愛情故事，本書故事緊湊，文筆流暢，是明末清初才子佳人小說中的佳作。\n\n" + list)
    }

    @Test func aListAfterAFirstPartHeaderStaysInThatPart() throws {
        let list = "第一部分\n" + entries { "第\(Book.numerals[$0])回　\(Book.couplets[$0].0)\n" } + "\n"
        let text = list + Self.body + "第二部分\n\n" + Book.body(["第六回　甲乙丙丁　戊己庚辛"])
        let index = try Book.index(text)
        #expect(index.entries.filter { $0.kind == .volume }.map(\.title) == ["第一部分", "第二部分"])
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.map(\.title) == Self.bodyHeadings + ["第六回　甲乙丙丁　戊己庚辛"])
        #expect(chapters.prefix(5).allSatisfy { $0.volumeIndex == 0 })
        // The list is the text of the part's own entry, before its first chapter.
        #expect(index.entries[0].range == 0..<list.utf8.count)
    }

    @Test func theBodyRepeatingTheListsHeadingsGivesTheBodysChapters() throws {
        // The repeated headings are the body's; none of them is dropped as a repeat.
        let list = "目錄\n" + Self.bodyHeadings.joined(separator: "\n") + "\n\n"
        try expectBodyChapters(after: list)
    }

    @Test func anEnglishContentsListIsFoundTheSameWay() throws {
        let titles = ["Chapter I. The Road", "Chapter II. The Inn", "Chapter III. The River", "Chapter IV. Home"]
        let list = "CONTENTS\n\n" + titles.joined(separator: "\n\n") + "\n\n"
        let body = titles.map {
            "\($0)\n\nIt was a long way, and he walked it alone until the lamp came into view.\n\n"
        }.joined()
        let index = try Book.index(list + body)
        #expect(index.ruleName == "english")
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.map(\.title) == titles)
        #expect(chapters.first?.range.lowerBound == list.utf8.count)
    }

    @Test func shortChaptersWhoseNumbersKeepRisingAreKept() throws {
        let text = (1...6).map { "第\($0)章　标题\($0)\n一行。\n" }.joined()
        #expect(try Book.headings(text).map(\.number) == [1, 2, 3, 4, 5, 6])
    }
}
