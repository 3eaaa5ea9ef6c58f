import Testing

@testable import NovelCore

/// `:12` in the reader: the chapter numbered 12 where the book numbers its chapters, else the twelfth
/// entry counting from 1 (issue 32, item 3).
@Suite struct ChapterByNumberTests {
    static let chineseNumerals = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三"]

    func index(of number: Int, in text: String, currentEntry: Int? = nil) throws -> (entries: [TOCEntry], result: Result<Int, ChapterByNumber.Miss>) {
        let entries = try ChapterTestBook.index(text).entries
        return (entries, ChapterByNumber.entryIndex(number, in: entries, currentEntry: currentEntry))
    }

    @Test func aNumberIsTheChapterWithThatNumberNotTheTOCLine() throws {
        // A title page and a preface before 第一回: the twelfth line of the TOC would be 第十一回.
        let text = "红楼旧梦\n作者：佚名\n\n" + ChapterTestBook.body(["序"] + Self.chineseNumerals.map { "第\($0)回　某某" })
        let (entries, result) = try index(of: 12, in: text)
        let found = try result.get()
        #expect(entries[found].title.hasPrefix("第十二回"), "\(entries.map(\.title))")
        #expect(entries[11].title.hasPrefix("第十二回") == false)
    }

    @Test func englishChaptersAndLettersByTheirNumbers() throws {
        let chapters = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII"]
        var text = "THE BOOK\n\nby Somebody\n\n"
        for roman in chapters {
            text += "CHAPTER \(roman)\n\nIt was a long road, and the lamp at its end had burned for years.\n\n"
        }
        let (entries, result) = try index(of: 12, in: text)
        #expect(entries[try result.get()].title.hasPrefix("CHAPTER XII"), "\(entries.map(\.title))")
    }

    @Test func volumesThatNumberAgainPreferTheCurrentVolume() throws {
        let volume = { (name: String) in
            "\(name)\n\n" + ChapterTestBook.body(Self.chineseNumerals.prefix(4).map { "第\($0)章　某某" })
        }
        let text = "书名\n\n" + volume("第一卷　山雨") + volume("第二卷　江月")
        let entries = try ChapterTestBook.index(text).entries
        let secondVolume = try #require(entries.firstIndex { $0.title.hasPrefix("第二卷") })
        let inSecond = try #require(entries.indices.last { entries[$0].title.hasPrefix("第一章") })
        let inFirst = try #require(entries.firstIndex { $0.title.hasPrefix("第三章") })
        #expect(try ChapterByNumber.entryIndex(3, in: entries, currentEntry: nil).get() == inFirst)
        let third = try ChapterByNumber.entryIndex(3, in: entries, currentEntry: inSecond).get()
        #expect(third > secondVolume && entries[third].title.hasPrefix("第三章"))
        #expect(try ChapterByNumber.entryIndex(3, in: entries, currentEntry: secondVolume).get() == third)
    }

    @Test func anUnnumberedListCountsFromOne() throws {
        let text = ChapterTestBook.body(["序章", "楔子", "番外", "后记"])
        let (entries, result) = try index(of: 2, in: text)
        #expect(entries.allSatisfy { $0.number == nil || $0.kind != .chapter })
        #expect(try result.get() == 1)
        #expect(ChapterByNumber.entryIndex(0, in: entries) == .failure(.noEntry(0, count: entries.count)))
        #expect(ChapterByNumber.entryIndex(entries.count + 1, in: entries) == .failure(.noEntry(entries.count + 1, count: entries.count)))
    }

    @Test func aNumberNoChapterHasSaysWhichNumbersThereAre() throws {
        let text = ChapterTestBook.body(Self.chineseNumerals.prefix(5).map { "第\($0)章　某某" })
        let (_, result) = try index(of: 99, in: text)
        #expect(result == .failure(.noChapterNumbered(99, numbers: 1...5)))
        #expect("\(ChapterByNumber.Miss.noChapterNumbered(99, numbers: 1...5))" == "no chapter numbered 99; the chapters are numbered 1 to 5")
    }
}
