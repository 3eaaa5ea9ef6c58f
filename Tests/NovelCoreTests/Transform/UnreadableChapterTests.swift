import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A mapped book rewritten in place by another program: a chapter whose bytes are no longer UTF-8 shows
/// a message in its place, mapped to the chapter's start, and the other chapters read on.
@Suite struct UnreadableChapterTests {
    private let text = (1...3).map { number in
        "第\(number)章 灯下\(number)\n" + (0..<6).map { "　　第\(number)章第\($0)段：他提着灯走过长街，风吹得灯火忽明忽暗。\n" }.joined()
    }.joined()

    /// Opens the book, then overwrites `count` bytes in the middle of chapter `entry` in place.
    private func openThenDamage(_ directory: TemporaryDirectory, entry: Int, count: Int = 5) throws -> Book {
        let path = try directory.write("mapped.txt", Array(text.utf8))
        let book = try BookOpener.open(path: path)
        #expect(book.text.isVerbatim && book.text.utf8.isMapped)
        let range = book.index.entries[entry].range
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64(range.lowerBound + range.count / 2))
        try handle.write(contentsOf: Data(repeating: 0xFF, count: count))
        try handle.close()
        return book
    }

    /// What the layout draws, line after line (the display text's bytes when there is one).
    private func drawn(_ layout: ChapterLayout, _ book: Book) -> String {
        let shown = layout.shownText(book.text)
        return layout.lines.map { line in
            line.clusters.map { String(decoding: shown[$0.shown], as: UTF8.self) }.joined()
        }.joined(separator: "\n")
    }

    private func chapterEntry(_ book: Book, _ number: Int) throws -> Int {
        try #require(book.index.entries.firstIndex { $0.kind == .chapter && $0.number == number })
    }

    @Test func aChapterChangedUnderTheMapShowsTheMessageInItsPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let probe = TestBooks.book(text)
        let second = try chapterEntry(probe, 2)
        let book = try openThenDamage(directory, entry: second)
        let layouter = PageLayouter(settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 40, rows: 20))

        let damaged = layouter.layout(book, entry: second)
        let shown = drawn(damaged, book).replacingOccurrences(of: "\n", with: "")
        #expect(shown.replacingOccurrences(of: " ", with: "").contains("Thischaptercannotbeshown"))
        #expect(!shown.contains("长街"), "nothing of the changed bytes is laid out")
        let start = book.index.entries[second].range.lowerBound
        #expect(damaged.pages.first?.firstOffset == start)
        for line in damaged.lines { #expect(line.clusters.allSatisfy { $0.bytes.lowerBound == start }) }

        for number in [1, 3] {
            let intact = layouter.layout(book, entry: try chapterEntry(book, number))
            let lines = drawn(intact, book)
            #expect(lines.contains("第\(number)章第0段") && !lines.contains("cannot be shown"))
        }
    }

    @Test func anUnchangedBookShowsNoMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("mapped.txt", Array(text.utf8))
        let book = try BookOpener.open(path: path)
        let layouter = PageLayouter(settings: TestBooks.layoutSettings(), viewport: Viewport(columns: 40, rows: 20))
        for entry in book.index.entries.indices {
            #expect(!drawn(layouter.layout(book, entry: entry), book).contains("cannot"))
        }
    }
}
