import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Every hit of a query through a book as shown (`novel search`, the reader's list of matches): in
/// reading order, with its chapter and the text around it on its line.
@Suite struct BookSearchTests {
    static let book = TestBooks.book(
        """
        第1章 灯下

        　　灯笼铺里点着一盏灯。
        他说：“灯灭了。”

        第2章 雨夜

        　　雨夜无灯，只有一盏纸灯笼在风里晃来晃去，晃得人心里发慌，像一条被雨打湿的小船在江心打转。

        """, path: "books/search.txt", title: "search")

    static func hits(_ query: String, regex: Bool = false, in book: Book = book, options: DisplayOptions = .init())
        throws -> [SearchHit]
    {
        var hits: [SearchHit] = []
        try BookSearch(query, regex: regex, book: book, options: options).forEachHit {
            hits.append($0)
            return true
        }
        return hits
    }

    static func text(_ range: Range<Int>, of book: Book = book) -> String {
        String(decoding: Array(book.text.utf8)[range], as: UTF8.self)
    }

    @Test func everyHitInOrderWithItsChapterAndItsLine() throws {
        let hits = try Self.hits("灯")
        #expect(hits.allSatisfy { Self.text($0.range) == "灯" })
        #expect(hits.map(\.range.lowerBound) == hits.map(\.range.lowerBound).sorted())
        #expect(hits.map(\.entry) == [0, 0, 0, 0, 1, 1])
        // Context stops at the line's ends and leaves out the paragraph's indent.
        #expect(hits[1].before == "" && hits[1].after == "笼铺里点着一盏灯。")
        #expect(hits[2].before == "灯笼铺里点着一盏" && hits[2].after == "。")
        #expect(hits[3].before == "他说：“" && hits[3].after == "灭了。”")
        // Twenty characters each side on a long line.
        let long = hits[5]
        #expect(long.before == "雨夜无灯，只有一盏纸")
        #expect(long.after.count == SearchHit.contextCharacters && long.after.hasPrefix("笼在风里晃来晃去"))
        #expect(try BookSearch("灯", book: Self.book, options: .init()).count() == hits.count)
        #expect(try BookSearch("灯", book: Self.book, options: .init()).count(limit: 3) == 3)
    }

    @Test func hitsOfSomeChaptersOnlyAndStopping() throws {
        let search = try BookSearch("灯", book: Self.book, options: .init())
        var second: [Int] = []
        search.forEachHit(in: 1..<2) {
            second.append($0.entry)
            return true
        }
        #expect(second == [1, 1])
        var taken = 0
        let finished = search.forEachHit { _ in
            taken += 1
            return taken < 2
        }
        #expect(!finished && taken == 2)
    }

    @Test func straightAndCurlyQuotesFindEachOtherInOneOrderedList() throws {
        let book = TestBooks.book("Chapter 1\n\nI don't know. She said don’t. Don't go.\n", split: false)
        let hits = try Self.hits("don't", in: book)
        #expect(hits.map { Self.text($0.range, of: book) } == ["don't", "don’t", "Don't"])
        #expect(hits.map(\.range.lowerBound) == hits.map(\.range.lowerBound).sorted())
    }

    @Test func regexHitsWithLineAnchorsAndNoEmptyMatches() throws {
        let hits = try Self.hits("^第[0-9]+章", regex: true)
        #expect(hits.map { Self.text($0.range) } == ["第1章", "第2章"])
        #expect(hits.map(\.entry) == [0, 1])
        #expect(try Self.hits("x*", regex: true).isEmpty)
        #expect(try Self.hits("(?i)CHAPTER", regex: true, in: TestBooks.book("chapter one\n", split: false)).count == 1)
        #expect(throws: SearchPatternError.self) { try BookSearch("(", regex: true, book: Self.book, options: .init()) }
    }

    @Test func aTraditionalQueryFindsSimplifiedTextShownConverted() throws {
        try #require(ChineseConverter.loaded(.s2t) != nil, "OpenCC's s2t configuration must load")
        var options = DisplayOptions()
        options.convert = .s2t
        let hits = try Self.hits("燈籠", options: options)
        #expect(hits.count == 2)
        #expect(hits.allSatisfy { Self.text($0.range) == "灯笼" }, "the original bytes the hit shows")
        // The context as shown: converted.
        #expect(hits[0].match == "燈籠" && hits[0].after == Conversion.s2t.apply(to: "铺里点着一盏灯。"))
        #expect(try Self.hits("燈籠").isEmpty, "without the conversion the book has no 燈籠")
        #expect(try Self.hits("燈+", regex: true, options: options).count == 6)
    }

    /// On real books, the hits are exactly the occurrences a plain scan of the decoded text finds.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func hitsAreEveryOccurrenceInRealBooks() throws {
        for (file, query) in [
            ("real/hongloumeng.utf8-crlf.txt", "黛玉"), ("real/xiyouji.gb18030-lf.txt", "行者"),
            ("gutenberg/pg1400.txt", "pip"),
        ] {
            let book = try BookOpener.open(path: Corpus.path(file))
            let search = try BookSearch(query, book: book, options: .init())
            var offsets: [Int] = []
            search.forEachHit { hit in
                offsets.append(hit.range.lowerBound)
                return true
            }
            let expected = Self.occurrences(of: Array(query.utf8), in: Array(book.text.utf8))
            #expect(offsets == expected, "\(file): \(offsets.count) hits, \(expected.count) occurrences")
            #expect(search.count() == expected.count)
        }
    }

    /// Non-overlapping occurrences of `needle`, ASCII letters in either case, by a naive scan.
    static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var found: [Int] = []
        var index = 0
        while index + needle.count <= bytes.count {
            if (0..<needle.count).allSatisfy({ lower(bytes[index + $0]) == needle[$0] }) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
