import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Every command on EPUB books, through the real binary: the samples of books/ and bad books made in the
/// test, each refused with its message, a non-zero exit and nothing written.
@Suite final class EpubCommandsTests {
    let home: TemporaryDirectory
    let chinese = Corpus.repositoryPath("books/青灯记.epub")
    let english = Corpus.repositoryPath("books/the-lamplighter.epub")

    init() throws { home = try TemporaryDirectory("novel-epub") }
    deinit { home.remove() }

    func novel(_ arguments: [String]) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path + "/home"])
    }

    /// Every file under novel's home, to show that a refused book wrote nothing.
    func filesInHome() -> [String] {
        (FileManager.default.enumerator(atPath: home.path + "/home")?.allObjects as? [String] ?? []).sorted()
    }

    @Test func tocListsTheBooksOwnNavigation() throws {
        let result = try novel(["toc", chinese])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("  第一卷　山雨") })
        #expect(lines.contains { $0.hasSuffix("    第一章　雨夜来客") }, "chapters nested under their volume")
        #expect(lines.last?.hasSuffix("后记") == true)
        let english = try novel(["toc", english])
        #expect(english.stdout.contains("Chapter 6"), "\(english.stdout)\(english.stderr)")
    }

    @Test func infoNamesThePackagesTitleAndAuthor() throws {
        let result = try novel(["info", chinese])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("title:") && $0.hasSuffix(" 青灯记") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("author:") && $0.hasSuffix(" 无名氏") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("encoding source:") && $0.hasSuffix("EPUB content documents") })
    }

    @Test func printSearchLineAndBookmarksWork() throws {
        let printed = try novel(["print", chinese, "--width", "40"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("那年的梅雨"))
        let search = try novel(["search", chinese, "渡口"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("渡口"))
        let added = try novel(["bookmarks", chinese, "--add", "--note", "渡口"])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try novel(["bookmarks", chinese])
        #expect(listed.stdout.contains("渡口"), "\(listed.stdout)")
        let line = try novel(["line", english, "--next"])
        #expect(line.status == 0, "\(line.stderr)")
        #expect(!line.stdout.isEmpty)
        let recent = try novel(["recent"])
        #expect(recent.stdout.contains("青灯记"), "\(recent.stdout)")
    }

    @Test func theLibraryListsEpubBooks() throws {
        let folder = home.path + "/shelf"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: english, toPath: folder + "/lamp.epub")
        let result = try novel(["library", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("The Lamplighter"), "\(result.stdout)")
    }

    /// A book written to novel's test home.
    func write(_ builder: EpubBuilder, _ name: String) throws -> String {
        let path = home.path + "/" + name
        try builder.write(to: path)
        return path
    }

    /// Verse lines broken by `br` and the lines of `pre` print as consecutive lines (with their leading
    /// blanks), paragraphs and stanzas apart; a decorative image prints nothing.
    @Test func printKeepsLinesOfOneParagraphTogether() throws {
        let body =
            "<p>line one<br/>line two</p><p>line three<br/>line four</p>"
            + "<pre>def f():\n        return 1\n  x = 2</pre><p><img src=\"c.jpg\" alt=\"\"/></p><p>The end.</p>"
        let path = try write(
            EpubBuilder(documents: [.init("c1.xhtml", body: body)], toc: [.init("Poem", href: "c1.xhtml")]),
            "verse.epub")
        let result = try novel(["print", path, "--width", "60"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("line one\nline two\n\nline three\nline four\n"), "\(result.stdout)")
        let blanks = { (count: Int) in String(repeating: " ", count: count) }
        #expect(result.stdout.contains("def f():\n\(blanks(8))return 1\n\(blanks(2))x = 2\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{A0}"), "plain spaces: \(result.stdout)")
        // A search for a code line with its leading spaces finds it, at the spaces.
        let search = try novel(["search", path, "        return 1", "--json"])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("return 1"), "\(search.stdout)")
        let count = try novel(["search", path, "  x = 2", "--count"])
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "\(count.stdout)\(count.stderr)")
        #expect(!result.stdout.contains("[image"), "\(result.stdout)")
        #expect(result.stdout.contains("The end."))
    }

    /// `toc --json`'s `level` is the depth the table indents by: the navigation's, for an EPUB.
    @Test func tocJSONLevelIsTheNavigationsDepth() throws {
        let body = #"<h1 id="a">Front</h1><p>f</p><h1 id="b">Part</h1><h2 id="c">Chapter</h2><h3 id="d">Section</h3>"#
        let path = try write(
            EpubBuilder(
                documents: [.init("c1.xhtml", body: body + "<p>s</p>")],
                toc: [
                    .init("Front", href: "c1.xhtml#a"),
                    .init(
                        "Part", href: "c1.xhtml#b",
                        children: [
                            .init("Chapter", href: "c1.xhtml#c", children: [.init("Section", href: "c1.xhtml#d")])
                        ]),
                ]), "levels.epub")
        let json = try novel(["toc", path, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["level"] as? Int } == [0, 0, 1, 2])
        let table = try novel(["toc", path]).stdout.split(separator: "\n")
        let indents = table.map { line in line.drop { $0 == " " }.drop { $0.isNumber }.prefix { $0 == " " }.count }
        #expect(indents == [2, 2, 4, 6])
    }

    /// An NCX that lists the copyright page first while the spine holds it last: the table is the
    /// navigation's, in its order, each row numbered by its chapter (as `print --chapter` takes it), and the
    /// chapters still follow the text.
    @Test func tocKeepsTheNavigationsOrderWhenItIsNotTheReadingOrder() throws {
        var builder = EpubBuilder(
            version: .epub2,
            documents: [
                .init("one.xhtml", body: "<h1>Chapter One</h1><p>First text.</p>"),
                .init("two.xhtml", body: "<h1>Chapter Two</h1><p>Second text.</p>"),
                .init("rights.xhtml", body: "<p>Copyright notice.</p>"),
            ],
            toc: [
                .init("Copyright", href: "rights.xhtml"), .init("Chapter One", href: "one.xhtml"),
                .init("Chapter Two", href: "two.xhtml"),
            ])
        builder.title = "Out of Order"
        let path = try write(builder, "order.epub")
        let table = try novel(["toc", path])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout == "2  Copyright\n0  Chapter One\n1  Chapter Two\n", "\(table.stdout)")
        let json = try novel(["toc", path, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["title"] as? String } == ["Copyright", "Chapter One", "Chapter Two"])
        #expect(rows.compactMap { $0["index"] as? Int } == [2, 0, 1])
        let copyright = try novel(["print", path, "--chapter", "2"])
        #expect(copyright.stdout.contains("Copyright notice.") && !copyright.stdout.contains("First text."))
    }

    /// A spine document the archive lacks: one warning naming it on stderr, exit 0, the rest of the book;
    /// `read` without a terminal prints the pages, and says so too (the reader's screen: `NoticeTests`).
    @Test func aMissingSpineDocumentIsNamedAndTheRestRead() throws {
        let builder = EpubBuilder(
            documents: (1...3).map { .init("c\($0).xhtml", body: "<h1>Part \($0)</h1><p>text \($0)</p>") },
            toc: (1...3).map { .init("Part \($0)", href: "c\($0).xhtml") })
        let path = home.path + "/missing.epub"
        try EpubBuilder.write(builder.members.filter { $0.name != "OEBPS/c2.xhtml" }, to: path)
        let shown = [
            "print": "text 3", "read": "text 3", "toc": "Part 3", "info": "chapters:", "bookmarks": "No bookmarks",
        ]
        for (command, expected) in shown.sorted(by: { $0.key < $1.key }) {
            let result = try novel([command, path])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter { $0.contains("OEBPS/c2.xhtml") }
            #expect(lines.count == 1, "\(command): \(result.stderr)")
            #expect(lines.first?.hasPrefix("novel: \(path): OEBPS/c2.xhtml is missing") == true, "\(lines)")
            #expect(result.stdout.contains(expected), "\(command): \(result.stdout)")
        }
    }

    /// A book zipped on Chinese Windows names its members in GBK while its package names them in UTF-8:
    /// every command reads the documents by their names in UTF-8.
    @Test func membersNamedInGBKAreReadByTheirNamesInUTF8() throws {
        let builder = EpubBuilder(
            documents: [
                .init("第1回.xhtml", body: "<h1>第一回</h1><p>灵根育孕源流出</p>"),
                .init("第2回.xhtml", body: "<h1>第二回</h1><p>悟彻菩提真妙理</p>"),
            ],
            toc: [.init("第一回", href: "第1回.xhtml"), .init("第二回", href: "第2回.xhtml")])
        // 第1回 and 第2回 in GBK: 第 B5DA, 回 BBD8
        let gbk: [String: [UInt8]] = ["第1回": [0xB5, 0xDA, 0x31, 0xBB, 0xD8], "第2回": [0xB5, 0xDA, 0x32, 0xBB, 0xD8]]
        let members = builder.members.map { member in
            var member = member
            for (name, bytes) in gbk where member.name.hasSuffix("/\(name).xhtml") {
                let folder = Array(member.name.dropLast(name.count + 6).utf8)
                member.name = RawPath.string(
                    fromBytes: (folder + bytes + Array(".xhtml".utf8)).map { CChar(bitPattern: $0) })
            }
            return member
        }
        #expect(members.filter { RawPath.hasRawBytes($0.name) }.count == 2)
        let path = home.path + "/gbk-names.epub"
        try EpubBuilder.write(members, to: path)
        let printed = try novel(["print", path])
        #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed.stderr)")
        #expect(printed.stdout.contains("灵根育孕源流出") && printed.stdout.contains("悟彻菩提真妙理"))
        let toc = try novel(["toc", path])
        #expect(toc.stdout.contains("第二回") && toc.stderr.isEmpty, "\(toc.stderr)")
    }

    /// A bad EPUB: the message names the file and the problem, the exit status is the bad-input one, and
    /// nothing is written under novel's home.
    func expectRefused(
        _ members: [EpubBuilder.Member], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let path = home.path + "/bad.epub"
        try EpubBuilder.write(members, to: path)
        try expectRefused(path: path, message, sourceLocation: sourceLocation)
    }

    func expectRefused(path: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = filesInHome()
        for command in [["toc"], ["info"], ["print"]] {
            let result = try novel(command + [path])
            #expect(
                result.status == 2, "\(command): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(path), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(filesInHome() == before, "nothing written", sourceLocation: sourceLocation)
    }

    @Test func badBooksAreRefusedWithTheirProblem() throws {
        let book = EpubBuilder.sample()
        // A zip bomb: a member that inflates past 1000:1.
        let zeros = [UInt8](repeating: 0, count: 10_000_000)
        try expectRefused(book.members(replacing: "OEBPS/text/chapter1.xhtml", with: zeros), "zip bomb")
        // A path that climbs out of the archive.
        var climbing = book
        climbing.documents[0].href = "../../etc/passwd"
        try expectRefused(climbing.members, "climbs out")
        // DRM.
        let encryption = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" \
            xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>\
            <enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>\
            <enc:CipherData><enc:CipherReference URI="OEBPS/text/chapter1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>
            """
        try expectRefused(book.members(replacing: "META-INF/encryption.xml", with: Array(encryption.utf8)), "DRM")
        // No package document.
        try expectRefused(book.members(replacing: "OEBPS/content.opf", with: Array("<oops".utf8)), "package")
        // A cut archive.
        let whole = try book.bytes()
        let cut = home.path + "/cut.epub"
        #expect(FileManager.default.createFile(atPath: cut, contents: Data(whole.prefix(whole.count / 2))))
        try expectRefused(path: cut, "zip")
    }
}
