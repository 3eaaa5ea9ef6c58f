import NovelTestSupport
import Testing

@testable import NovelCore

/// Each rule family and numeral form on small texts written for the purpose.
struct ChapterRuleTests {
    func index(_ text: String, pattern: String? = nil) throws -> ChapterIndex {
        let book = BookText(utf8: Array(text.utf8), encoding: "UTF-8", encodingSource: .validUTF8, invalidSequences: 0)
        return try ChapterSplitter(customPattern: pattern).split(book)
    }

    func headings(_ text: String, pattern: String? = nil) throws -> [TOCEntry] {
        try index(text, pattern: pattern).entries.filter { $0.kind != .front && $0.kind != .section }
    }

    /// A book whose chapters are the given heading lines, each followed by a paragraph.
    func book(_ headings: [String]) -> String {
        headings.map { "\($0)\n　　他走了很远的路，才看见那盏灯。\n" }.joined()
    }

    @Test(arguments: [
        ("一", 1), ("十", 10), ("十五", 15), ("二十", 20), ("一百二十三", 123), ("一百零八", 108), ("一百十七", 117),
        ("两百", 200), ("两千零一十", 2010), ("一二零", 120), ("一零零", 100), ("〇", 0), ("壹佰贰拾叁", 123),
        ("叁拾", 30), ("123", 123), ("０５", 5), ("一万零一", 10001), ("五千", 5000), ("一千零一", 1001),
    ])
    func chineseNumerals(text: String, value: Int) {
        #expect(ChineseNumeral.parse(text) == value)
    }

    @Test func notNumerals() {
        #expect(ChineseNumeral.parse("") == nil)
        #expect(ChineseNumeral.parse("天") == nil)
        #expect(ChineseNumeral.parse("一天") == nil)
    }

    @Test(arguments: [("XII", 12), ("iv", 4), ("MCMXC", 1990), ("XLII", 42)])
    func romanNumerals(text: String, value: Int) {
        #expect(RomanNumeral.parse(text) == value)
    }

    /// Numerals in headings are read as written the usual way, in either case, and agree with `parse`
    /// and `format` wherever they are canonical.
    @Test(arguments: [
        ("XII", 12), ("xii", 12), ("IV", 4), ("IX", 9), ("XIV", 14), ("MCMXC", 1990), ("MD", 1500),
        ("XLII", 42), ("CDXLIV", 444), ("MMMCMXCIX", 3999), ("VIII", 8),
    ])
    func canonicalRomanNumerals(text: String, value: Int) {
        #expect(RomanNumeral.canonicalValue(ArraySlice(text.unicodeScalars)) == value)
        #expect(RomanNumeral.format(value) == text.uppercased())
    }

    @Test(arguments: ["IIII", "IC", "CIVIL", "VV", "IIX", "XM", "", "I-", "MMMM", "LL", "DM"])
    func notCanonicalRomanNumerals(text: String) {
        #expect(RomanNumeral.canonicalValue(ArraySlice(text.unicodeScalars)) == nil)
    }

    @Test func everyFormattedNumeralReadsBack() {
        let wrong = (1...3999).filter {
            RomanNumeral.canonicalValue(ArraySlice(RomanNumeral.format($0).unicodeScalars)) != $0
        }
        #expect(wrong.isEmpty)
    }

    @Test(arguments: ["章", "回", "节", "集", "篇", "话"])
    func everyChapterUnit(unit: String) throws {
        let found = try headings(book(["第一\(unit)　起", "第二\(unit)　承", "第三\(unit)　转"]))
        #expect(found.map(\.number) == [1, 2, 3])
        #expect(found.allSatisfy { $0.kind == .chapter && $0.level == .chapter })
    }

