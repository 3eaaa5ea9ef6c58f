import NovelTestSupport
import Testing

@testable import NovelCore

/// Titles (and authors) from front matter, each form with a line as books write it; the file name otherwise.
@Suite struct BookTitleTests {
    @Test(arguments: [
        (["《水浒传》施耐庵", "", "第一回　张天师祈禳瘟疫"], "水浒传"),
        (["书名：青灯记", "作者：无名氏"], "青灯记"),
        (["書名:《紅樓夢》", "作者：曹雪芹"], "紅樓夢"),
        (["", "　　青灯记", "", "作者：无名氏"], "青灯记"),
        (["作者：曹雪芹", "《红楼梦》"], "红楼梦"),
    ])
    func frontMatterNamesTheTitle(lines: [String], title: String) {
        #expect(BookTitle.fromFrontMatter(lines) == title)
    }

    @Test(arguments: [
        ["第一章　雨夜来客", "正文"],
        ["作者：无名氏"],
        ["　　那年的梅雨来得格外早。刚进五月，青溪镇的石板路就没有干过，屋檐下的水一串一串往下掉。"],
        [],
    ])
    func withoutATitleTheFileNameIsUsed(lines: [String]) {
        #expect(BookTitle.fromFrontMatter(lines) == nil)
        let text = TestBooks.book(lines.joined(separator: "\n")).text
        #expect(BookTitle.of(text, path: "/books/雨夜.txt") == "雨夜")
    }

    @Test func onlyTheStartOfALongBookIsRead() {
        let text = TestBooks.book("《长篇》\n" + String(repeating: "正文很长。\n", count: 100_000), split: false).text
        #expect(BookTitle.of(text, path: "x.txt") == "长篇")
    }

    // The title and author an English book's own header names.

    static func title(_ text: String) -> BookTitle? {
        BookTitle.of(ChapterTestBook.bookText(text))
    }

    @Test func titleAndAuthorLines() {
        let header =
            "The Project Gutenberg eBook of Something Else\n\nTitle: The Weather Vane of Kellan Moor\n\nAuthor: A. N. Example\n\n*** START OF THE PROJECT GUTENBERG EBOOK ***\nTitle: Not This\n"
        #expect(Self.title(header) == BookTitle(title: "The Weather Vane of Kellan Moor", author: "A. N. Example"))
    }

    @Test func aTitleOverIndentedLines() {
        let header = "Title: The Lamp and the Lighthouse\n       or, A Winter on the Point\n\nAuthor: A. N. Example\n"
        #expect(Self.title(header)?.title == "The Lamp and the Lighthouse or, A Winter on the Point")
    }

    @Test func theOpeningLine() {
        #expect(
            Self.title(
                "\u{FEFF}The Project Gutenberg EBook of The Glass Orchard, by A. N. Example\n\nThis eBook is for the use of anyone.\n"
            )
                == BookTitle(title: "The Glass Orchard", author: "A. N. Example"))
        #expect(
            Self.title("The Project Gutenberg eBook of The Glass Orchard\n") == BookTitle(title: "The Glass Orchard"))
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
        // A book without a header is titled by its short first line.
        #expect(
            try BookOpener.open(path: Corpus.repositoryPath("books/the-lamplighter.txt")).title == "The Lamplighter")
    }
}
