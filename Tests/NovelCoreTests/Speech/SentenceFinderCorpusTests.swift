import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Sentences over whole corpus books, Chinese and English, as the reader shows them by default.
@Suite(.enabled(if: Corpus.isAvailable, "\(Corpus.absentMessage)"))
struct SentenceFinderCorpusTests {
    static let books = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/rulinwaishi.big5hkscs-crlf.txt",
        "real/sanguoyanyi.gb18030-lf.txt", "real/niehaihua.big5hkscs-crlf.txt", "wild/xihu-erji.big5-crlf.txt",
        "gutenberg/pg1400.txt", "gutenberg/pg46.txt", "gutenberg/pg1260.txt",
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
        var (cutAtLineEnd, tooLong, longest) = (0, 0, 0)
        let limit = SentenceFinder.longestSentence(book.profile.script)
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
                let length = sentence.text.unicodeScalars.count
                longest = max(longest, length)
                // Longer than the limit only where no clause mark is left to cut at.
                if length > limit,
                    sentence.text.unicodeScalars.dropLast(limit / 10).contains(
                        where: SentenceFinder.clauseMarks.contains)
                {
                    tooLong += 1
                }
            }
            // A sentence ends at a clause mark and one line end only where the next one is a heading, or
            // where the two would be longer than the limit together (a long one cut there).
            for (sentence, next) in zip(sentences, sentences.dropFirst()) where !next.isHeading {
                let gap = shown.utf8[sentence.shown.upperBound..<next.shown.lowerBound]
                let together = sentence.text.unicodeScalars.count + next.text.unicodeScalars.count
                if gap.count(where: { $0 == 0x0A }) + Self.lineSeparators(in: gap) == 1, together <= limit,
                    let end = sentence.text.unicodeScalars.last, SentenceFinder.clauseMarks.contains(end)
                {
                    cutAtLineEnd += 1
                    if cutAtLineEnd <= 3 { print("\(path): cut at a line end: \(sentence.text) ⟶ \(next.text)") }
                }
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
                + "\(uncovered) of \(letters) letters unspoken, \(runOns) sentences running past 。！？, "
                + "\(cutAtLineEnd) cut at a clause mark and a line end, the longest \(longest) scalars")
        #expect(sentenceCount > 1000)
        // Caption lines and footnote markers only: well under one letter in a thousand.
        #expect(uncovered * 1000 < letters, "\(uncovered) of \(letters) letters unspoken")
        #expect(runOns == 0)
        #expect(cutAtLineEnd == 0)
        #expect(tooLong == 0, "\(tooLong) sentences over \(limit) scalars with a clause mark to cut at")
    }

    /// The kept line breaks (U+2028, E2 80 A8) in `bytes`.
    static func lineSeparators(in bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            if bytes[index] == 0xE2 && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8 { count += 1 }
            index += 1
        }
        return count
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
