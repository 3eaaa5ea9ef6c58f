import NovelTestSupport
import Testing

@testable import NovelCore

/// Chapters appended after the places kept (a serialised novel growing): every place stays at its own
/// offset, even where the same words also come earlier or later in the book, and a snippet running
/// across a line break matches where it was.
@Suite struct ReanchoringAppendTests {
    @Test func placesBeforeAnAppendStayAtTheirOwnOffsets() throws {
        let repeated = "　　他说：“明天再来。”然后走了。\n"
        let text = "第一章　甲\n" + repeated + "第二章　乙\n" + repeated + "第三章　丙\n" + repeated
        let original = TestBooks.book(text)
        let chapters = original.index.entries
        #expect(chapters.count == 3)
        // The second chapter's words: the same come before and after them.
        let second = chapters[1].bodyStart + "　　".utf8.count
        let third = chapters[2].bodyStart + "　　".utf8.count
        // A place at a paragraph's indent: its snippet starts after the indent, where it is found again.
        let indent = chapters[1].bodyStart
        var state = BookState(fingerprint: original.fingerprint, title: "a", lastPath: "/a.txt")
        state.position = BookmarkFactory.position(book: original, offset: second)
        state.bookmarks = [
            BookmarkFactory.make(book: original, offset: third, note: nil, number: 1),
            BookmarkFactory.make(book: original, offset: indent, note: nil, number: 2),
        ]
        let grown = TestBooks.book(text + "第四章　丁\n" + repeated + "第五章　戊\n" + repeated)
        let (moved, lost) = Reanchoring.reanchor(state, to: grown)
        #expect(lost.isEmpty)
        #expect(moved.position?.offset == second)
        #expect(moved.bookmarks[0].offset == third)
        #expect(moved.bookmarks[1].offset == second)
    }

    @Test func aSnippetAcrossALineBreakMatchesAtItsOwnOffset() throws {
        let text = "第一章　甲\n　　信封上的字迹已经褪色。\n第二章　乙\n　　船走的时候没有人送。\n"
        let original = TestBooks.book(text)
        let place = try #require(original.text.utf8.firstRange(of: Array("褪色".utf8))?.lowerBound)
        var state = BookState(fingerprint: original.fingerprint, title: "a", lastPath: "/a.txt")
        state.position = BookmarkFactory.position(book: original, offset: place)
        #expect(state.position?.snippet.contains(" ") == true)
        let (moved, _) = Reanchoring.reanchor(state, to: TestBooks.book(text + "第三章　丙\n　　又是一年。\n"))
        #expect(moved.position?.offset == place)
    }
}
