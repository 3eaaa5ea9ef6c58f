import NovelTestSupport
import Testing

@testable import NovelCore

/// Running heads (`RunningHeads`): a part heading or the book's title that a site repeated before every
/// chapter is one entry (the part, at its first occurrence) or none (the title), and the repeats are not
/// shown on the page.
struct RunningHeadTests {
    typealias Book = ChapterTestBook

    /// A Chinese book as a site serves it: the part heading on the line before every chapter, sometimes
    /// with a blank line between, sometimes indented; parts of four, three and two chapters.
    static let chineseParts: String = {
        let parts = [("第一部分", 1...4), ("第二部分", 5...7), ("　第三部分", 8...9)]
        var text = "青灯夜话\n作者：林下客\n\n"
        for (part, chapters) in parts {
            for number in chapters {
                let between = number % 2 == 0 ? "\n" : ""
                text += "\(part)\n\(between)第\(number)回　灯下第\(number)夜\n"
                text += "　　他走了很远的路，才看见那盏灯。灯下有人在等他，等了很多年。\n"
                text += "　　第\(number)夜过去了，灯还亮着。\n\n"
            }
        }
        return text
    }()

    /// The table of contents as `novel toc` shows it: a volume flush left, a chapter indented under it.
    static func toc(_ index: ChapterIndex) -> [String] {
        index.entries.map { entry in
            let volume = entry.volumeIndex.map { "@\($0) " } ?? ""
            return (entry.level == .volume ? "" : "  ") + volume + entry.title
        }
    }

    static let chinesePartsTOC = [
        "  青灯夜话",
        "第一部分",
        "  @1 第1回　灯下第1夜", "  @1 第2回　灯下第2夜", "  @1 第3回　灯下第3夜", "  @1 第4回　灯下第4夜",
        "第二部分",
        "  @6 第5回　灯下第5夜", "  @6 第6回　灯下第6夜", "  @6 第7回　灯下第7夜",
        "第三部分",
        "  @10 第8回　灯下第8夜", "  @10 第9回　灯下第9夜",
    ]

    /// A book decoded as the loader does (CR LF becomes LF), split and ready to lay out.
    static func book(_ text: String, lineEnds: String = "\n") throws -> NovelCore.Book {
        let bytes = Array(text.replacingOccurrences(of: "\n", with: lineEnds).utf8)
        let decoded = try BookLoader.decode(bytes, path: "book.txt")
        let index = ChapterSplitter().split(decoded)
        return NovelCore.Book(
            path: "book.txt", title: "book", text: decoded, fingerprint: BookFingerprint.of(decoded.utf8), index: index)
    }

