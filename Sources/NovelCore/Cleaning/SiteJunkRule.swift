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
                #"(?!.*[“”「」『』"]).{0,40}(?:手机阅读|手機閱讀|手机用户|手機用戶|最新章节|最新章節|无弹窗|無彈窗|全文阅读|全文閱讀|免费阅读|免費閱讀|请记住本站|請記住本站|本站域名|首发网址|首發網址|小说网|小說網).{0,60}"#,
            scope: .line,
            hints: [
                "手机阅读", "手機閱讀", "手机用户", "手機用戶", "最新章节", "最新章節", "无弹窗", "無彈窗", "全文阅读", "全文閱讀",
                "免费阅读", "免費閱讀", "请记住本站", "請記住本站", "本站域名", "首发网址", "首發網址", "小说网", "小說網",
            ], hintsAtStart: false),
        SiteJunkRule(
            name: "bare URL",
            pattern: #"[(（\[【]?\s*(?:https?://|www\.|ｗｗｗ．)[^\s　]+\s*[)）\]】]?"#, scope: .line,
            hints: ["http://", "https://", "www.", "ｗｗｗ．"], hintsAtStart: true),
    ]
}