    @Test func numeralFormsInHeadings() throws {
        let found = try headings(
            book(["第1章 一", "第２章 二", "第 3 章 三", "第　四　章　四", "第五章：五", "【第六章】六", "第柒章 七", "第八章", "第九章大结局"]))
        #expect(found.map(\.number) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test func bigNumbersAndDigitByDigit() throws {
        let found = try headings(book(["第一百一十九回 甲", "第一二零回 乙", "第两百章 丙", "第一千零一章 丁"]))
        #expect(found.map(\.number) == [119, 120, 200, 1001])
    }

    @Test func standAloneHeadings() throws {
        let words = ["序", "序章　风起", "序言", "楔子", "引子", "前言", "第一章　正文", "尾声", "终章", "大结局", "番外一　少年", "外传", "后记", "附录"]
        let found = try headings(book(words))
        #expect(found.map(\.title) == words)
        #expect(found.filter { $0.kind == .special }.count == words.count - 1)
    }

    @Test func volumesFormALevelAboveChapters() throws {
        let text = book(["第一卷　春", "第一章　桃", "第二章　柳", "卷二　夏", "第三章　蝉", "上卷", "第四章　雪"])
        let entries = try headings(text)
        #expect(entries.map(\.level) == [.volume, .chapter, .chapter, .volume, .chapter, .volume, .chapter])
        #expect(entries[1].volumeIndex == 0)
        #expect(entries[4].volumeIndex == 3)
        #expect(entries[6].volumeIndex == 5)
    }

    @Test func aBookOfVolumesOnlyHasThemAsChapters() throws {
        let entries = try headings(book(["第一卷　春", "第二卷　夏", "第三卷　秋"]))
        #expect(entries.allSatisfy { $0.level == .chapter })
    }

    @Test func englishHeadings() throws {
        let text =
            "Prologue\nIt began.\nCHAPTER I\nOne.\nChapter 2: The Road\nTwo.\nCHAPTER XII\nTwelve.\nEpilogue\nEnd.\n"
        let found = try headings(text)
        #expect(found.map(\.title) == ["Prologue", "CHAPTER I", "Chapter 2: The Road", "CHAPTER XII", "Epilogue"])
        #expect(found.map(\.number) == [nil, 1, 2, 12, nil])
    }

    @Test func englishProseIsNotAHeading() throws {
        let text =
            "Chapter 1\nShe read chapter 3 twice.\nPart two of the plan was simple.\nChapter and verse, he said.\n"
        #expect(try headings(text).count == 1)
    }

    @Test func sentencesAreNotHeadings() throws {
        let text = """
            第一章　雨夜
            　　他翻到第三章的时候，天已经黑透了。
            第二章节的内容比第一章节长得多，先生让大家回去再读一遍。
            第三回合，他终于把对手逼到了擂台边上。
            第二天一早，天竟然放晴了。
            楔子一样的小木片卡在门缝里。
            第四章 这一行虽然用章节标题的格式开头，但它其实是正文里一个很长很长的句子，一直说下去，说到读者都不耐烦了为止
            第二章　旧信
            """
        #expect(try headings(text).map(\.title) == ["第一章　雨夜", "第二章　旧信"])
    }

    @Test func aListOfContentsIsNotChapters() throws {
        let text = "目录\n第一章　甲\n第二章　乙\n第三章　丙\n\n" + book(["第一章　甲", "第二章　乙", "第三章　丙"])
        let found = try headings(text)
        #expect(found.count == 3)
        #expect(found.first?.range.lowerBound == text.utf8.count - book(["第一章　甲", "第二章　乙", "第三章　丙"]).utf8.count)
    }

    /// 儿女英雄传: the list names 缘起首回 and the chapters; the body's 缘起首回 follows the list at once
    /// (with or without text of its own before the body's 第一回).
    @Test(arguments: ["", "　　话说。\n"])
    func theBodyMayStartInsideTheListOfContents(prologueText: String) throws {
        let list = "目录\n缘起首回　开宗\n第一回　甲\n第二回　乙\n第三回　丙\n\n"
        let body = "缘起首回　开宗\n\n" + prologueText + book(["第一回　甲", "第二回　乙", "第三回　丙"])
        let found = try headings(list + body)
        #expect(found.map(\.title) == ["缘起首回　开宗", "第一回　甲", "第二回　乙", "第三回　丙"])
        #expect(found.first?.kind == .special)
        #expect(found.first?.range.lowerBound == list.utf8.count)
    }

