import NovelTestSupport
import Testing

@testable import NovelCore

/// The title and author a book's own header names, shown instead of its file name.
struct BookTitleTests {
    static func title(_ text: String) -> BookTitle? {
        BookTitle.of(ChapterTestBook.bookText(text))
    }

    @Test func titleAndAuthorLines() {
        let header = "The Project Gutenberg eBook of Something Else\n\nTitle: The Weather Vane of Kellan Moor\n\nAuthor: A. N. Example\n\n*** START OF THE PROJECT GUTENBERG EBOOK ***\nTitle: Not This\n"
        #expect(Self.title(header) == BookTitle(title: "The Weather Vane of Kellan Moor", author: "A. N. Example"))
    }

    @Test func aTitleOverIndentedLines() {
        let header = "Title: The Lamp and the Lighthouse\n       or, A Winter on the Point\n\nAuthor: A. N. Example\n"
        #expect(Self.title(header)?.title == "The Lamp and the Lighthouse or, A Winter on the Point")
    }

    @Test func theOpeningLine() {
        #expect(
            Self.title("\u{FEFF}The Project Gutenberg EBook of The Glass Orchard, by A. N. Example\n\nThis eBook is for the use of anyone.\n")
                == BookTitle(title: "The Glass Orchard", author: "A. N. Example"))
        #expect(Self.title("The Project Gutenberg eBook of The Glass Orchard\n") == BookTitle(title: "The Glass Orchard"))
    }

    @Test func noHeaderNoTitle() {
        let prose = String(repeating: "The rain kept on all morning, and nobody spoke of the letter.\n", count: 60)
        #expect(Self.title("CHAPTER I.\n\n" + prose + "Title: a word in the text, far from any header.\n") == nil)
        #expect(Self.title("第一章　雨夜\n") == nil)
    }

    @Test func theSampleBookIsTitledByItsHeader() throws {
        let book = try BookOpener.open(path: Corpus.repositoryPath("books/the-weather-vane.txt"))
        #expect(book.title == "The Weather Vane of Kellan Moor")
        let info = BookInfo(path: book.path, text: book.text)
        #expect(info.title == "The Weather Vane of Kellan Moor")
        #expect(info.author == "A. N. Example")
        // A book without a header keeps its file name.
        #expect(try BookOpener.open(path: Corpus.repositoryPath("books/the-lamplighter.txt")).title == "the-lamplighter")
    }
}
