import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Paragraph reconstruction: which lines join, how, and which paragraph starts are kept.
@Suite struct ParagraphReflowTests {
    // MARK: CJK

    /// A paragraph wrapped at 20 characters (40 columns): indented first line, continuation lines at
    /// column 0, the last line short.
    static let wrappedParagraph =
        "    " + hanzi(18) + "\n" + hanzi(20, from: "风吹柳岸月照山门客") + "\n" + hanzi(7, from: "归来夜已深") + "。\n"

    @Test func continuationLinesJoinWithoutASpace() {
        let text = Self.wrappedParagraph
        let expected = "    " + hanzi(18) + hanzi(20, from: "风吹柳岸月照山门客") + hanzi(7, from: "归来夜已深") + "。\n"
        #expect(shown(text, profile: cjkWrapped(40)) == expected)
    }

    @Test func anIndentedLineStartsAParagraph() {
        let text = Self.wrappedParagraph + "    " + hanzi(18, from: "第二段起") + "\n"
        let result = shown(text, profile: cjkWrapped(40))
        #expect(result.hasSuffix("。\n    " + hanzi(18, from: "第二段起") + "\n"))
    }

    /// A short line that ends a sentence is a paragraph's last line, even when the next one is not indented.
    @Test func aShortLineEndingASentenceEndsTheParagraph() {
        let text = hanzi(20) + "\n" + hanzi(6) + "。\n" + hanzi(20, from: "另起一段") + "\n" + hanzi(3) + "。\n"
        let result = shown(text, profile: cjkWrapped(40))
        #expect(result == hanzi(20) + hanzi(6) + "。\n" + hanzi(20, from: "另起一段") + hanzi(3) + "。\n")
    }

    @Test func shortVerseLinesAreKept() {
        let verse = "    春风一夜到江城，\n    万树梨花带雨明。\n    " + hanzi(18) + "\n"
        #expect(shown(verse, profile: cjkWrapped(40)) == verse)
    }

    /// The line after 詩曰 / 有詩為證 starts a paragraph even when the marker's line is full.
    @Test func linesAfterAVerseMarkerAreKept() {
        for marker in ["詩曰：", "有詩為證：", "诗曰"] {
            let first = hanzi(40 / 2 - marker.count) + marker
            let text = first + "\n" + "江上清风山间明月\n"
            #expect(shown(text, profile: cjkWrapped(40)) == text, "\(marker)")
        }
    }

    @Test func listItemsAreKept() {
        for item in ["一、" + hanzi(5), "（二）" + hanzi(5), "3. " + hanzi(5), "- " + hanzi(5)] {
            let text = hanzi(20) + "\n" + item + "\n"
            #expect(shown(text, profile: cjkWrapped(40)) == text, "\(item)")
        }
    }

    @Test func aBlankLineKeepsParagraphsApart() {
        let text = hanzi(20) + "\n\n" + hanzi(20) + "\n"
        #expect(shown(text, profile: cjkWrapped(40)) == text)
    }

    @Test func reflowOffChangesNothing() {
        let options = DisplayOptions(reflow: .off, smartQuotes: true, hideSiteJunk: true)
        #expect(shown(Self.wrappedParagraph, profile: cjkWrapped(40), options: options) == Self.wrappedParagraph)
    }

    /// `auto` follows the profile; a book that is not hard-wrapped is shown as it is.
    @Test func autoFollowsTheProfile() {
        #expect(shown(Self.wrappedParagraph, profile: cjkPlain) == Self.wrappedParagraph)
        let on = DisplayOptions(reflow: .on)
        #expect(shown(Self.wrappedParagraph, profile: cjkPlain, options: on) != Self.wrappedParagraph)
    }

