import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The corpus's real Project Gutenberg books (MANIFEST §10), with their licence header and footer: each
/// book's chapters are found at its body headings, none in its list of contents, and titled cleanly.
struct ChapterGutenbergCorpusTests {
    /// What a book's table of contents must hold.
    struct Expected: Sendable, CustomTestStringConvertible {
        var file: String
        /// The line over the list of contents (nil: the book has none).
        var contents: String?
        /// The body's first heading line, as written: its last line of this text (a list of contents that
        /// names it comes before).
        var bodyOpens: String
        /// Chapters per volume, in order (one count for a book without volumes).
        var chaptersPerVolume: [Int]
        var volumes: [String]
        var firstChapter: String
        var lastChapter: String
        /// Named sections, in order.
        var sections: [String]

        var testDescription: String { file }
    }

    static let books: [Expected] = [
        Expected(
            file: "pg1260.txt", contents: nil, bodyOpens: "CHAPTER I", chaptersPerVolume: [38], volumes: [],
            firstChapter: "CHAPTER I", lastChapter: "CHAPTER XXXVIII—CONCLUSION", sections: ["PREFACE"]),
        Expected(
            file: "pg1400.txt", contents: "Contents", bodyOpens: "Chapter I.", chaptersPerVolume: [59], volumes: [],
            firstChapter: "Chapter I.", lastChapter: "Chapter LIX.", sections: []),
        // 93 chapters in the twelve books, then the epilogue's three (the list names all 96), which follow
        // the last book's.
        Expected(
            file: "pg28054.txt", contents: "Contents", bodyOpens: "PART I",
            chaptersPerVolume: [0, 5, 8, 11, 0, 7, 7, 3, 0, 4, 8, 9, 0, 7, 10, 17],
            volumes: ["PART I"] + (1...3).map { "Book \(RomanNumeral.format($0))" } + ["PART II"]
                + (4...6).map { "Book \(RomanNumeral.format($0))" } + ["PART III"]
                + (7...9).map { "Book \(RomanNumeral.format($0))" } + ["PART IV"]
                + (10...12).map { "Book \(RomanNumeral.format($0))" },
            firstChapter: "Chapter I. Fyodor Pavlovitch Karamazov",
            lastChapter: "Chapter III. Ilusha’s Funeral. The Speech At The Stone", sections: ["EPILOGUE"]),
        Expected(
            file: "pg996.txt", contents: "CONTENTS VOLUME I", bodyOpens: "INTRODUCTION", chaptersPerVolume: [52, 74],
            volumes: ["Volume II"],
            firstChapter:
                "CHAPTER I. WHICH TREATS OF THE CHARACTER AND PURSUITS OF THE FAMOUS GENTLEMAN DON QUIXOTE OF LA MANCHA",
            lastChapter: "CHAPTER LXXIV. OF HOW DON QUIXOTE FELL SICK, AND OF THE WILL HE MADE, AND HOW HE DIED",
            sections: ["INTRODUCTION"]),
        Expected(
            file: "pg46.txt", contents: "CONTENTS", bodyOpens: "STAVE I:  MARLEY'S GHOST", chaptersPerVolume: [5],
            volumes: [],
            firstChapter: "STAVE I:  MARLEY'S GHOST", lastChapter: "STAVE V:  THE END OF IT", sections: ["PREFACE"]),
    ]

    @Test(arguments: books)
    func chaptersAreTheBodysHeadings(_ book: Expected) throws {
        guard Corpus.isAvailable else {
            print("ChapterGutenbergCorpusTests: \(Corpus.absentMessage)")
            return
        }
        let text = try BookLoader.load(path: Corpus.path("gutenberg/\(book.file)"))
        let index = ChapterSplitter().split(text)
        #expect(index.ruleName == "english")
        let bodyStart = try #require(Self.lastLine(book.bodyOpens, in: text), "no line \(book.bodyOpens)")
        let headed = index.entries.filter { $0.kind == .chapter || $0.kind == .volume || $0.kind == .special }
        // None from the list of contents (from the line over it to the body), and the body's first line heads one.
        if let contents = book.contents {
            let listStart = try #require(Self.lastLine(contents, in: text), "no line \(contents)")
            let listed = headed.filter { (listStart..<bodyStart).contains($0.range.lowerBound) }
            #expect(listed.isEmpty, "in the list of contents: \(listed.map(\.title))")
        }
        #expect(headed.contains { $0.range.lowerBound == bodyStart })

        let chapters = index.entries.filter { $0.kind == .chapter }
        #expect(chapters.first?.title == book.firstChapter)
        #expect(chapters.last?.title == book.lastChapter)
        #expect(index.entries.filter { $0.level == .volume }.map(\.title).map(Self.heading) == book.volumes)
        let special = index.entries.filter {
            $0.kind == .special && !$0.title.hasPrefix("END OF THE PROJECT GUTENBERG")
        }
        #expect(special.map(\.title) == book.sections)
        #expect(Self.chaptersPerVolume(index) == book.chaptersPerVolume)
        // Clean titles: no illustration marker, no page number, no line feed.
        for entry in index.entries {
            #expect(!entry.title.contains("[Illustration") && !entry.title.contains("\n"), "\(entry.title)")
        }
    }

    /// The offset of the last line that reads exactly `line` once trimmed.
    static func lastLine(_ line: String, in text: BookText) -> Int? {
        let bytes = text.utf8
        let wanted = Array(line.utf8)
        var start = 0
        var found: Int?
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var lower = start
            var upper = end
            while lower < upper,
                bytes[lower] == 0x20 || bytes[lower] == 0xEF || bytes[lower] == 0xBB || bytes[lower] == 0xBF
            {
                lower += 1
            }
            while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x0D { upper -= 1 }
            if bytes[lower..<upper].elementsEqual(wanted) { found = start }
            start = end + 1
        }
        return found
    }

    /// A volume's heading without the title a list lends it (`PART I`, `Book I`).
    static func heading(_ title: String) -> String {
        title.split(separator: ".").first.map(String.init) ?? title
    }

    /// The chapters of each volume, in order: those before the first volume first when there are any.
    static func chaptersPerVolume(_ index: ChapterIndex) -> [Int] {
        var counts: [Int] = []
        for entry in index.entries {
            if entry.level == .volume {
                counts.append(0)
            } else if entry.kind == .chapter {
                if counts.isEmpty { counts.append(0) }
                counts[counts.count - 1] += 1
            }
        }
        return counts
    }
}
