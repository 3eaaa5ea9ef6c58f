import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The scan's first test of a line (`HeadingPrefilter`) answers as the rules it stands for: a line may be
/// a heading when its first character can start one (`HeadingMatcher.firstScalars`) and, for ASCII, its
/// first word can (`EnglishHeading.mayStart`).
struct HeadingPrefilterTests {
    /// The rules' own answer for the trimmed line `start..<end`, without the prefilter's tables.
    static func rules(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let first = bytes[start]
        guard first < 0x80 else { return HeadingMatcher.firstScalars.contains(decodeScalar(bytes, at: start).0) }
        return HeadingMatcher.firstScalars.contains(UInt32(first)) && EnglishHeading.mayStart(bytes, start, end)
    }

    /// The lines of `line` on which the prefilter and the rules disagree (none or the line itself).
    static func disagreements(_ line: String) -> [String] {
        let prefilter = HeadingPrefilter()
        return Array(line.utf8).withUnsafeBufferPointer { bytes in
            guard !bytes.isEmpty else { return [] }
            return prefilter.mayBeHeading(bytes, 0, bytes.count) == rules(bytes, 0, bytes.count) ? [] : [line]
        }
    }

    @Test func everyPairOfPrintableBytesAnswersAsTheRules() {
        let printable = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        var wrong: [String] = []
        for first in printable {
            wrong += Self.disagreements(first)
            for second in printable + [" "] {
                for rest in ["", "rest of a line", ". THE STORM", "V."] {
                    wrong += Self.disagreements(first + second + rest)
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test func keywordsNumeralsAndProseAnswerAsTheRules() {
        let starts = [
            "CHAPTER", "Chapter", "ChApTeR", "CHAP", "Chapters", "Letter", "LETTERS", "Stave", "STAVES", "BOOK",
            "Booking", "Part", "Parting", "Volume", "PREFACE", "Introduction", "Introducing", "Prologue",
            "Etymology", "Extracts", "Epilogue", "Conclusion", "Afterword", "Appendix", "Notes", "Nothing",
            "Foreword", "Forward", "IV", "I", "MCMXC", "MDCLXVI", "Mary", "Come", "Cocoa", "In", "It", "Dear",
            "Xylophone",
            "Vivid", "LX", "Lx", "[Illustration", "(Continued", "「第一章」", "第一章", "序", "卷一", "上卷", "正文", "The", "A", "Z",
        ]
        var wrong: [String] = []
        for start in starts {
            for after in ["", " ", ".", ". THE STORM", " I", " 12", "s", ":", "-", " the First", "\t"] {
                wrong += Self.disagreements(start + after)
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test(.enabled(if: Corpus.isAvailable))
    func everyLineOfTheCorpusAnswersAsTheRules() throws {
        let folders = ["gutenberg", "real", "wild"]
        var books = 0
        var lines = 0
        var wrong: [String] = []
        let prefilter = HeadingPrefilter()
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: Corpus.path(folder)).sorted()
            for name in names where name.hasSuffix(".txt") {
                let book = try BookOpener.open(path: Corpus.path(folder + "/" + name))
                books += 1
                book.text.utf8.withUnsafeBufferPointer { bytes in
                    var lineStart = 0
                    while lineStart < bytes.count {
                        let lineEnd = LineBounds.end(bytes, from: lineStart)
                        let (start, end) = Blanks.trimmed(bytes, lineStart, lineEnd)
                        lineStart = lineEnd + 1
                        guard start < end else { continue }
                        lines += 1
                        if prefilter.mayBeHeading(bytes, start, end) != Self.rules(bytes, start, end) {
                            wrong.append("\(name): " + ChapterSplitter.text(bytes, start..<end))
                        }
                    }
                }
            }
        }
        #expect(books >= 15 && lines > 100_000, "\(books) books, \(lines) lines")
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }
}
