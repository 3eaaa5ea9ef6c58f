import Testing

@testable import NovelCore

/// The table of contents an EPUB's own navigation makes, placed in the text made from its spine.
@Suite struct EpubChapterIndexTests {
    static func text(_ string: String) -> BookText {
        BookText(utf8: Array(string.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
    }

    /// The offset of `needle` in `haystack`'s UTF-8.
    static func offset(of needle: String, in haystack: String) throws -> Int {
        let range = try #require(haystack.range(of: needle))
        return haystack.utf8.distance(from: haystack.startIndex, to: range.lowerBound)
    }

    @Test func nestedPointsBecomeVolumesAndChaptersThatPartitionTheText() throws {
        let string = "书名\n\n第一卷 春\n\n第一回 起\n正文一\n\n第二回 承\n正文二\n\n第二卷 夏\n\n第三回 转\n正文三\n\n小节\n细文\n"
        let text = Self.text(string)
        let points = try [
            ("第一卷 春", 0), ("第一回 起", 1), ("第二回 承", 1), ("第二卷 夏", 0), ("第三回 转", 1), ("小节", 2),
        ].map { EpubTOCPoint(title: $0.0, offset: try Self.offset(of: $0.0, in: string), depth: $0.1) }
        let index = try #require(EpubChapterIndex.make(points: points, text: text, ruleName: "navigation"))
        #expect(index.partitions(length: text.utf8.count))
        // The navigation's entries and no other: the book's title before the first one is its text.
        #expect(index.entries.map(\.title) == ["第一卷 春", "第一回 起", "第二回 承", "第二卷 夏", "第三回 转", "小节"])
        #expect(index.entries.map(\.kind) == [.volume, .chapter, .chapter, .volume, .volume, .chapter])
        #expect(index.entries.map(\.nesting) == [0, 1, 1, 0, 1, 2])
        #expect(index.entries.map(\.volumeIndex) == [nil, 0, 0, nil, 3, 4])
        #expect(index.entries.map(\.number) == [1, 1, 2, 2, 3, nil])
        #expect(index.entries[0].range.lowerBound == 0 && index.entries[0].bodyStart == 0)
        #expect(index.entries[0].headingStart == 0)
        // The body starts after the heading line the navigation names.
        let second = index.entries[2]
        #expect(string.utf8.dropFirst(second.bodyStart).starts(with: "正文二".utf8))
    }

    @Test func pointsOnOneOffsetKeepTheirOrderAndTheFirstIsEmpty() throws {
        let string = "Part One\n\nChapter 1\n\nIt began.\n\nChapter 2\n\nIt went on.\n"
        let text = Self.text(string)
        let points = [
            EpubTOCPoint(title: "Part One", offset: 0, depth: 0),
            EpubTOCPoint(title: "Chapter 1", offset: 0, depth: 1),
            EpubTOCPoint(title: "Chapter 2", offset: try Self.offset(of: "Chapter 2", in: string), depth: 1),
        ]
        let index = try #require(EpubChapterIndex.make(points: points, text: text, ruleName: "navigation"))
        #expect(index.partitions(length: text.utf8.count))
        #expect(index.entries.map(\.title) == ["Part One", "Chapter 1", "Chapter 2"])
        #expect(index.entries[0].range.isEmpty)
        #expect(index.entryIndex(containing: 0) == 1)
    }

    @Test func pointsOutOfReadingOrderAreOrderedByWhereTheyLandAndListedInTheirOwnOrder() throws {
        let string = "Alpha\ntext\nBeta\ntext\nGamma\ntext\n"
        let text = Self.text(string)
        // A point that lands nowhere (a missing member) is neither placed nor listed.
        let points =
            try ["Gamma", "Alpha", "Beta"].map {
                EpubTOCPoint(title: $0, offset: try Self.offset(of: $0, in: string), depth: 0)
            } + [EpubTOCPoint(title: "Lost", offset: 500, depth: 0)]
        let index = try #require(EpubChapterIndex.make(points: points, text: text, ruleName: "navigation"))
        #expect(index.entries.map(\.title) == ["Alpha", "Beta", "Gamma"])
        #expect(index.partitions(length: text.utf8.count))
        // The table of contents is the navigation's: Gamma first, where the book lists it.
        #expect(index.listed.map { index.entries[$0].title } == ["Gamma", "Alpha", "Beta"])
        #expect(index.listedPosition(of: 2) == 0 && index.listedPosition(of: 0) == 1)
    }

    @Test func aNavigationInReadingOrderIsListedInTheTextsOrder() throws {
        let string = "Alpha\ntext\nBeta\ntext\n"
        let points = try ["Alpha", "Beta"].map {
            EpubTOCPoint(title: $0, offset: try Self.offset(of: $0, in: string), depth: 0)
        }
        let index = try #require(EpubChapterIndex.make(points: points, text: Self.text(string), ruleName: "nav"))
        #expect(index.navigationOrder == nil)
        #expect(index.listed == [0, 1] && index.listedPosition(of: 1) == 1)
    }

    @Test func noPointInTheTextMeansNoIndex() {
        let text = Self.text("some text\n")
        #expect(EpubChapterIndex.make(points: [], text: text, ruleName: "navigation") == nil)
        let outside = [EpubTOCPoint(title: "Lost", offset: 500, depth: 0)]
        #expect(EpubChapterIndex.make(points: outside, text: text, ruleName: "navigation") == nil)
    }

    @Test func blankTextBeforeTheFirstPointJoinsTheFirstEntry() throws {
        let string = "\n\n  \nChapter 1\nText.\n"
        let points = [EpubTOCPoint(title: "Chapter 1", offset: try Self.offset(of: "Chapter 1", in: string), depth: 0)]
        let index = try #require(EpubChapterIndex.make(points: points, text: Self.text(string), ruleName: "nav"))
        #expect(index.entries.count == 1)
        #expect(index.entries[0].range == 0..<string.utf8.count)
        #expect(index.entries[0].headingStart == points[0].offset)
    }

    /// The body start of each point of `labels` placed on the lines of `string` that start with `heads`.
    static func bodyStarts(_ string: String, heads: [String], labels: [String]) throws -> [String] {
        let points = try zip(heads, labels).map {
            EpubTOCPoint(title: $0.1, offset: try Self.offset(of: $0.0, in: string), depth: 0)
        }
        let index = try #require(EpubChapterIndex.make(points: points, text: Self.text(string), ruleName: "nav"))
        return index.entries.map { String(decoding: Array(string.utf8)[$0.bodyStart...].prefix(9), as: UTF8.self) }
    }

    /// A Traditional book under a Simplified navigation, and the reverse: each chapter's heading line is
    /// still its heading (OpenCC's forms), and its body starts after it.
    @Test func aHeadingInTheOtherScriptIsTheHeading() throws {
        let traditional = "第一章　雲中來信\n正文一\n\n第二章 說與誰聽\n正文二\n"
        #expect(
            try Self.bodyStarts(
                traditional, heads: ["第一章", "第二章"], labels: ["第一章 云中来信", "第二章　说与谁听"]) == ["正文一", "正文二"])
        let simplified = "第一章　云中来信\n正文一\n\n第二章 说与谁听\n正文二\n"
        #expect(
            try Self.bodyStarts(
                simplified, heads: ["第一章", "第二章"], labels: ["第一章 雲中來信", "第二章　說與誰聽"]) == ["正文一", "正文二"])
        // The label of the title alone, in the other script, under a heading with its number.
        #expect(try Self.bodyStarts(traditional, heads: ["第一章"], labels: ["云中来信"]) == ["正文一"])
    }

