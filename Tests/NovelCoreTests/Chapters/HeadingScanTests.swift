import Testing

@testable import NovelCore

/// A split continued from the heading scan of a text that then grew at its end equals a split of the
/// whole grown text, whatever the append does to the whole-book checks; a scan that does not fit the
/// text is refused.
@Suite struct HeadingScanTests {
    typealias Book = ChapterTestBook

    /// The continued split of `old + appended` from `old`'s scan, and the whole split of it.
    func continued(_ old: String, _ appended: String, pattern: String? = nil) throws -> (
        continued: ChapterIndex, whole: ChapterIndex, scan: HeadingScan, wholeScan: HeadingScan
    ) {
        let splitter = try ChapterSplitter(customPattern: pattern)
        let first = splitter.splitKeepingScan(Book.bookText(old))
        #expect(first.index == splitter.split(Book.bookText(old)))
        let grown = Book.bookText(old + appended)
        let next = try #require(splitter.split(grown, continuing: first.scan))
        let whole = splitter.splitKeepingScan(grown)
        return (next.index, whole.index, next.scan, whole.scan)
    }

    func expectSame(_ old: String, _ appended: String, pattern: String? = nil, chaptersAdded: Int? = nil) throws {
        let result = try continued(old, appended, pattern: pattern)
        #expect(result.continued == result.whole)
        #expect(result.scan == result.wholeScan)
        if let chaptersAdded {
            let before = try ChapterSplitter(customPattern: pattern).split(Book.bookText(old)).entries.count
            #expect(result.whole.entries.count - before == chaptersAdded)
        }
    }

    @Test func appendedChapters() throws {
        let old = "青灯记\n\n" + Book.body(["第一章　渡口", "第二章　夜雨", "第三章　灯下"])
        try expectSame(old, Book.body(["第四章　归人", "第五章　新灯"]), chaptersAdded: 2)
    }

    @Test func aTailAppendedInTheMiddleOfTheLastChapter() throws {
        let old = Book.body(["第一章　渡口", "第二章　夜雨"]) + "　　他推开门，看见"
        try expectSame(old, "那盏灯还亮着。\n\n　　雨停了。\n", chaptersAdded: 0)
        // Then the next chapter arrives.
        try expectSame(old + "那盏灯还亮着。\n", "\n" + Book.body(["第三章　灯下"]), chaptersAdded: 1)
    }

    @Test func anAppendThatTurnsTheLastLineIntoAHeading() throws {
        let old = Book.body(["第一章　渡口", "第二章　夜雨"]) + "第三"
        try expectSame(old, "章　灯下\n　　灯下有人。\n", chaptersAdded: 1)
        // And the other way: a heading line that runs on into prose is no longer a heading.
        let heading = Book.body(["第一章　渡口", "第二章　夜雨"]) + "第三章"
        try expectSame(heading, "里说过，那一年雨下了整整三个月，渡口的船一条也没有回来，所有人都在等。\n")
    }

    @Test func anAppendThatChangesAWholeBookDecision() throws {
        // Roman numerals alone are the chapters until a worded heading comes: then they are text.
        let numerals = "I\n\nIt was dark.\n\nII\n\nIt was light.\n\nIII\n\nIt was over.\n\n"
        let worded = "Chapter 4\n\nAnother story.\n\nChapter 5\n\nThe end.\n"
        try expectSame(numerals, worded)
        let before = try Book.index(numerals).entries.map(\.title)
        let after = try Book.index(numerals + worded).entries.map(\.title)
        #expect(before == ["I", "II", "III. It was over."])
        // The numerals are text now: the opening, titled by its first line, then the worded chapters.
        #expect(after == ["I", "Chapter 4", "Chapter 5"])
        // The family with more headings wins: English headings appended to a short Chinese book.
        let chinese = Book.body(["第一章　渡口"])
        let english = (1...4).map { "Chapter \($0)\n\nSome words here.\n\n" }.joined()
        try expectSame(chinese, english)
        #expect(try Book.index(chinese).ruleName == "chinese")
        #expect(try Book.index(chinese + english).ruleName == "english")
        // A list of contents at the end of what was there, then the body it lists.
        let list = "青灯记\n\n目录\n第一章　渡口\n第二章　夜雨\n第三章　灯下\n\n"
        try expectSame(list, Book.body(["第一章　渡口", "第二章　夜雨", "第三章　灯下"]))
    }

    @Test func crlfLineEndsAndACustomPattern() throws {
        let old = "Part 1\r\n\r\nWords.\r\n\r\nPart 2\r\n\r\nMore words.\r\n"
        try expectSame(old, "\r\nPart 3\r\n\r\nThe end.\r\n", pattern: "^Part [0-9]+$", chaptersAdded: 1)
        try expectSame(Book.body(["第一章　渡口"]).replacingOccurrences(of: "\n", with: "\r\n"), "第二章　夜雨\r\n正文\r\n")
    }

    @Test func aGrownScanGoesOnAgain() throws {
        let splitter = ChapterSplitter()
        var text = Book.body(["第一章　渡口"])
        var scan = splitter.splitKeepingScan(Book.bookText(text)).scan
        for number in ["二", "三", "四"] {
            text += Book.body(["第\(number)章　又一夜"])
            let next = try #require(splitter.split(Book.bookText(text), continuing: scan))
            #expect(next.index == splitter.split(Book.bookText(text)))
            scan = next.scan
        }
        #expect(scan.lines.count == 4)
    }

    @Test func aScanThatDoesNotFitIsRefused() throws {
        let old = Book.body(["第一章　渡口", "第二章　夜雨", "第三章　灯下"])
        let scan = ChapterSplitter().splitKeepingScan(Book.bookText(old)).scan
        let grown = old + Book.body(["第四章　归人"])
        // Made with other rules.
        #expect(try ChapterSplitter(customPattern: "^第.章").split(Book.bookText(grown), continuing: scan) == nil)
        // Of a text no shorter than this one.
        #expect(ChapterSplitter().split(Book.bookText(old), continuing: scan) == nil)
        // A heading line before the old end that is no longer one: the text was changed, not appended to.
        let changed = grown.replacingOccurrences(of: "第二章　夜雨", with: "他说了他夜雨")
        #expect(ChapterSplitter().split(Book.bookText(changed), continuing: scan) == nil)
        // A damaged scan: a line start that is none, or out of order.
        for damage in [{ (lines: inout [HeadingScan.Line]) in lines[1].lineStart += 3 }, { $0.swapAt(0, 1) }] {
            var damaged = scan
            damage(&damaged.lines)
            #expect(ChapterSplitter().split(Book.bookText(grown), continuing: damaged) == nil)
        }
    }
}
