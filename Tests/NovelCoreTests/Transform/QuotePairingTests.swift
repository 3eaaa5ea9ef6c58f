import NovelTestSupport
import Testing

@testable import NovelCore

/// Straight quotes in CJK text: paired, shown curly with `smartQuotes`, and kept off the wrong line end.
@Suite struct QuotePairingTests {
    @Test func quotesArePairedAndShownCurly() {
        #expect(shown("他说：\"你好。\"她笑了。\n", profile: cjkPlain) == "他说：“你好。”她笑了。\n")
        #expect(shown("\"走吧\"，他说，\"天黑了。\"\n", profile: cjkPlain) == "“走吧”，他说，“天黑了。”\n")
        #expect(shown("他说：'你好。'\n", profile: cjkPlain) == "他说：‘你好。’\n")
    }

    /// Without context quotes alternate: between two Han characters the first opens, the next closes.
    @Test func quotesWithoutContextAlternate() {
        #expect(shown("他叫\"阿福\"的那个人\n", profile: cjkPlain) == "他叫“阿福”的那个人\n")
    }

    @Test func smartQuotesOffKeepsTheGlyphs() {
        let options = DisplayOptions(reflow: .auto, smartQuotes: false, hideSiteJunk: true)
        let bytes = Array("他说：\"你好。\"\n".utf8)
        let display = DisplayTransform.display(bytes, profile: cjkPlain, options: options)
        #expect(display.map { String(decoding: $0.utf8, as: UTF8.self) } == "他说：\"你好。\"\n")
        #expect(display?.quoteRoles.map(\.opens) == [true, false])
    }

    /// A quotation running over paragraphs: a paragraph that reopens it starts with a quote; one that
    /// does not start with a quote continues it, so its quote closes.
    @Test func quotationsRunOnAcrossParagraphs() {
        let reopened = "他说：\"第一段。\n\"第二段。\"\n"
        #expect(shown(reopened, profile: cjkPlain) == "他说：“第一段。\n“第二段。”\n")
        let continued = "他说：\"第一段，\n第二段\"便走了。\n"
        #expect(shown(continued, profile: cjkPlain) == "他说：“第一段，\n第二段”便走了。\n")
    }

    @Test func apostrophesInLatinWordsAreNotQuotes() {
        #expect(shown("他读了 don't panic 这本书。\n", profile: cjkPlain) == "他读了 don't panic 这本书。\n")
    }

    /// Latin text has its own typography (EnglishTypographyTests); without smartQuotes it is left alone.
    @Test func latinTextWithoutSmartQuotesIsLeftAlone() {
        let latin = TextProfile(script: .latin, isHardWrapped: false, wrapWidth: nil, reason: "test")
        let options = DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: true)
        #expect(shown("He said, \"Hello.\"\n", profile: latin, options: options) == "He said, \"Hello.\"\n")
    }

    /// At every width, with quotes shown straight or curly, no line ends with an opening quote and none
    /// starts with a closing quote.
    @Test(arguments: [false, true])
    func quotesNeverStandAtTheWrongLineEnd(smart: Bool) throws {
        var text = ""
        for index in 0..<40 {
            text +=
                hanzi(index % 7 + 1) + "说：\"" + hanzi(index % 11 + 2) + "。\"" + hanzi(index % 5) + "\"" + hanzi(3)
                + "\"\n"
        }
        let book = TestBooks.book(text, split: false)
        let display = DisplayOptions(reflow: .off, smartQuotes: smart, hideSiteJunk: false)
        for width in 8...30 {
            let settings = TestBooks.layoutSettings(width: width, indent: 0, display: display)
            let layout = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 40)).layout(
                book, entry: 0)
            let roles = try #require(layout.display).quoteRoles
            let opening = Set(
                roles.filter(\.opens).map { layout.display!.originalRange($0.offset..<($0.offset + 1)).lowerBound })
            let closing = Set(
                roles.filter { !$0.opens }.map { layout.display!.originalRange($0.offset..<($0.offset + 1)).lowerBound }
            )
            #expect(opening.count == 80 && closing.count == 80)
            for line in layout.lines {
                guard let first = line.clusters.first, let last = line.clusters.last else { continue }
                #expect(!opening.contains(last.bytes.lowerBound), "width \(width): a line ends with an opening quote")
                #expect(!closing.contains(first.bytes.lowerBound), "width \(width): a line starts with a closing quote")
            }
        }
    }
}
