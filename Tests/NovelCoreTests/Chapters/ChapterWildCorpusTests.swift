import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The corpus's `wild/` books (MANIFEST §9), as downloaded: against their ground truth where there is one.
struct ChapterWildCorpusTests {
    /// 定情人: a list of contents (one entry every third line), then bare body headings whose title
    /// couplet is on the next two lines.
    @Test func dingqingrenHasItsSixteenBodyChaptersWithTheirTitles() throws {
        guard Corpus.isAvailable else {
            print("ChapterWildCorpusTests: \(Corpus.absentMessage)")
            return
        }
        let text = try BookLoader.load(path: Corpus.path("wild/dingqingren.big5-crlf.txt"))
        let index = ChapterSplitter().split(text)
        let expected = try ChapterCorpusTests.groundTruth("dingqingren.big5-crlf.chapters.tsv")
        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.map(\.number) == expected.map(\.number))
        #expect(ChapterCorpusTests.lineNumbers(text, chapters.map(\.range.lowerBound)) == expected.map(\.line))
        // Each title is the bare heading and its couplet: two halves after the heading the ground truth names.
        for (chapter, truth) in zip(chapters, expected) {
            let parts = chapter.title.split(separator: "\u{3000}")
            #expect(parts.first.map(String.init) == truth.heading && parts.count == 3, "\(chapter.title)")
        }
        // Nothing else is an entry: the list of contents is front matter.
        #expect(index.entries.count == chapters.count + 1)
        #expect(index.entries.first?.kind == .front)
    }

    /// 西湖二集: 序 and 34 卷 headings (卷 is the unit, so they are its chapters); no ground truth file.
    @Test func xihuErjiHasItsPrefaceAndThirtyFourVolumes() throws {
        guard Corpus.isAvailable else { return }
        let text = try BookLoader.load(path: Corpus.path("wild/xihu-erji.big5-crlf.txt"))
        let index = ChapterSplitter().split(text)
        #expect(index.entries.filter { $0.kind == .special }.map(\.title) == ["序"])
        #expect(index.entries.filter { $0.kind == .chapter }.compactMap(\.number) == Array(1...34))
    }
}