    /// Each entry's page lines as the reader shows them (trimmed, blank ones left out).
    static func pages(_ book: NovelCore.Book, display: DisplayOptions = DisplayOptions()) -> [[String]] {
        let layouter = PageLayouter(
            settings: TestBooks.layoutSettings(width: 80, display: display), viewport: Viewport(columns: 80, rows: 40))
        return book.index.entries.indices.map { entry in
            lineTexts(layouter.layout(book, entry: entry), book)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    @Test(arguments: ["\n", "\r\n"])
    func aPartHeadingRepeatedBeforeEveryChapterIsOnePart(lineEnds: String) throws {
        let book = try Self.book(Self.chineseParts, lineEnds: lineEnds)
        let index = book.index
        #expect(Self.toc(index) == Self.chinesePartsTOC)
        #expect(index.partitions(length: book.text.utf8.count))
        #expect(
            index.entries.map(\.kind) == [.front, .volume] + Array(repeating: .chapter, count: 4) + [.volume]
                + Array(repeating: .chapter, count: 3) + [.volume, .chapter, .chapter])
        // A repeat opens its chapter's entry, before the chapter's own heading.
        let text = book.text.utf8
        let second = index.entries[3]
        #expect(String(decoding: text[second.runningHead], as: UTF8.self) == "第一部分\n\n")
        #expect(String(decoding: text[second.headingStart..<second.bodyStart], as: UTF8.self) == "第2回　灯下第2夜\n")
        // The first chapter of each part has no running head: its part heading is the part's entry.
        #expect(index.entries[2].runningHead.isEmpty && index.entries[7].runningHead.isEmpty)
        #expect(index.entries[11].runningHead.isEmpty)
    }

    @Test func aChapterTheSiteLeftWithoutItsRunningHeadStaysInItsPart() throws {
        // 第3回 has no 第一部分 above it: the repeat before 第4回 still names the part the book is in.
        let text = Self.chineseParts.replacingOccurrences(of: "第一部分\n第3回", with: "第3回")
        #expect(text != Self.chineseParts)
        let index = try Self.book(text).index
        #expect(Self.toc(index) == Self.chinesePartsTOC)
        let explained = ChapterSplitter().explain(Book.bookText(text))
        let named = explained.filter { $0.reason.hasPrefix("running head: it names again the part") }
        #expect(named.map(\.line) == [19])
    }

    @Test(arguments: ["\n", "\r\n"])
    func theRepeatedPartHeadingsAreNotShownOnThePage(lineEnds: String) throws {
        let book = try Self.book(Self.chineseParts, lineEnds: lineEnds)
        let pages = Self.pages(book)
        #expect(pages[1] == ["第一部分"])
        #expect(pages[6] == ["第二部分"])
        #expect(pages[10] == ["第三部分"])
        #expect(pages[3] == ["第2回  灯下第2夜", "他走了很远的路，才看见那盏灯。灯下有人在等他，等了很多年。", "第2夜过去了，灯还亮着。"])
        // Each part heading is shown once in the whole book, on its part's page.
        let shown = pages.joined()
        for part in ["第一部分", "第二部分", "第三部分"] {
            #expect(shown.filter { $0 == part }.count == 1, "\(part)")
        }
        // Shown as the file has it, nothing is lost: the repeat heads its chapter's page.
        let verbatim = Self.pages(book, display: .verbatim)
        #expect(verbatim[3].prefix(2) == ["第一部分", "第2回  灯下第2夜"])
        #expect(verbatim.joined().filter { $0 == "第一部分" }.count == 4)
    }

    /// Two parts of three chapters with CR LF line ends, in GBK and in Big5 (the bytes are checked
    /// against the text they encode).
    @Test(arguments: [
        (
            "GBK", "灯还亮着",
            "b5dad2bbb2bfb7d60d0ab5da31bbd8a1a1d2b9310d0aa1a1a1a1b5c6bbb9c1c1d7c5a1a30d0a0d0ab5dad2bbb2bfb7d60d0ab5da32bbd8a1a1d2b9320d0aa1a1a1a1b5c6bbb9c1c1d7c5a1a30d0a0d0ab5dad2bbb2bfb7d60d0ab5da33bbd8a1a1d2b9330d0aa1a1a1a1b5c6bbb9c1c1d7c5a1a30d0a0d0ab5dab6feb2bfb7d60d0ab5da34bbd8a1a1d2b9340d0aa1a1a1a1b5c6bbb9c1c1d7c5a1a30d0a0d0ab5dab6feb2bfb7d60d0ab5da35bbd8a1a1d2b9350d0aa1a1a1a1b5c6bbb9c1c1d7c5a1a30d0a0d0ab5dab6feb2bfb7d60d0ab5da36bbd8a1a1d2b9360d0aa1a1a1a1b5c6bbb9c1c1d7c5a1a30d0a0d0a"
        ),
        (
            "Big5", "燈還亮著",
            "b2c4a440b3a1a4c00d0ab2c431a65ea140a95d310d0aa140a140bf4fc1d9ab47b5dba1430d0a0d0ab2c4a440b3a1a4c00d0ab2c432a65ea140a95d320d0aa140a140bf4fc1d9ab47b5dba1430d0a0d0ab2c4a440b3a1a4c00d0ab2c433a65ea140a95d330d0aa140a140bf4fc1d9ab47b5dba1430d0a0d0ab2c4a447b3a1a4c00d0ab2c434a65ea140a95d340d0aa140a140bf4fc1d9ab47b5dba1430d0a0d0ab2c4a447b3a1a4c00d0ab2c435a65ea140a95d350d0aa140a140bf4fc1d9ab47b5dba1430d0a0d0ab2c4a447b3a1a4c00d0ab2c436a65ea140a95d360d0aa140a140bf4fc1d9ab47b5dba1430d0a0d0a"
        ),
    ])
    func runningHeadsInGBKAndBig5(encoding: String, sentence: String, hex: String) throws {
        var written = ""
        for (part, chapters) in [("第一部分", 1...3), ("第二部分", 4...6)] {
            for number in chapters { written += "\(part)\n第\(number)回　夜\(number)\n　　\(sentence)。\n\n" }
        }
        let bytes = stride(from: 0, to: hex.count, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
        let text = try BookLoader.decode(bytes, path: "book.txt", encoding: encoding)
        #expect(String(decoding: text.utf8, as: UTF8.self) == written)
        let index = ChapterSplitter().split(text)
        #expect(
            Self.toc(index) == [
                "第一部分", "  @0 第1回　夜1", "  @0 第2回　夜2", "  @0 第3回　夜3", "第二部分", "  @4 第4回　夜4",
                "  @4 第5回　夜5", "  @4 第6回　夜6",
            ])
        let book = NovelCore.Book(
            path: "book.txt", title: "book", text: text, fingerprint: BookFingerprint.of(text.utf8), index: index)
        #expect(Self.pages(book).joined().filter { $0.hasSuffix("部分") } == ["第一部分", "第二部分"])
    }

    @Test func theShownTextOfAChapterStartsAtItsOwnHeading() throws {
        let book = try Self.book(Self.chineseParts)
        for entry in book.index.entries.indices where book.index.entries[entry].kind == .chapter {
            let shown = DisplayTransform.display(book, entry: entry, options: DisplayOptions())
            let bytes = shown?.utf8 ?? Array(book.text.utf8[book.index.entries[entry].range])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("第"), "\(book.index.entries[entry].title)")
            #expect(!text.contains("部分"), "\(book.index.entries[entry].title)")
        }
    }

