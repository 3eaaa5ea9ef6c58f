/// A rule that hides download-site junk: lines a site added to the text (update times, word counts,
/// "chapter content starts here" banners, site names, ads, bare URLs) or the prefix it put before a
/// heading. Rules are data: `SiteJunkRule.builtIn` is the documented default list (docs/layout.md), and
/// user cleaning rules can be added as more values of this type.
public struct SiteJunkRule: Sendable, Equatable {
    public enum Scope: Sendable, Equatable {
        /// The whole line is hidden, its line end included.
        case line
        /// Only the matched start of the line is hidden.
        case prefix
    }

    public var name: String
    /// An ICU regular expression tried against the line without its leading blanks and line end; a
    /// `.line` rule must match the whole line, a `.prefix` rule its start.
    public var pattern: String
    public var scope: Scope
    /// Literal pieces one of which every matching line contains: only lines holding one are tried
    /// against the pattern, which keeps the scan of a chapter cheap.
    public var hints: [String]
    /// Whether a matching line starts with a hint (after blanks and at most one opening bracket):
    /// then only the line's start is looked at.
    public var hintsAtStart: Bool

    public init(name: String, pattern: String, scope: Scope, hints: [String], hintsAtStart: Bool) {
        self.name = name
        self.pattern = pattern
        self.scope = scope
        self.hints = hints
        self.hintsAtStart = hintsAtStart
    }

