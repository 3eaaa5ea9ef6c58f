import NovelTestSupport
import Testing

@testable import NovelCore

/// Line breaking, one rule at a time, on tiny widths (docs/layout.md).
@Suite struct LayoutLineBreakingTests {
    /// Lays out `text` as one section and returns each line's visible text.
    static func lines(
        _ text: String, width: Int, fontScale: Double = 1, indent: Int = 0, letterSpacing: Int = 0,
        ambiguous: AmbiguousWidth = .narrow
    ) -> [String] {
        let book = TestBooks.book(text, split: false)
        let settings = TestBooks.layoutSettings(
            width: width, fontScale: fontScale, indent: indent, letterSpacing: letterSpacing, paragraphSpacing: 0,
            ambiguous: ambiguous)
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 100)).layout(
            book, entry: 0)
        var checker = LayoutChecker(book: book, layout: layout, settings: settings)
        let problems = checker.check()
        #expect(problems.isEmpty, "\(problems)")
        return lineTexts(layout, book, ambiguous: ambiguous)
    }

    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var width: Int
        var expected: [String]
        var why: String
        var description: String { why }
    }

    static let cases: [Case] = [
        Case(text: "一二三四五", width: 10, expected: ["一二三四五"], why: "exactly full"),
        Case(
            text: "一二三四五。", width: 10, expected: ["一二三四", "五。"], why: "a full stop never starts a line: 五 moves down"),
        Case(text: "一二三四。", width: 10, expected: ["一二三四。"], why: "a full stop that fits stays"),
        Case(
            text: "一二三四五」。", width: 10, expected: ["一二三四", "五」。"],
            why: "a run of closing marks moves with the character before"),
        Case(text: "一二三四，五六", width: 8, expected: ["一二三", "四，五六"], why: "a comma never starts a line"),
        Case(text: "一二三四“五六", width: 10, expected: ["一二三四", "“五六"], why: "an opening quote never ends a line"),
        Case(text: "一二三《五六", width: 8, expected: ["一二三", "《五六"], why: "an opening title mark never ends a line"),
        Case(text: "一二三四——五", width: 9, expected: ["一二三四", "——五"], why: "—— is never split"),
        Case(text: "一二三四……", width: 9, expected: ["一二三", "四……"], why: "…… is never split and never starts a line"),
        Case(
            text: "abc中", width: 4, expected: ["abc", "中"],
            why: "a wide character that does not fit the last cell moves down"),
        Case(
            text: "the quick brown fox", width: 10, expected: ["the quick", "brown fox"],
            why: "Latin breaks at spaces, which are dropped"),
        Case(
            text: "abcdefghijklmnop", width: 5, expected: ["abcde", "fghij", "klmno", "p"],
            why: "a word longer than the line is broken"),
        Case(
            text: "abcdefghij,", width: 5, expected: ["abcde", "fghi", "j,"], why: "a broken word still keeps its comma"
        ),
        Case(text: "pi is 3.14159 ok", width: 8, expected: ["pi is", "3.14159", "ok"], why: "a number is one word"),
        Case(
            text: "a well-known man", width: 9, expected: ["a well-", "known man"],
            why: "a break after a hyphen before a letter"),
        Case(
            text: "it was -5 or 10-20", width: 9, expected: ["it was -5", "or 10-20"],
            why: "no break between a hyphen and a digit"),
        Case(
            text: "aaa -webkit-mode", width: 9, expected: ["aaa", "-webkit-", "mode"],
            why: "a hyphen that starts a word holds to its letter (LB20.1)"),
        Case(text: "x 12-34", width: 5, expected: ["x", "12-34"], why: "a range of numbers is one word"),
        Case(
            text: "see (this) now", width: 8, expected: ["see", "(this)", "now"],
            why: "ASCII brackets stay with their word"),
        Case(
            text: "中文English混排", width: 8, expected: ["中文", "English", "混排"],
            why: "breaks allowed between CJK and Latin"),
        Case(
            text: "。。。。。。。。", width: 4, expected: ["。。", "。。", "。。", "。。"],
            why: "a line of only prohibited characters may break the rule"),
        Case(text: "好。。。。。。", width: 6, expected: ["好。。", "。。。", "。"], why: "prohibited run longer than a line"),
        Case(text: "a\tb", width: 20, expected: ["a       b"], why: "a tab advances to the next multiple of 8"),
        Case(text: "一二三四五六", width: 5, expected: ["一二", "三四", "五六"], why: "odd width: the last cell stays empty"),
    ]

    @Test(arguments: cases)
    func breaks(_ example: Case) {
        #expect(Self.lines(example.text, width: example.width) == example.expected)
    }

    @Test func indentReplacesLeadingSpaces() {
        #expect(Self.lines("　　正文", width: 20, indent: 2) == ["    正文"])
        #expect(Self.lines("  text", width: 20, indent: 2) == ["    text"])
        #expect(Self.lines("\ttext", width: 20, indent: 1) == ["  text"])
        #expect(Self.lines("text", width: 20, indent: 2) == ["text"], "no leading space, no indent")
        #expect(Self.lines("　　正文正文正文正文", width: 10, indent: 2) == ["    正文正", "文正文正文"])
        // The indent never leaves less room than one wide character.
        #expect(Self.lines("　　正文", width: 4, indent: 5) == ["  正", "文"])
    }

    @Test func fontScaleWidensEveryCluster() throws {
        let book = TestBooks.book("中文ab", split: false)
        for (scale, wide, narrow, rows) in [
            (1.0, 2, 1, 1), (1.5, 3, 2, 2), (2.0, 4, 2, 2), (2.5, 5, 3, 3), (3.0, 6, 3, 3),
        ] {
            let settings = TestBooks.layoutSettings(width: 40, fontScale: scale, indent: 0)
            let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 40, rows: 10)).layout(
                book, entry: 0)
            #expect(layout.geometry.rowsPerGlyph == rows)
            let clusters = try #require(layout.lines.first).clusters
            #expect(clusters.map(\.width) == [wide, wide, narrow, narrow], "scale \(scale)")
            #expect(clusters.map(\.column) == [0, wide, 2 * wide, 2 * wide + narrow], "scale \(scale)")
        }
        #expect(Self.lines("一二三四五六", width: 12, fontScale: 2) == ["一  二  三", "四  五  六"])
    }

    @Test func letterSpacingAddsCellsAfterEachCluster() {
        #expect(Self.lines("一二三四", width: 9, letterSpacing: 1) == ["一 二 三", "四"])
    }

    @Test func ambiguousWidthIsHonoured() {
        #expect(Self.lines("一“二”", width: 6, ambiguous: .narrow) == ["一“二”"])
        #expect(Self.lines("一“二”", width: 6, ambiguous: .wide) == ["一", "“二”"])
    }

    @Test func rowsFollowLineAndParagraphSpacing() {
        let book = TestBooks.book("一\n二二二二二二\n\n\n三", split: false)
        let settings = TestBooks.layoutSettings(width: 6, indent: 0, lineSpacing: 1, paragraphSpacing: 2)
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 6, rows: 100)).layout(book, entry: 0)
        // 一 | gap 1+2 | 二二二 | gap 1 | 二二二 | gap 1+2 (blank lines collapse) | 三
        #expect(layout.lines.map(\.row) == [0, 4, 6, 10])
    }

    @Test func theHeadingIsACentredTitleLine() throws {
        let book = TestBooks.book("第一章　开始\n　　正文。\n第二章　继续\n　　更多。\n")
        let settings = TestBooks.layoutSettings(width: 20, indent: 2)
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: 20, rows: 10))
        let entry = try #require(book.index.entries.firstIndex { $0.title == "第一章　开始" })
        let layout = layouter.layout(book, entry: entry)
        #expect(layout.lines.map(\.kind) == [.title, .text])
        #expect(lineTexts(layout, book) == ["    第一章  开始", "    正文。"])
        #expect(layout.lines[1].row == 2, "one blank row after the title")
        var checker = LayoutChecker(book: book, layout: layout, settings: settings)
        #expect(checker.check().isEmpty)
    }

    @Test func tooSmallViewportsHaveNoGeometry() {
        let settings = TestBooks.layoutSettings(width: 80, fontScale: 3)
        #expect(PageLayouter(settings: settings, viewport: Viewport(columns: 5, rows: 10)).geometry == nil)
        #expect(PageLayouter(settings: settings, viewport: Viewport(columns: 6, rows: 2)).geometry == nil)
        #expect(PageLayouter(settings: settings, viewport: Viewport(columns: 6, rows: 3)).geometry != nil)
        #expect(
            PageLayouter(settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 1, rows: 10)).geometry == nil
        )
        let book = TestBooks.book("正文", split: false)
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 5, rows: 10)).layout(book, entry: 0)
        #expect(layout.pages.count == 1)
        #expect(layout.lines.isEmpty)
    }

    @Test func theBlockIsCentredInsideTheMargins() throws {
        var settings = TestBooks.layoutSettings(width: 40, margin: 3)
        var geometry = try #require(
            PageLayouter(settings: settings, viewport: Viewport(columns: 100, rows: 10)).geometry)
        #expect(geometry.textWidth == 40)
        #expect(geometry.left == 30)
        geometry = try #require(PageLayouter(settings: settings, viewport: Viewport(columns: 44, rows: 10)).geometry)
        #expect(geometry.textWidth == 38)
        #expect(geometry.left == 3)
        settings.width = 10
        // Margins shrink until one wide character fits.
        geometry = try #require(PageLayouter(settings: settings, viewport: Viewport(columns: 4, rows: 10)).geometry)
        #expect(geometry.textWidth == 2)
        #expect(geometry.left == 1)
    }
}