    /// The chapter heading is laid out as the title and never joined to the body, even when the body's
    /// lines are joined.
    @Test func aChapterHeadingIsNotMergedIntoText() throws {
        var text = "第一章　归来\n"
        for _ in 0..<30 { text += Self.wrappedParagraph }
        let book = TestBooks.book(text)
        #expect(book.profile.isHardWrapped)
        let entry = try #require(book.index.entries.firstIndex { $0.title.hasPrefix("第一章") })
        let settings = TestBooks.layoutSettings(width: 60, display: DisplayOptions())
        let layout = PageLayouter(settings: settings, viewport: Viewport(columns: 60, rows: 24)).layout(
            book, entry: entry)
        let lines = lineTexts(layout, book)
        #expect(layout.lines[0].kind == .title)
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "第一章  归来")  // U+3000 shows as a gap
        #expect(layout.lines[1].kind == .text)
        #expect(!lines.dropFirst().contains { $0.contains("归来第") || $0.contains("第一章") })
        // The body's paragraph is one paragraph: 45 characters at 60 columns (28 a line after the indent) is 2 lines.
        #expect(layout.display != nil)
    }

    // MARK: Latin

    @Test func latinLinesJoinWithOneSpace() {
        let text = "The weather vane had pointed east for as long as anyone could\nremember, and it went on doing so.\n"
        #expect(
            shown(text, profile: latinWrapped(64))
                == "The weather vane had pointed east for as long as anyone could remember, and it went on doing so.\n")
    }

    @Test func aHyphenAtALineEndIsKeptAsWritten() {
        let text =
            "He was a tall, narrow young man, and his coat was so weather-\nbeaten that it might have belonged to the cockerel.\n"
        #expect(shown(text, profile: latinWrapped(64)).contains("so weather-beaten that"))
    }

    /// A letter's salutation and signature are short lines: kept.
    @Test func lettersAreKept() {
        let text =
            "My dear Hale,\n\nI am told that the chapel wants a new roof, a new stove and a new\ncongregation.\n\nYours in haste,\n    Arthur Penrose\n"
        let result = shown(text, profile: latinWrapped(66))
        #expect(result.contains("My dear Hale,\n"))
        #expect(result.contains("Yours in haste,\n    Arthur Penrose"))
        #expect(result.contains("a new congregation."))
    }

    @Test func gutenbergItalicsLoseTheirUnderscores() {
        let text =
            "\"_Stuck_,\" he said at last, in a voice that was nothing like the one\nhe used for snake_case names.\n"
        let result = shown(text, profile: latinWrapped(68))
        #expect(result.hasPrefix("“Stuck,” he said"))
        #expect(result.contains("snake_case"))
    }

    // MARK: The profile

    @Test func aHardWrappedBookIsFoundHardWrapped() {
        var text = ""
        for _ in 0..<40 { text += Self.wrappedParagraph }
        let profile = Array(text.utf8).withUnsafeBufferPointer { TextProfile.analyse($0) }
        #expect(profile.script == .cjk)
        #expect(profile.isHardWrapped)
        #expect(profile.wrapWidth == 40)
        #expect(profile.reason.hasPrefix("hard-wrapped at 40 columns"))
    }

    /// One paragraph a line, of every length: not hard-wrapped.
    @Test func aBookWithOneParagraphALineIsNot() {
        var text = ""
        for length in 0..<200 { text += "    " + hanzi(5 + (length * 37) % 140) + "。\n" }
        let profile = Array(text.utf8).withUnsafeBufferPointer { TextProfile.analyse($0) }
        #expect(!profile.isHardWrapped)
        #expect(profile.reason.hasPrefix("not hard-wrapped"))
    }

    /// Lines of one width that end their sentences (a poem, a list) are not a hard wrap.
    @Test func linesOfOneWidthEndingSentencesAreNot() {
        var text = ""
        for _ in 0..<100 { text += hanzi(9) + "。\n" }
        let profile = Array(text.utf8).withUnsafeBufferPointer { TextProfile.analyse($0) }
        #expect(!profile.isHardWrapped)
    }

    @Test func theEnglishSampleReadsAsParagraphs() throws {
        let book = try BookOpener.open(path: Corpus.repositoryPath("books/the-weather-vane.txt"))
        #expect(book.profile.script == .latin)
        #expect(book.profile.isHardWrapped)
        #expect(book.profile.wrapWidth == 70)
        let entry = try #require(book.index.entries.firstIndex { $0.title == "CHAPTER I. THE COCKEREL ON THE ROOF" })
        let display = try #require(DisplayTransform.display(book, entry: entry, options: DisplayOptions()))
        let text = String(decoding: display.utf8, as: UTF8.self)
        let paragraphs = text.split(separator: "\n").map(String.init)
        // Every prose paragraph is one line now.
        #expect(
            paragraphs.contains { $0.hasPrefix("The weather vane on the chapel") && $0.hasSuffix("towards the sea.") })
        #expect(paragraphs.contains { $0.hasPrefix("Martha Greaves, who kept") && $0.hasSuffix("already know.”") })
        #expect(text.contains("so weather-beaten that"))
        #expect(!text.contains("_Stuck_"))
    }

    /// The licence header is front matter and the footer an entry of its own, not part of a chapter.
    @Test func gutenbergHeaderAndFooterAreFrontAndBackMatter() throws {
        let book = try BookOpener.open(path: Corpus.repositoryPath("books/the-weather-vane.txt"))
        let entries = book.index.entries
        let text = String(decoding: book.text.utf8, as: UTF8.self)
        let start = try #require(text.utf8.firstRange(of: "*** START OF".utf8)).lowerBound
        let end = try #require(text.utf8.firstRange(of: "*** END OF".utf8)).lowerBound
        let startOffset = text.utf8.distance(from: text.utf8.startIndex, to: start)
        let endOffset = text.utf8.distance(from: text.utf8.startIndex, to: end)
        #expect(entries[book.index.entryIndex(containing: startOffset)].kind == .front)
        let footer = entries[book.index.entryIndex(containing: endOffset)]
        #expect(footer.range.lowerBound == endOffset)
        #expect(footer.title.hasPrefix("END OF THE PROJECT GUTENBERG EBOOK"))
        #expect(
            entries.filter { $0.kind == .chapter }.map(\.title) == [
                "CHAPTER I. THE COCKEREL ON THE ROOF", "CHAPTER II. A LETTER FROM THE BISHOP",
                "CHAPTER III. WHAT THE WIND SAID",
            ])
    }
}
