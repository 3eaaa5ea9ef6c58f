import NovelCore
import Testing

/// The name and author legado gives a book from its file's name, as its import does.
struct LegadoBookNameTests {
    @Test(arguments: [
        ("《青灯记》作者：林远.txt", "青灯记", "林远"),
        ("《斗破苍穹》（精校版）作者：天蚕土豆.txt", "斗破苍穹", "天蚕土豆"),
        ("三体 作者：刘慈欣.txt", "三体", "刘慈欣"),
        ("Pride and Prejudice by Jane Austen.txt", "Pride and Prejudice", "Jane Austen"),
        // No author named: the file's name without its extension, and no author.
        ("红楼梦.txt", "红楼梦", ""),
        ("war-and-peace.v2.txt", "war-and-peace.v2", ""),
        ("无后缀", "无后缀", ""),
        // `某人 著` at the end names the author.
        ("西游记 吴承恩 著.txt", "西游记", "吴承恩"),
        // Whatever stands before 《》 is taken as the author, as legado takes it.
        ("[完结]《红楼梦》.txt", "红楼梦", "[完结]"),
    ])
    func legadoNamesABookFromItsFileName(fileName: String, name: String, author: String) {
        let named = LegadoBookName.of(fileName: fileName)
        #expect(named.name == name)
        #expect(named.author == author)
    }
}
