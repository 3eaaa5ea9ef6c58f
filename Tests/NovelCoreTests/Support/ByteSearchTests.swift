import Testing

@testable import NovelCore

@Suite struct ByteSearchTests {
    func holds(_ haystack: String, _ needle: String, anyCase: Bool = false) -> Bool {
        ByteSearch.contains(Array(haystack.utf8), Array(needle.utf8), anyCase: anyCase)
    }

    @Test func findsANeedleAtTheStartInsideAndAtTheEnd() {
        #expect(holds("Title: Emma", "Title:"))
        #expect(holds("书名：红楼梦 Title: x", "Title:"))
        #expect(holds("the end", "end"))
        #expect(!holds("Titl", "Title:"))
        #expect(!holds("Title", "Title:"))
        #expect(!holds("TiTle:", "Title:"))
    }

    @Test func aPartialMatchDoesNotHideALaterWholeOne() {
        #expect(holds("aab aaab", "aaab"))
        #expect(holds("abababc", "ababc"))
    }

    @Test func anyCaseMatchesCapitalsOfTheNeedlesLowercaseLettersOnly() {
        #expect(holds("THE PROJECT GUTENBERG EBOOK", "project gutenberg", anyCase: true))
        #expect(holds("The Project Gutenberg eBook", "project gutenberg", anyCase: true))
        #expect(!holds("The Project Gutenberg eBook", "project gutenberg"))
        // Only letters fold: a space does not match 0x00, `@` (0x40) does not match a backquote (0x60).
        #expect(!holds("project\0gutenberg", "project gutenberg", anyCase: true))
        #expect(!holds("@", "`", anyCase: true))
    }

    @Test func anEmptyNeedleIsEverywhereAndALongerOneNowhere() {
        #expect(holds("", ""))
        #expect(holds("abc", ""))
        #expect(!holds("", "a"))
        #expect(!holds("ab", "abc"))
    }
}
