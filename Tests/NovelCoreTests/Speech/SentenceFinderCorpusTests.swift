import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Sentences over whole corpus books, Chinese and English, as the reader shows them by default.
@Suite(.enabled(if: Corpus.isAvailable, "\(Corpus.absentMessage)"))
struct SentenceFinderCorpusTests {
    static let books = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/rulinwaishi.big5hkscs-crlf.txt",
        "gutenberg/pg1400.txt", "gutenberg/pg46.txt",
    ]

    /// Sentence ends of CJK text, and what may stand between one and the next sentence's start.
    static let cjkEnds: Set<Unicode.Scalar> = ["。", "！", "？"]

    static func isCloser(_ scalar: Unicode.Scalar) -> Bool {
        [.closePunctuation, .finalPunctuation].contains(scalar.properties.generalCategory) || scalar == "\u{201D}"
            || scalar == "\""
    }

    static func isSpeakable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    @Test(arguments: books)
    func sentencesCoverWhatIsShownInOrder(path: String) throws {
        let book = try BookOpener.open(path: Corpus.path(path))
        let options = DisplayOptions()
        var (sentenceCount, letters, uncovered, runOns) = (0, 0, 0, 0)
        for entry in book.index.entries.indices {
            let chapter = book.index.entries[entry].range
            let shown = ShownChapter.text(book, entry: entry, options: options)
            let sentences = SentenceFinder.sentences(book, entry: entry, options: options)
            sentenceCount += sentences.count
            var previousEnd = 0
            var covered = Array(repeating: false, count: shown.utf8.count)
            for sentence in sentences {
                #expect(sentence.shown.lowerBound >= previousEnd, "\(path) #\(entry): sentences overlap")
                previousEnd = sentence.shown.upperBound
                #expect(chapter.contains(sentence.range.lowerBound) && sentence.range.upperBound <= chapter.upperBound)
                for index in sentence.shown { covered[index] = true }
                #expect(sentence.text.unicodeScalars.contains(where: Self.isSpeakable))
                runOns += Self.runsOn(sentence.text) ? 1 : 0
            }
            // Every letter and digit shown belongs to a sentence, but for markers and caption lines.
            let text = String(decoding: shown.utf8, as: UTF8.self)
            var offset = 0
            for scalar in text.unicodeScalars {
                if Self.isSpeakable(scalar) {
                    letters += 1
                    if !covered[offset] { uncovered += 1 }
                }
                offset += UTF8.width(scalar)
            }
        }
        print(
            "\(path): \(sentenceCount) sentences, \(letters / max(1, sentenceCount)) letters each, "
                + "\(uncovered) of \(letters) letters unspoken, \(runOns) sentences running past 。！？")
        #expect(sentenceCount > 1000)
        // Caption lines and footnote markers only: well under one letter in a thousand.
        #expect(uncovered * 1000 < letters, "\(uncovered) of \(letters) letters unspoken")
        #expect(runOns == 0)
    }

    /// Whether `text` goes on with a CJK character after a `。！？` and its closing marks: ICU ends a
    /// sentence there, so no sentence should.
    static func runsOn(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if cjkEnds.contains(scalars[index]) {
                var next = index + 1
                while next < scalars.count, isCloser(scalars[next]) || cjkEnds.contains(scalars[next]) { next += 1 }
                if next < scalars.count, scalars[next].properties.isIdeographic { return true }
                index = next
            } else {
                index += 1
            }
        }
        return false
    }
}