    /// Labels that differ from their heading only in blanks, widths, punctuation or capitals.
    @Test func aHeadingWrittenWiderOrCapitalisedIsTheHeading() throws {
        let string = "第１章：雨夜　来客\n正文一\n\nCHAPTER II. THE ROAD\nText two.\n\nPart  Three\nText three.\n"
        #expect(
            try Self.bodyStarts(
                string, heads: ["第１章", "CHAPTER II", "Part  Three"],
                labels: ["第1章 雨夜来客", "Chapter II: The Road", "Part Three"]) == ["正文一", "Text two.", "Text thre"])
    }

    /// A heading of the title's first words under a label that goes on (a poem's `Sonnet` under the label
    /// `Sonnet: These Rugged Wintry Days`, its first line): the label holds the line, whatever their lengths.
    @Test func aHeadingTheLabelHoldsIsTheHeading() throws {
        let string = "Sonnet\nThese rugged, wintry days I scarce could bear,\n"
        #expect(
            try Self.bodyStarts(
                string, heads: ["Sonnet"], labels: ["Sonnet: These Rugged Wintry Days I Scarce Could Bear"])
                == ["These rug"])
    }

    /// The same chapter number under another wording is its heading (a label shortened by the navigation).
    @Test func theSameChapterNumberIsTheHeading() throws {
        let string = "第四章 唐诗弹窗注释示例\n正文四\n"
        #expect(try Self.bodyStarts(string, heads: ["第四章"], labels: ["第四章　彈窗注釋"]) == ["正文四"])
        let english = "CHAPTER IV. THE LAMP\nText four.\n"
        #expect(try Self.bodyStarts(english, heads: ["CHAPTER IV"], labels: ["Chapter 4: Night"]) == ["Text four"])
    }

    /// A heading of the same number but another unit or word is not the entry's heading: `Part 1` under
    /// `Chapter 1: The Death of Fire`, 第一回 under 第一章.
    @Test func theSameNumberOfAnotherUnitIsNotTheHeading() throws {
        let english = "Part 1\nThe night was dark.\n"
        #expect(
            try Self.bodyStarts(english, heads: ["Part 1"], labels: ["Chapter 1: The Death of Fire"]) == ["Part 1\nTh"])
        let chinese = "第一回 灯下\n正文一\n"
        #expect(try Self.bodyStarts(chinese, heads: ["第一回"], labels: ["第一章 雨夜"]) == ["第一回"])
    }

    /// A chapter without a heading line: a first paragraph that holds the label, in either script, is body
    /// text, and so is a paragraph too long for a heading.
    @Test func aBodyLineHoldingTheTitleIsNotTheHeading() throws {
        let paragraph = "那一夜的雨夜里，青溪镇上所有的灯都亮着，只有顾记灯笼铺的门板还半开着，等一个不会再来的人回来。\n"
        #expect(try Self.bodyStarts(paragraph, heads: ["那一夜"], labels: ["雨夜"]) == ["那一夜"])
        #expect(try Self.bodyStarts(paragraph, heads: ["那一夜"], labels: ["雨夜裡"]) == ["那一夜"])
        let english = "It was on the road home, long after the lamps were lit, that the road began to climb again.\n"
        #expect(try Self.bodyStarts(english, heads: ["It was"], labels: ["The Road"]) == ["It was on"])
    }
}
