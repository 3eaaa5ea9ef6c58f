import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The built-in site-junk rules: each hides its lines, ordinary text stays, the setting shows them again.
@Suite struct SiteJunkTests {
    static let junkLines = [
        "更新时间:2007-11-16 7:55:51 本章字数:4804",
        "更新時間：2010-1-2 本章字數：3000",
        "------章节内容开始-------",
        "＝＝＝＝正文結束＝＝＝＝",
        "手机阅读请访问本站，最新章节抢先看",
        "www.example.com",
        "(https://example.net/book/123.html)",
    ]

    @Test(arguments: junkLines)
    func junkLinesAreHidden(line: String) {
        let text = "他推门而入。\n" + line + "\n屋里无人。\n"
        #expect(shown(text, profile: cjkPlain) == "他推门而入。\n屋里无人。\n")
    }

    @Test func theBannerPrefixIsHiddenBeforeAHeading() {
        #expect(shown("正文 第一回 宴桃园豪杰三结义\n", profile: cjkPlain) == "第一回 宴桃园豪杰三结义\n")
    }

    /// Text that only mentions the words stays: a sentence, a line too long to be junk, a bare 正文.
    @Test func ordinaryTextStays() {
        let text =
            "他问更新时间是几时，我说不知道。\n正文\n她说：“手机阅读伤眼睛。”她把手机放下，走到窗前，看着外面的雨，想起了很多年前的事情，那时候还没有手机，也没有网络，大家写信。" + hanzi(40) + "\n"
        #expect(shown(text, profile: cjkPlain) == text)
    }

    @Test func turningTheSettingOffShowsThemAgain() {
        let text = "他推门而入。\n更新时间:2007-11-16 7:55:51 本章字数:4804\n"
        let options = DisplayOptions(reflow: .auto, smartQuotes: true, hideSiteJunk: false)
        #expect(shown(text, profile: cjkPlain, options: options) == text)
    }

    @Test func dialogueAboutTheWordsStays() {
        let text = "她说：“手机阅读伤眼睛。”\n"
        #expect(shown(text, profile: cjkPlain) == text)
    }

    /// Hidden lines are never removed: the book text is unchanged and the hidden bytes lie between lines.
    @Test func hiddenLinesStayInTheText() throws {
        let text = "第一章　雨夜\n更新时间:2007-11-16 7:55:51 本章字数:4804\n他推门而入。\n"
        let book = TestBooks.book(text)
        let settings = TestBooks.layoutSettings(width: 40, display: DisplayOptions())
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 40, rows: 10)).layout(book, entry: 0)
        #expect(String(decoding: book.text.utf8, as: UTF8.self) == text)
        // U+3000 shows as a gap
        #expect(lineTexts(layout, book).map { $0.trimmingCharacters(in: .whitespaces) } == ["第一章  雨夜", "他推门而入。"])
    }
}