    @Test func originSectionsAreStandAloneHeadings() throws {
        let found = try headings(book(["缘起", "緣起首回　開宗明義", "第一回　甲"]))
        #expect(found.map(\.kind) == [.special, .special, .chapter])
        #expect(try headings("缘起于一场大雨\n正文\n").isEmpty)
    }

    @Test func aRepeatedHeadingInsideItsChapterIsNotANewChapter() throws {
        let found = try headings(book(["第三十七回　甲", "第三十八回　乙", "第三十八回乙——", "第三十九回　丙"]))
        #expect(found.map(\.number) == [37, 38, 39])
    }

    @Test func textBeforeTheFirstHeadingIsAFrontEntry() throws {
        let entries = try index("书名\n\n作者：某\n\n" + book(["第一章　甲"])).entries
        #expect(entries.first?.kind == .front)
        #expect(entries.first?.title == "书名")
        let blankOnly = try index("\n\n　　\n" + book(["第一章　甲"])).entries
        #expect(blankOnly.first?.kind == .chapter)
        #expect(blankOnly.first?.range.lowerBound == 0)
    }

    @Test func noHeadingsGiveOneSection() throws {
        let entries = try index("只是一段话。\n又一段话。\n").entries
        #expect(entries.count == 1)
        #expect(entries[0].kind == .section)
    }

    @Test func aLongChapterIsSplitWithoutLosingTheOthers() throws {
        let paragraph = String(repeating: "灯", count: 999) + "\n"
        let long = "第二章　长\n" + String(repeating: paragraph, count: 250)  // 250 000 characters
        let text = book(["第一章　短"]) + long + book(["第三章　短"])
        let entries = try index(text).entries
        #expect(entries.first?.title == "第一章　短")
        #expect(entries.last?.title == "第三章　短")
        let parts = entries.filter { $0.title.hasPrefix("第二章") }
        #expect(parts.count >= 3)
        #expect(parts.map(\.title).prefix(3) == ["第二章　长", "第二章　长 (2)", "第二章　长 (3)"])
        for part in parts.dropFirst() {
            // Cut at paragraph boundaries.
            #expect(Array(text.utf8)[part.range.lowerBound - 1] == 0x0A)
        }
    }

    /// In a hard-wrapped book a line end is not a paragraph's end: a long chapter is cut after a blank line.
    @Test func aLongHardWrappedChapterIsCutAtABlankLine() throws {
        let paragraph =
            String(repeating: "The lamp burned low over the harbour wall and\nthe tide came in. ", count: 9) + "\n\n"
        let long = "CHAPTER I.\n\n" + String(repeating: paragraph, count: 400)
        let text = Array(long.utf8)
        let entries = try index(long).entries
        let parts = entries.filter { $0.title.hasPrefix("CHAPTER I.") }
        #expect(parts.count >= 2)
        for part in parts.dropFirst() {
            #expect(text[part.range.lowerBound - 1] == 0x0A && text[part.range.lowerBound - 2] == 0x0A)
        }
    }

    @Test func characterCountsMatchACountOfScalars() {
        let text = Array("甲a😀\né́ 第一章 Lamp —— 灯……".utf8) + Array(String(repeating: "青灯", count: 37).utf8)
        text.withUnsafeBufferPointer { bytes in
            for start in 0..<12 {
                for end in stride(from: start, through: bytes.count, by: 5) {
                    let expected = bytes[start..<end].filter { $0 & 0xC0 != 0x80 }.count
                    #expect(scalarCount(bytes, start..<end) == expected)
                }
            }
        }
    }

