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

    /// The common families of lines sites and authors add, each in several spellings.
    static let familyLines = [
        // site names with a domain
        "www.biquge.com 笔趣阁 最快更新",
        "笔趣阁（www.xbiquge.la）",
        "手机版：m.xs.la",
        "ｗｗｗ．ｂｉｑｕｇｅ．ｃｏｍ 筆趣閣",
        "看小说就到顶点小说网dingdian点com",
        "天才一秒记住本站地址：[笔趣阁] https://www.biquge.info 最快更新！无广告！",
        // remember the site, first published here
        "请记住本书首发域名：biquge.com。笔趣阁手机版阅读网址：m.biquge.com",
        "請記住本站網址，下次閱讀更方便",
        "一秒记住【笔趣阁】，精彩小说无弹窗免费阅读！",
        "本书首发来自17K小说网，第一时间看正版内容！",
        "起點中文網首發，歡迎讀者登錄閱讀",
        // chapter continues on the next page
        "本章未完，请点击下一页继续阅读",
        "-->>本章未完，點擊下一頁繼續閱讀",
        "(本章未完,请翻页)",
        "请点击下一页继续阅读后面精彩内容！",
        // read on a phone, latest chapters
        "手机阅读 m.xxx.com",
        "手機版閱讀網址：m.shuqi.cc",
        "笔趣阁最快更新，无弹窗阅读请收藏本站。",
        // author asks for votes
        "（求月票！求推荐！）",
        "PS：新书求收藏，求推荐票！",
        "ps:今天三更，求保底月票~",
        "感谢书友小明的打赏，求訂閱！",
        // download disclaimers
        "作品仅供读者预览,请在下载24小时内删除，不得用作商业用途；为了让作者能提供更多更好的作品，请您购买正版图书!",
        "本书来自互联网，版权归原作者所有",
        "【聲明】本書僅供試閱，請於下載後24小時內刪除。",
    ]

    @Test(arguments: familyLines)
    func lineFamiliesAreHidden(line: String) {
        let text = "他推门而入。\n" + line + "\n屋里无人。\n"
        #expect(shown(text, profile: cjkPlain) == "他推门而入。\n屋里无人。\n")
    }

    /// Story sentences that use the families' words: updates, remembering, phones, monthly tickets,
    /// first releases, the next page, collectors, a domain spoken in dialogue, an English sentence naming one.
    static let storyLines = [
        "他每天都要更新一次族谱，生怕漏了谁。",
        "请记住，你是我的人。",
        "她务必记住那条路，免得下次迷路。",
        "他掏出手机看了一眼，又放回口袋。",
        "手机屏幕亮了，是母亲打来的。",
        "他买了一张公交月票，每天坐车去上班。",
        "“这个月的月票你买了吗？”",
        "这款新手机首发当天就卖光了。",
        "他翻到下一页，继续读那封信。",
        "他四处求收藏家帮忙鉴定那幅画。",
        "他去找老师求推荐信。",
        "“你上www.baidu.com查一下。”她说。",
        "最快的马也追不上他。",
        "本章所述之事，皆是老人亲口所言。",
        "作品完成之后，他长出了一口气。",
        "This eBook is for the use of anyone anywhere at www.gutenberg.org.",
        "他说要在下载完成后再看。",
        "她把邮箱写给我：lin.xiaoman@qq.com，让我有空联系。",
    ]

    @Test(arguments: storyLines)
    func storySentencesStay(line: String) {
        let text = "他推门而入。\n" + line + "\n"
        #expect(shown(text, profile: cjkPlain) == text)
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