    /// An English book with `PART ONE` before every chapter and its title before every part heading.
    static let englishParts: String = {
        let prose = """
            The lamp stood at the top of the hill, and the road went up to it between two walls
            of grey stone that the rain had darkened since the morning.

            """
        var text = "The Lantern\n\nby A. Walker\n\n\n"
        let chapters = [("ONE", ["I", "II", "III"]), ("TWO", ["IV", "V"])]
        for (part, numerals) in chapters {
            for numeral in numerals {
                text += "THE LANTERN\n\nPART \(part)\n\n\nCHAPTER \(numeral)\n\n" + prose + "\n\n"
            }
        }
        return text
    }()

    @Test(arguments: ["\n", "\r\n"])
    func anEnglishPartAndTitleRepeatedBeforeEveryChapter(lineEnds: String) throws {
        let book = try Self.book(Self.englishParts, lineEnds: lineEnds)
        #expect(book.index.ruleName == "english")
        #expect(
            Self.toc(book.index) == [
                "  The Lantern", "PART ONE", "  @1 CHAPTER I", "  @1 CHAPTER II", "  @1 CHAPTER III",
                "PART TWO", "  @5 CHAPTER IV", "  @5 CHAPTER V",
            ])
        #expect(book.index.partitions(length: book.text.utf8.count))
        let pages = Self.pages(book)
        #expect(pages[0] == ["The Lantern", "by A. Walker"])
        // The title above the first part heading goes with it, hidden; the part heading is the part's page.
        #expect(pages[1] == ["PART ONE"])
        #expect(pages[5] == ["PART TWO"])
        for page in pages.dropFirst() {
            #expect(!page.contains("THE LANTERN"))
        }
        #expect(pages[3].first == "CHAPTER II")
        #expect(pages.joined().filter { $0 == "PART ONE" }.count == 1)
    }

    @Test(arguments: ["\n", "\r\n"])
    func theBooksTitleRepeatedBeforeEveryChapterIsNoEntry(lineEnds: String) throws {
        var text = "《寒江雪》\n\n　　简介：一个人在江上钓了一冬的雪。\n\n"
        for number in 1...5 {
            text += "寒江雪\n\n第\(number)章　第\(number)场雪\n　　雪落在江上，他没有收竿。\n\n"
        }
        let book = try Self.book(text, lineEnds: lineEnds)
        #expect(Self.toc(book.index) == ["  《寒江雪》"] + (1...5).map { "  第\($0)章　第\($0)场雪" })
        #expect(book.index.partitions(length: book.text.utf8.count))
        let pages = Self.pages(book)
        #expect(pages[0] == ["《寒江雪》", "简介：一个人在江上钓了一冬的雪。"])
        for page in pages.dropFirst() {
            #expect(page.first?.hasPrefix("第") == true)
            #expect(!page.contains("寒江雪"))
        }
    }

    @Test func anEnglishTitleRepeatedBeforeEveryChapterInAnyCapitals() throws {
        var text =
            "Title: The Weather Vane\nAuthor: M. Hale\n\n*** START OF THE PROJECT GUTENBERG EBOOK THE WEATHER VANE ***\n\n"
        for number in 1...4 {
            text +=
                "THE WEATHER VANE\n\nChapter \(number): The Wind\n\nThe vane turned all night on the roof of the barn.\n\n"
        }
        let book = try Self.book(text)
        #expect(
            book.index.entries.filter { $0.kind == .chapter }.map(\.title) == (1...4).map { "Chapter \($0): The Wind" })
        #expect(!book.index.entries.contains { $0.title.uppercased() == "THE WEATHER VANE" && $0.kind != .front })
        let pages = Self.pages(book)
        #expect(pages.dropFirst().allSatisfy { !$0.contains("THE WEATHER VANE") })
    }

    // MARK: What is not a running head

    /// Each of these lines ends every chapter, directly before the next heading: the chapter's own text.
    @Test(arguments: ["＊＊＊", "（完）", "（本章完）", "* * *"])
    func aLineEndingEveryChapterStaysText(line: String) throws {
        let headings = (1...5).map { "第\($0)章　雪" }
        let text = "寒江雪\n\n" + headings.map { "\($0)\n　　雪落在江上。\n\(line)\n\n" }.joined()
        let book = try Self.book(text)
        #expect(Self.toc(book.index) == ["  寒江雪"] + headings.map { "  \($0)" })
        #expect(book.index.entries.allSatisfy { $0.runningHead.isEmpty })
        let pages = Self.pages(book)
        #expect(pages[1].last == line.trimmingCharacters(in: .whitespaces))
    }

    @Test func aVolumeHeadingThatAppearsOnceIsAVolume() throws {
        let text =
            "第一卷　山雨\n\n" + Book.body(["第一章　雨夜", "第二章　来客", "第三章　灯下"])
            + "第二卷　江湖\n\n" + Book.body(["第四章　渡口", "第五章　归途"])
        let index = try Book.index(text)
        #expect(
            Self.toc(index) == [
                "第一卷　山雨", "  @0 第一章　雨夜", "  @0 第二章　来客", "  @0 第三章　灯下", "第二卷　江湖", "  @4 第四章　渡口",
                "  @4 第五章　归途",
            ])
        #expect(index.entries.allSatisfy { $0.runningHead.isEmpty })
    }

    @Test func twoBooksOfOneVolumeEachAreNotRunningHeads() throws {
        // Sequels bound together, each a 第一卷 over one chapter: the same heading twice is a coincidence.
        let text = "第一卷\n第一章　雨夜\n　　雨下了一夜。\n\n第一卷\n第一章　晴日\n　　天晴了。\n\n"
        let index = try Book.index(text)
        #expect(Self.toc(index) == ["第一卷", "  @0 第一章　雨夜", "第一卷", "  @2 第一章　晴日"])
    }

    @Test func aTitleBeforeTooFewChaptersStays() throws {
        // The title heads the first chapter once (a title page): text, not a running head.
        let text = "寒江雪\n\n　　简介。\n\n寒江雪\n\n" + Book.body(["第一章　甲", "第二章　乙", "第三章　丙"])
        let book = try Self.book(text)
        #expect(book.index.entries.allSatisfy { $0.runningHead.isEmpty })
        #expect(Self.pages(book)[0].contains("寒江雪"))
        #expect(Self.pages(book)[0].filter { $0 == "寒江雪" }.count == 2)
    }

    // MARK: --explain

    @Test func theExplanationSaysWhyTheRepeatsWereFolded() throws {
        let explained = ChapterSplitter().explain(Book.bookText(Self.chineseParts))
        let parts = explained.filter { $0.text.hasSuffix("部分") }
        #expect(parts.filter { $0.decision == .volume }.map(\.text) == ["第一部分", "第二部分", "第三部分"])
        let repeats = parts.filter { $0.decision == .dropped }
        #expect(repeats.count == 6)
        #expect(repeats.allSatisfy { $0.reason.hasPrefix("running head: the same line stands directly before") })
        #expect(repeats.first?.reason.contains("4 chapters in a row") == true)

        let titled = ChapterSplitter().explain(Book.bookText(Self.englishParts))
        let titles = titled.filter { $0.text == "THE LANTERN" }
        #expect(titles.count == 5)
        #expect(titles.allSatisfy { $0.decision == .dropped && $0.reason.hasPrefix("running head: the book's title") })
    }
}
