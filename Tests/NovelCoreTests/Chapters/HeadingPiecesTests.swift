import Testing

@testable import NovelCore

/// The scan for headings cut into pieces at line ends and joined in order finds exactly what one pass
/// finds — the same lines, and the same count of text lines before each — wherever the cuts fall; and
/// a split with work beside it is the plain split, or nothing when that work says so.
struct HeadingPiecesTests {
    typealias Book = ChapterTestBook

    /// Every form the scan meets: English and Chinese headings, a list of contents, Roman numerals alone,
    /// indented and blank lines, lines of spaces, long and short text lines, and no line feed at the end.
    static let text: String = {
        var text = "THE BOOK OF PIECES\n\nCONTENTS\n\n     CHAPTER I.    The Ferry\n     CHAPTER II.   Night Rain\n\n\n"
        text += "CHAPTER I.\n\nTHE FERRY\n\n" + DenseBookTests.prose
        text += "   \n\t\nA short line.\nA much longer line of text that goes on for a while before it ends.\n"
        text += "CHAPTER II.\n" + DenseBookTests.prose + "\n\n\n"
        text += "I\n\nIt was dark.\n\nII\n\nIt was light.\n\n"
        text += Book.body(["第一章　渡口", "第二章　夜雨"]) + "　　他推开门。\n\n"
        text += "[Illustration: The vane. Chapter III.]\n\nCHAPTER III\n\nThe last words, with no line feed"
        return text
    }()

    /// What a test compares of a found heading: everything the whole-book steps read.
    static func signature(_ heading: ChapterSplitter.FoundHeading) -> String {
        "\(heading.lineStart) \(heading.bodyStart) \(heading.line) \(heading.titleEnd) \(heading.textLinesBefore) "
            + "\(heading.longestTextLineBefore) \(heading.titleAfterMarker) \(heading.candidate) \(String(describing: heading.note))"
    }

    /// The headings of `text` from one pass, and from its pieces (a first one of `firstPart` bytes, then
    /// of `size`) scanned one by one and joined.
    static func scans(_ text: String, firstPart: Int, size: Int) -> (
        whole: [String], joined: [String], pieces: [Range<Int>]
    ) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let splitter = ChapterSplitter()
            var trace: ChapterTrace?
            let whole = splitter.findHeadings(buffer, trace: &trace).map(signature)
            let pieces = ChapterSplitter.linePieces(buffer, firstPart: firstPart, size: size)
            let scans = pieces.map { piece in
                let scan = splitter.findHeadings(buffer, piece, trace: &trace)
                return ChapterSplitter.PieceScan(
                    found: scan.found, textLines: scan.textLines, longestTextLine: scan.longestTextLine)
            }
            return (whole, ChapterSplitter.joined(scans).map(signature), pieces)
        }
    }

    @Test func piecesCutAtEveryPlaceJoinToOnePass() {
        let bytes = Array(Self.text.utf8)
        var checked = 0
        for firstPart in 0...bytes.count {
            for size in [1, 13, 200, bytes.count] where firstPart % 7 == 0 || size == 13 {
                let (whole, joined, pieces) = Self.scans(Self.text, firstPart: firstPart, size: size)
                #expect(whole.count > 5)
                guard joined == whole else {
                    Issue.record(
                        "first part \(firstPart), pieces of \(size): \(joined.count) headings, expected \(whole.count)")
                    return
                }
                checked += 1
                // The pieces cover the text, in order, each but the last ending just past a line feed.
                #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == bytes.count)
                for (piece, next) in zip(pieces, pieces.dropFirst()) {
                    #expect(piece.upperBound == next.lowerBound && bytes[piece.upperBound - 1] == 0x0A)
                }
            }
        }
        #expect(checked > bytes.count)
    }

    @Test func piecesOfATextWithoutHeadingsOrLineFeeds() {
        for text in ["", "\n", "\n\n\n", "just one line", "two\nlines", "   \n \n"] {
            for firstPart in 0...3 {
                let (whole, joined, pieces) = Self.scans(text, firstPart: firstPart, size: 1)
                #expect(joined == whole)
                #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == text.utf8.count)
            }
        }
    }

    @Test func theTextLinesBeforeAHeadingAreCountedAcrossPieces() {
        // Three text lines, the longest in the middle, each in a piece of its own, then a heading.
        let text = "short\na much longer line\nmid\nCHAPTER I.\n\nThe text.\n"
        let (whole, joined, pieces) = Self.scans(text, firstPart: 1, size: 1)
        #expect(pieces.count >= 4)
        #expect(joined == whole)
        let bytes = Array(text.utf8)
        let heading = bytes.withUnsafeBufferPointer { buffer -> ChapterSplitter.FoundHeading? in
            var trace: ChapterTrace?
            return ChapterSplitter().findHeadings(buffer, trace: &trace).first
        }
        #expect(heading?.textLinesBefore == 3)
        #expect(heading?.longestTextLineBefore == "a much longer line".utf8.count)
    }

    @Test func aSplitWithWorkBesideItIsThePlainSplit() throws {
        for text in [Self.text, String(repeating: Self.text + "\n", count: 40)] {
            let book = Book.bookText(text)
            let plain = ChapterSplitter().splitKeepingScan(book)
            var ran = 0
            let beside = try #require(
                ChapterSplitter().splitKeepingScan(book) {
                    ran += 1
                    return false
                })
            #expect(ran == 1)
            #expect(beside.index == plain.index)
            #expect(beside.scan == plain.scan)
            #expect(plain.index.entries.count > 3)
        }
        // A user's pattern too.
        let custom = try ChapterSplitter(customPattern: "^CHAPTER")
        let book = Book.bookText(Self.text)
        #expect(custom.splitKeepingScan(book) { false }?.index == custom.splitKeepingScan(book).index)
    }

    @Test func workBesideTheSplitThatAnswersStopsIt() {
        let book = Book.bookText(String(repeating: Self.text + "\n", count: 40))
        #expect(ChapterSplitter().splitKeepingScan(book) { true }?.index == nil)
    }
}
