import NovelTestSupport
import Testing

@testable import NovelCore

/// Sentences of a chapter as it is shown, found with ICU's sentence rules, on samples of our own writing.
@Suite struct SentenceFinderTests {
    static let chinese = """
        第一章　雨夜

        　　雨下了一整夜。他站在窗前，一动不动！“你还不睡吗？”她问。
        　　他没有回答……过了很久，才说：“明天再说吧。”[1]
        　　……
        　　窗外，3.5米高的树在风里摇。

        """

    static let english = """
        CHAPTER I.
        THE STORM

        Mr. Hale looked out at the sea. "Will it pass?" asked his wife.
        He did not answer[2] at once; the wind rose. It was late!

        [Illustration: A ship in the storm]

        * * * * *

        At dawn the sea was calm.

        """

    static func texts(_ sentences: [SpokenSentence]) -> [String] { sentences.map(\.text) }

    static func chapter(_ book: Book) throws -> Int {
        try #require(book.index.entries.firstIndex { $0.kind == .chapter })
    }

    @Test func chineseSentencesEndAtTheirMarksWithTheirClosingQuotes() throws {
        let book = TestBooks.book(Self.chinese)
        let sentences = SentenceFinder.sentences(book, entry: try Self.chapter(book), options: .verbatim)
        #expect(
            Self.texts(sentences) == [
                "第一章 雨夜", "雨下了一整夜。", "他站在窗前，一动不动！", "“你还不睡吗？”", "她问。",
                "他没有回答……过了很久，才说：“明天再说吧。”", "窗外，3.5米高的树在风里摇。",
            ])
        #expect(sentences.map(\.isHeading) == [true] + Array(repeating: false, count: 6))
    }

    @Test func englishSentencesKeepAbbreviationsAndSkipMarkersAndIllustrations() throws {
        let book = TestBooks.book(Self.english)
        #expect(book.profile.script == .latin)
        let sentences = SentenceFinder.sentences(book, entry: try Self.chapter(book), options: DisplayOptions())
        #expect(
            Self.texts(sentences) == [
                "CHAPTER I.", "THE STORM", "Mr. Hale looked out at the sea.", "“Will it pass?” asked his wife.",
                "He did not answer at once; the wind rose.", "It was late!", "At dawn the sea was calm.",
            ])
        #expect(sentences.map(\.isHeading) == [true, true] + Array(repeating: false, count: sentences.count - 2))
    }

    /// Each sentence's range is the book bytes it shows: as written, they are the shown bytes themselves.
    @Test func rangesAreTheBookBytesShown() throws {
        for sample in [Self.chinese, Self.english] {
            let book = TestBooks.book(sample)
            let bytes = Array(book.text.utf8)
            let shown = ShownChapter.text(book, entry: try Self.chapter(book), options: .verbatim)
            for sentence in SentenceFinder.sentences(book, entry: try Self.chapter(book), options: .verbatim) {
                #expect(Array(bytes[sentence.range]) == Array(shown.utf8[sentence.shown]))
            }
        }
    }

    /// Curly quotes and joined lines change the shown bytes; the range still covers the sentence's own
    /// bytes in the book, from its first character to its last.
    @Test func rangesMapBackThroughTransforms() throws {
        let wrapped = String(
            repeating: "The rain fell on the roofs of the town all night long, and\nno one slept. ", count: 8)
        let book = TestBooks.book("CHAPTER I.\n\n" + wrapped + "\"Go,\" she said.\n")
        let bytes = Array(book.text.utf8)
        var options = DisplayOptions()
        options.reflow = .on
        let sentences = SentenceFinder.sentences(book, entry: try Self.chapter(book), options: options)
        let last = try #require(sentences.last)
        #expect(last.text == "“Go,” she said.")
        #expect(String(decoding: bytes[last.range], as: UTF8.self) == "\"Go,\" she said.")
        let joined = try #require(sentences.first { $0.text.hasPrefix("The rain") })
        #expect(joined.text.contains("and no one slept."))
        #expect(String(decoding: bytes[joined.range], as: UTF8.self).contains("and\nno one slept."))
    }

    @Test func hiddenSiteJunkIsNotSpoken() throws {
        let book = TestBooks.book("第一章　开始\n\n本章字数：3021\n　　他来了。\n")
        let entry = try Self.chapter(book)
        #expect(
            Self.texts(SentenceFinder.sentences(book, entry: entry, options: DisplayOptions())) == ["第一章 开始", "他来了。"])
        #expect(
            Self.texts(SentenceFinder.sentences(book, entry: entry, options: .verbatim)) == [
                "第一章 开始", "本章字数：3021", "他来了。",
            ])
    }

    @Test func aConversionChangesWhatIsSpokenButNotWhereItStands() throws {
        let book = TestBooks.book("第一章　开始\n\n　　头发很长。软件很好。\n")
        let entry = try Self.chapter(book)
        var options = DisplayOptions()
        let plain = SentenceFinder.sentences(book, entry: entry, options: options)
        options.convert = .s2t
        let converted = SentenceFinder.sentences(book, entry: entry, options: options)
        #expect(Self.texts(converted) == ["第一章 開始", "頭髮很長。", "軟件很好。"])
        #expect(converted.map(\.range) == plain.map(\.range))
    }

    @Test func footnoteMarkersAndImagePlaceholdersAreCutFromWhatIsSaid() {
        let text = "他笑了［２］。[image: 地图]她也笑了〔3〕。\n[image]\n真的[*]吗？\n"
        let book = TestBooks.book(text, split: false)
        #expect(
            Self.texts(SentenceFinder.sentences(book, entry: 0, options: .verbatim)) == [
                "他笑了。", "她也笑了。", "真的吗？",
            ])
    }

    /// Brackets that hold words are text, not markers.
    @Test func bracketsHoldingWordsAreSpoken() {
        let book = TestBooks.book("He said [quietly] that 12 [13] men came.\n", split: false)
        #expect(
            Self.texts(SentenceFinder.sentences(book, entry: 0, options: .verbatim)) == [
                "He said [quietly] that 12 men came."
            ])
    }

    /// A line that ends with a clause mark was cut where its sentence goes on (a hard-wrapped line, the first
    /// line of a couplet): the sentence runs on into the next line, but not past a blank line. A line that
    /// ends in a word with no mark stays a piece of its own.
    @Test func aSentenceGoesOnAfterALineEndingWithAClauseMark() {
        let text = """
            昨夜风雨打窗，
            今朝花落满庭。
            他说：
            　　“走吧，天要亮了。”
            她没有答应，

            只是坐着。
            话说那日
            天色已晚。

            """
        let book = TestBooks.book(text, split: false)
        #expect(
            Self.texts(SentenceFinder.sentences(book, entry: 0, options: .verbatim)) == [
                "昨夜风雨打窗， 今朝花落满庭。", "他说： “走吧，天要亮了。”", "她没有答应，", "只是坐着。", "话说那日", "天色已晚。",
            ])
    }

    /// In Latin text a line that starts with a small letter goes on from the line before (a hard-wrapped
    /// sentence not reflowed); one that starts with a capital (a verse line) does not.
    @Test func aLatinLineStartingSmallGoesOnFromTheLineBefore() {
        let text = """
            Any money paid for a work may be returned within ninety days of
            receipt of the work. The lamps were lit,
            And the sea was calm
            Under the moon.

            """
        let book = TestBooks.book(text, split: false)
        #expect(
            Self.texts(SentenceFinder.sentences(book, entry: 0, options: .verbatim)) == [
                "Any money paid for a work may be returned within ninety days of receipt of the work.",
                "The lamps were lit, And the sea was calm", "Under the moon.",
            ])
    }

    /// A sentence longer than `longestSentence` (a list of many items, a page-long period) is cut after its
    /// clause marks into utterances within the limit; every character is still said, once and in order.
    @Test(arguments: [TextProfile.Script.cjk, .latin])
    func aVeryLongSentenceIsCutAtItsClauseMarks(script: TextProfile.Script) {
        let item = script == .cjk ? "金蝉遭贬第一难，出城逢虎第二难，" : "the lamp on the pier, the boat at the wall, "
        let text =
            (script == .cjk ? "上写着：" : "He saw ") + String(repeating: item, count: 30)
            + (script == .cjk ? "都记在此。\n" : "and all the rest.\n")
        let book = TestBooks.book(text, split: false)
        #expect(book.profile.script == script)
        let sentences = SentenceFinder.sentences(book, entry: 0, options: .verbatim)
        let longest = SentenceFinder.longestSentence(script)
        #expect(sentences.count > 1)
        #expect(sentences.allSatisfy { $0.text.unicodeScalars.count <= longest }, "\(sentences.map(\.text))")
        #expect(sentences.dropLast().allSatisfy { SentenceFinder.clauseMarks.contains($0.text.unicodeScalars.last!) })
        let said = sentences.map(\.text).joined(separator: script == .cjk ? "" : " ")
        #expect(said == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(zip(sentences, sentences.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
    }
}