    @Test func entriesPartitionTheText() throws {
        let text = "前面\n" + book(["第一卷　春", "第一章　甲", "番外　乙"]) + "结尾"
        let entries = try index(text).entries
        #expect(entries.first?.range.lowerBound == 0)
        #expect(entries.last?.range.upperBound == text.utf8.count)
        for (previous, next) in zip(entries, entries.dropFirst()) {
            #expect(previous.range.upperBound == next.range.lowerBound)
        }
    }

    @Test func aCustomPatternReplacesTheRules() throws {
        let text = "卷一 甲\n正文\n卷二 乙\n正文\n第三章 丙\n正文\n"
        let found = try headings(text, pattern: "^卷([一二三四五六七八九十]+)")
        #expect(found.map(\.title) == ["卷一 甲", "卷二 乙"])
        #expect(found.map(\.number) == [1, 2])
        #expect(try index(text, pattern: "^卷").ruleName == "custom")
    }

    @Test func anInvalidPatternPointsAtTheMistake() {
        #expect(throws: ChapterPatternError.self) { try ChapterSplitter(customPattern: "第(.+章") }
        do {
            _ = try ChapterSplitter(customPattern: "ab[c")
        } catch {
            #expect(error.position != nil)
            #expect(error.description.contains("ab[c"))
        }
    }

    @Test func theSampleBooksHaveTheirTables() throws {
        let chinese = try BookOpener.open(path: Corpus.repositoryPath("books/青灯记.txt")).index
        #expect(chinese.entries.filter { $0.kind == .chapter }.count == 16)
        #expect(chinese.entries.filter { $0.level == .volume }.map(\.title) == ["第一卷　山雨", "第二卷　江月"])
        #expect(chinese.entries.map(\.title).suffix(2) == ["番外　灯下旧事", "后记"])
        let english = try BookOpener.open(path: Corpus.repositoryPath("books/the-lamplighter.txt")).index
        #expect(english.ruleName == "english")
        #expect(english.entries.filter { $0.kind == .chapter }.map(\.number) == [1, 2, 3, 4, 5, 6])
    }

    @Test func aCachedIndexIsReused() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = NovelPaths(
            configDirectory: home.path, stateDirectory: home.path, cacheDirectory: home.path + "/cache")
        let path = Corpus.repositoryPath("books/青灯记.txt")
        let first = try BookOpener.open(path: path, paths: paths)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        #expect(cache.load(fingerprint: first.fingerprint, pattern: nil) == first.index)
        // A changed index in the cache is what the next open returns: it did not scan again.
        var marked = first.index
        marked.ruleName = "from-cache"
        cache.store(marked, fingerprint: first.fingerprint, pattern: nil)
        #expect(try BookOpener.open(path: path, paths: paths).index.ruleName == "from-cache")
        #expect(cache.load(fingerprint: first.fingerprint, pattern: "^卷") == nil)
    }
}

/// Where an invalid custom pattern's mistake is reported (1-based characters, from ICU's parse error).
struct ChapterPatternPositionTests {
    @Test(arguments: [
        ("第(.+章", 6, "unbalanced parenthesis"),  // the end of the pattern, where ) was due
        ("ab[c", 5, "missing ]"),
        ("第**章", 4, "syntax error"),  // the second *
        ("第{2,1}章", 8, "max below min"),
        ("(?<x章", 6, "capture group name"),
        ("第\\", 3, "bad escape sequence"),
        ("𠮷𠮷(", 4, "unbalanced parenthesis"),  // characters, not UTF-16 units
    ])
    func theMistakeIsNamedWithItsPosition(pattern: String, position: Int, reason: String) {
        do {
            _ = try ChapterSplitter(customPattern: pattern)
            Issue.record("\(pattern) compiled")
        } catch {
            #expect(error.position == position)
            #expect(error.description.contains(reason))
            #expect(error.description.contains("character \(position)"))
            #expect(error.isBadInput)
        }
    }
}
