import NovelTestSupport
import Testing

@testable import NovelCore

/// Titles from front matter, each form with a line as books write it; the file name otherwise.
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
}
