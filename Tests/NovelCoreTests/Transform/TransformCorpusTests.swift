import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The display transforms on the real corpus books: the hard-wrapped sample reads as paragraphs, no
/// book gets more paragraph ends in mid-sentence, and no line break leaves a straight quote at the
/// wrong end of a line.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
struct TransformCorpusTests {
    static let books = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/sanguoyanyi.gb18030-lf.txt",
        "real/rulinwaishi.big5hkscs-crlf.txt", "real/ernvyingxiongzhuan.big5hkscs-crlf.txt",
        "real/laocanyouji.big5hkscs-crlf.txt", "real/niehaihua.big5hkscs-crlf.txt", "real/ahq-zhengzhuan.utf8-crlf.txt",
        "wild/dingqingren.big5-crlf.txt", "wild/xihu-erji.big5-crlf.txt",
    ]

    /// Paragraphs (shown lines of body text) and how many of them end in the middle of a sentence.
    static func paragraphEnds(_ book: Book, _ options: DisplayOptions) -> (paragraphs: Int, midSentence: Int) {
        var paragraphs = 0
        var mid = 0
        for entry in book.index.entries.indices {
            let section = book.index.entries[entry]
            let display = DisplayTransform.display(book, entry: entry, options: options)
            let bytes = display?.utf8 ?? Array(book.text.utf8[section.range])
            let bodyStart =
                display?.bodyStart ?? (max(section.bodyStart, section.range.lowerBound) - section.range.lowerBound)
            bytes.withUnsafeBufferPointer { buffer in
                var start = min(bodyStart, buffer.count)
                while start < buffer.count {
                    var end = start
                    while end < buffer.count && buffer[end] != 0x0A { end += 1 }
                    let line = LineFacts.of(buffer, start..<end)
                    // Short lines (verse, headings) are not prose paragraphs.
                    if !line.isBlank && line.width >= 24 {
                        paragraphs += 1
                        if !SentenceEnd.contains(line.lastScalar) && line.lastScalar != 0xFF1A
                            && line.lastScalar != 0x3A
                        {
                            mid += 1
                        }
                    }
                    start = end + 1
                }
            }
        }
        return (paragraphs, mid)
    }

    @Test(arguments: books)
    func noBookGetsWorse(path: String) throws {
        let book = try BookOpener.open(path: Corpus.path(path))
        let before = Self.paragraphEnds(book, .verbatim)
        let after = Self.paragraphEnds(book, DisplayOptions())
        let beforeShare = Double(before.midSentence) / Double(max(1, before.paragraphs))
        let afterShare = Double(after.midSentence) / Double(max(1, after.paragraphs))
        #expect(afterShare <= beforeShare, "\(path): \(before) → \(after)")
        print(
            "TransformCorpusTests \(path): \(book.profile.reason); mid-sentence paragraph ends \(before.midSentence)/\(before.paragraphs) → \(after.midSentence)/\(after.paragraphs)"
        )
    }

    /// Only the hard-wrapped sample is found hard-wrapped, and with reflow fewer than 8% of its
    /// paragraph ends fall in the middle of a sentence.
    @Test func onlyTheHardWrappedSampleIsReflowed() throws {
        for path in Self.books {
            let book = try BookOpener.open(path: Corpus.path(path))
            #expect(
                book.profile.isHardWrapped == (path == "wild/xihu-erji.big5-crlf.txt"),
                "\(path): \(book.profile.reason)")
        }
        let book = try BookOpener.open(path: Corpus.path("wild/xihu-erji.big5-crlf.txt"))
        let after = Self.paragraphEnds(book, DisplayOptions())
        #expect(Double(after.midSentence) < 0.08 * Double(after.paragraphs), "\(after)")
    }

    /// Every line break of every corpus book at widths 37 and 80, straight quotes shown straight and curly.
    @Test(arguments: books)
    func noStraightQuoteAtTheWrongLineEnd(path: String) throws {
        let book = try BookOpener.open(path: Corpus.path(path))
        guard book.profile.script == .cjk, book.text.utf8.contains(0x22) else { return }
        for smart in [true, false] {
            for width in [37, 80] {
                let options = DisplayOptions(reflow: .auto, smartQuotes: smart, hideSiteJunk: true)
                let layouter = PageLayouter(
                    settings: TestBooks.layoutSettings(width: width, display: options),
                    viewport: Viewport(columns: width, rows: 24))
                var wrong = 0
                for entry in book.index.entries.indices {
                    let layout = layouter.layout(book, entry: entry)
                    guard let display = layout.display, !display.quoteRoles.isEmpty else { continue }
                    let opening = Set(display.quoteRoles.filter(\.opens).map(\.offset))
                    let closing = Set(display.quoteRoles.filter { !$0.opens }.map(\.offset))
                    for line in layout.lines {
                        guard let first = line.clusters.first, let last = line.clusters.last else { continue }
                        if opening.contains(last.shown.lowerBound) && line.clusters.count > 1 { wrong += 1 }
                        if closing.contains(first.shown.lowerBound) && line.clusters.count > 1 { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "\(path) width \(width) smart \(smart)")
            }
        }
    }
}
