import NovelTestSupport
import Testing

@testable import NovelCore

/// A search with a conversion on keeps the shown bytes of the chapters it went through, so that a later
/// search converts only the chapter it starts in and finds what a fresh search finds.
@Suite struct ShownChapterBytesTests {
    /// Four chapters in traditional characters, 放鬆 only in the last.
    static let book = TestBooks.book(
        (1...3).map { "第\($0)章 頭髮\n\n" + String(repeating: "他說起往事，後來的事。\n", count: 20) }.joined()
            + "第4章 發展\n\n後來他們放鬆了。\n", path: "books/kept.txt", title: "kept")
    static var options: DisplayOptions {
        var options = DisplayOptions()
        options.convert = .t2s
        return options
    }

    /// A search that counts the chapters it converts, over `kept`.
    final class Counting: @unchecked Sendable {
        var converted: [Int] = []
        func search(_ query: String, kept: ShownChapterBytes) -> DisplayedTextSearch {
            var search = DisplayedTextSearch(
                query, book: ShownChapterBytesTests.book, options: ShownChapterBytesTests.options
            ) {
                self.converted.append($0)
                return DisplayTransform.display(
                    ShownChapterBytesTests.book, entry: $0, options: ShownChapterBytesTests.options)
            }
            search.kept = kept
            return search
        }
    }

    @Test func aSecondSearchConvertsOnlyTheChapterItStartsIn() throws {
        try #require(ChineseConverter.loaded(.t2s) != nil, "OpenCC's t2s configuration must load")
        let kept = ShownChapterBytes()
        let counting = Counting()
        let chapters = Self.book.index.entries.count
        #expect(counting.search("没有这句", kept: kept).find(from: 0, direction: .forward) == nil)
        #expect(Set(counting.converted) == Set(0..<chapters), "the first search converts every chapter")

        counting.converted = []
        let found = try #require(counting.search("们放松", kept: kept).find(from: 0, direction: .forward))
        let fresh = try #require(Counting().search("们放松", kept: ShownChapterBytes()).find(from: 0, direction: .forward))
        #expect(found == fresh)
        #expect(String(decoding: Array(Self.book.text.utf8)[found.range], as: UTF8.self) == "們放鬆")
        #expect(
            counting.converted == [0, chapters - 1], "the start and the chapter with the match: \(counting.converted)")

        // Backward round the book: only the chapter it starts in is converted again.
        counting.converted = []
        #expect(
            counting.search("没有这句", kept: kept).find(from: Self.book.text.utf8.count - 1, direction: .backward) == nil)
        #expect(Set(counting.converted) == [chapters - 1], "\(counting.converted)")
    }

    @Test func otherOptionsOrAnotherBookStartAfresh() throws {
        try #require(ChineseConverter.loaded(.t2s) != nil, "OpenCC's t2s configuration must load")
        let kept = ShownChapterBytes()
        let display = DisplayTransform.display(Self.book, entry: 0, options: Self.options)
        kept.keep(display, book: Self.book, entry: 0, options: Self.options)
        guard case .converted(let bytes)? = kept.shown(Self.book, entry: 0, options: Self.options) else {
            Issue.record("the chapter was not kept")
            return
        }
        #expect(bytes == display?.utf8)
        var other = Self.options
        other.convert = .tw2s
        #expect(kept.shown(Self.book, entry: 0, options: other) == nil)
        let another = TestBooks.book("第1章 頭髮\n\n別的書。\n", path: "books/other.txt", title: "other")
        kept.keep(nil, book: another, entry: 0, options: Self.options)
        #expect(kept.shown(Self.book, entry: 0, options: Self.options) == nil, "one book at a time")
        guard case .asWritten? = kept.shown(another, entry: 0, options: Self.options) else {
            Issue.record("a chapter shown as written is kept as such")
            return
        }
    }
}