    /// The built-in rules, hidden by default (`hideSiteJunk`).
    public static let builtIn: [SiteJunkRule] = [
        SiteJunkRule(
            name: "update time and word count",
            pattern: #"(?:更新时间|更新時間|更新日期|发布时间|發佈時間|本章字数|本章字數)\s*[:：].*"#, scope: .line,
            hints: ["更新时间", "更新時間", "更新日期", "发布时间", "發佈時間", "本章字数", "本章字數"], hintsAtStart: true),
        SiteJunkRule(
            name: "chapter content banner",
            pattern: #"[-=*~_—－＝]{2,}\s*(?:章节|章節|正文|本章)(?:内容|內容)?\s*(?:开始|開始|结束|結束)\s*[-=*~_—－＝]{2,}"#,
            scope: .line, hints: ["--", "==", "**", "~~", "__", "——", "－－", "＝＝"], hintsAtStart: true),
        SiteJunkRule(
            name: "正文 before a heading", pattern: #"正文[ 　]+(?=\S)"#, scope: .prefix, hints: ["正文"], hintsAtStart: true),
        SiteJunkRule(
            // Not in a line of dialogue (quotation marks): a character may talk about phones.
            name: "read on a phone, latest chapters",
            pattern:
                #"(?!.*[“”「」『』"]).{0,40}(?:手机阅读|手機閱讀|手机用户|手機用戶|最新章节|最新章節|无弹窗|無彈窗|全文阅读|全文閱讀|免费阅读|免費閱讀|请记住本站|請記住本站|本站域名|首发网址|首發網址|小说网|小說網|最快更新|手机版阅读|手機版閱讀).{0,60}"#,
            scope: .line,
            hints: [
                "手机阅读", "手機閱讀", "手机用户", "手機用戶", "最新章节", "最新章節", "无弹窗", "無彈窗", "全文阅读", "全文閱讀",
                "免费阅读", "免費閱讀", "请记住本站", "請記住本站", "本站域名", "首发网址", "首發網址", "小说网", "小說網",
                "最快更新", "手机版阅读", "手機版閱讀",
            ], hintsAtStart: false),
        SiteJunkRule(
            name: "bare URL",
            pattern: #"[(（\[【]?\s*(?:https?://|www\.|ｗｗｗ．)[^\s　]+\s*[)）\]】]?"#, scope: .line,
            hints: ["http://", "https://", "www.", "ｗｗｗ．"], hintsAtStart: true),
        SiteJunkRule(
            // A short line naming a site by its domain (`笔趣阁 www.biquge.com 最快更新`, `手机版：m.xs.la`): a
            // Chinese line, not dialogue, not English prose (a licence's sentences name domains too).
            name: "site name with a domain",
            pattern: #"(?=.*\p{Han})(?!.*[“”「」『』"])(?!.*[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}).{0,40}"#
                + domain + ".{0,60}",
            scope: .line, hints: domainHints, hintsAtStart: false),
        SiteJunkRule(
            // `请记住本书首发域名：…`, `一秒记住【笔趣阁】`, `本书首发来自17K小说网`: what a site asks a reader to
            // remember, and where a book was first published. A story's "please remember" or "first release"
            // is told without the site words.
            name: "remember the site, first published here",
            pattern: ".{0,30}"
                + oneOf([
                    "一秒(?:记住|記住)",
                    "(?:请|請|务必|務必)(?:记住|記住).{0,12}" + oneOf(siteWords + ["【", "本书", "本書", "本文", "首发", "首發"]),
                    "(?:本书|本書|本文|本章|本作品?)(?:首发|首發)",
                    "(?:首发|首發)" + oneOf(siteWords),
                    "(?:网|網|站|阁|閣)(?:首发|首發)",
                ]) + ".{0,80}",
            scope: .line,
            hints: ["记住", "記住", "首发", "首發"], hintsAtStart: false),
        SiteJunkRule(
            // A web page's split chapter: `本章未完，请点击下一页继续阅读`, `(本章未完,請翻頁)`.
            name: "chapter continues on the next page",
            pattern: ".{0,20}"
                + oneOf([
                    "本章(?:未完|尚未完结|尚未完結)",
                    "(?:请|請)(?:点击|點擊|点|點|翻)(?:下一页|下一頁|下页|下頁|翻页|翻頁|页|頁)",
                    "(?:下一页|下一頁)(?:继续阅读|繼續閱讀)",
                ]) + ".{0,40}",
            scope: .line,
            hints: ["本章未完", "本章尚未", "请点", "請點", "请翻", "請翻", "下一页继续", "下一頁繼續"], hintsAtStart: false),
        SiteJunkRule(
            // An author's note asking for votes (`求月票！求推荐！`, `PS：新书求收藏`); not dialogue, not a
            // story's 求收藏家 or 求推荐信.
            name: "author asks for votes",
            pattern: #"(?!.*[“”「」『』"]).{0,60}求"#
                + oneOf([
                    "(?:保底)?月票", "推荐票?", "推薦票?", "收藏(?![家品馆館室夹夾])", "订阅", "訂閱", "打赏", "打賞", "红票", "紅票",
                    "粉红票", "粉紅票", "全订", "全訂", "首订", "首訂",
                ]) + "(?![信人者]).{0,60}",
            scope: .line,
            hints: [
                "求月票", "求保底", "求推荐", "求推薦", "求收藏", "求订阅", "求訂閱", "求打赏", "求打賞", "求红票", "求紅票",
                "求粉红", "求粉紅", "求全订", "求全訂", "求首订", "求首訂",
            ], hintsAtStart: false),
        SiteJunkRule(
            // `作品仅供读者预览,请在下载24小时内删除…请购买正版图书!`, `本书来自互联网，版权归原作者所有`: a
            // download site's disclaimer at a book's start or end.
            name: "download disclaimer",
            pattern: #"[\[【（(]?\s*"# + oneOf(disclaimerStarts) + ".{0,60}?"
                + oneOf([
                    "(?:24|二十四)(?:小时|小時)内删除", "(?:24|二十四)(?:小时|小時)內刪除", "下载后", "下載後", "来自互联网",
                    "來自互聯網", "来源于网络", "來源於網絡", "版权归原?作者", "版權歸原?作者", "请购买正版", "請購買正版", "商业用途",
                    "商業用途", "仅供.{0,6}(?:预览|试阅|交流|学习)", "僅供.{0,6}(?:預覽|試閱|交流|學習)",
                ]) + ".{0,120}",
            scope: .line, hints: disclaimerStarts, hintsAtStart: true),
    ]

    /// Words naming a site or its address.
    static let siteWords = ["域名", "网址", "網址", "地址", "网站", "網站", "站点", "站點", "本站", "笔趣", "筆趣", "小说网", "小說網"]

    /// How a download site's disclaimer starts.
    static let disclaimerStarts = [
        "作品", "本作品", "本书", "本書", "本小说", "本小說", "本电子书", "本電子書", "声明", "聲明", "免责声明", "免責聲明", "版权",
        "版權", "内容版权", "內容版權",
    ]

    /// A domain as sites write it: ASCII letters with dots (also `。` and `点`) and a top-level name, or
    /// the same in full-width letters. Not the host of an e-mail address (a story may give one).
    static let domain = oneOf([
        #"(?<![@A-Za-z0-9.\-])(?:https?://)?(?:[A-Za-z0-9-]+\s?(?:\.|．|。|点|點)\s?)+(?i:"#
            + "com|net|org|cc|la|info|cn|tw|hk|me|co|so|io|xyz|top|vip|tv|us|biz|in|am|ws|mobi|club|site|wang|pw|cx"
            + ")(?![A-Za-z])",
        "(?:[ａ-ｚＡ-Ｚ０-９]+[．。])+(?:ｃｏｍ|ＣＯＭ|ｎｅｔ|ＮＥＴ|ｏｒｇ|ｃｃ|ｌａ|ｉｎｆｏ|ｃｎ)",
    ])

    /// Pieces one of which a line naming a domain holds.
    static let domainHints = [
        ".com", ".net", ".org", ".cc", ".la", ".info", ".cn", ".tw", ".hk", ".me", ".co", ".so", ".io", ".xyz", ".top",
        ".vip", ".tv", ".us", ".biz", ".in", ".am", ".ws", ".mobi", ".club", ".site", ".wang", ".pw", ".cx", ".COM",
        ".NET", ".ORG", ".CC", ".LA", "点com", "點com", "。com", "．ｃｏｍ", "．ＣＯＭ", "．ｎｅｔ", "．ＮＥＴ", "．ｏｒｇ",
        "．ｃｃ", "．ｌａ", "．ｉｎｆｏ", "．ｃｎ", "。ｃｏｍ", "。ｎｅｔ",
    ]

    /// A non-capturing group of the alternatives.
    static func oneOf(_ alternatives: [String]) -> String {
        "(?:" + alternatives.joined(separator: "|") + ")"
    }
}
