import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// Where a position is for people: `novel line --place` and the bookmark exports name an EPUB's spine
/// item and the byte offset in its XHTML, a text file's offset in its text. Through the real binary.
@Suite final class EpubSourcePlaceTests {
    let home: TemporaryDirectory
    let builder: EpubBuilder

    init() throws {
        home = try TemporaryDirectory("novel-epub-place")
        let paragraphs = [
            "The carts had stopped running a week before the frost, and nobody met him on the road.",
            "雾气从谷底升起，远处传来钟声，山路弯弯，他走得很慢，心想明日便要启程。",
            "He walked the <em>long</em> road home &amp; the wind was cold; the lamp was lit at the end of it.",
        ]
        let documents = (1...2).map { number in
            EpubBuilder.Document(
                "text/part\(number).xhtml",
                body: "<h1>Part \(number)</h1>\n"
                    + (0..<4).map { "<p>\(paragraphs[($0 + number) % 3])</p>" }
                    .joined(separator: "\n"))
        }
        builder = EpubBuilder(
            documents: documents, toc: (1...2).map { EpubBuilder.NavEntry("Part \($0)", href: "text/part\($0).xhtml") })
    }

    deinit { home.remove() }

    func novel(_ arguments: [String]) throws -> NovelBinary.Result {
        let result = try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path + "/home"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// The XHTML of a member of the book.
    func member(_ name: String) throws -> [UInt8] {
        try #require(builder.members.first { $0.name == name }).bytes
    }

    /// `MEMBER:OFFSET` split at its last colon.
    static func split(_ place: Substring) throws -> (member: String, offset: Int) {
        let colon = try #require(place.lastIndex(of: ":"))
        return (String(place[..<colon]), try #require(Int(place[place.index(after: colon)...])))
    }

    /// Each line `novel line --place` walks to names the member and XHTML byte where the line's text is.
    @Test func lineNamesTheSpineItemAndTheXHTMLByteOfEachLine() throws {
        let path = home.path + "/book.epub"
        try builder.write(to: path)
        var members: Set<String> = []
        for step in 0..<24 {
            let output = try novel(["line", path, "--width", "30", "--place"] + (step == 0 ? [] : ["--next"])).stdout
            let fields = output.dropLast().split(separator: "\t", maxSplits: 1)
            try #require(fields.count == 2, "\(output)")
            let (name, offset) = try Self.split(fields[0])
            members.insert(name)
            let xhtml = try member(name)
            // The line's first word is in the XHTML where the place says (`&amp;` and tags come later).
            let word = Array(fields[1].split(separator: " ").first.map { String($0.prefix(2)) } ?? "")
            let text = String(decoding: xhtml[offset..<min(offset + 16, xhtml.count)], as: UTF8.self)
            #expect(text.hasPrefix(String(word)), "line \(step): \(fields[1]) at \(name):\(offset) is \(text)")
        }
        #expect(members == ["OEBPS/text/part1.xhtml", "OEBPS/text/part2.xhtml"])
    }

    @Test func aTextFilesPlaceIsTheOffsetInItsText() throws {
        let text = "Chapter 1\n\nThe lamp was lit at dusk, and the road ran on into the hills.\n"
        let path = try home.write("lamp.txt", text)
        let first = try novel(["line", path, "--width", "30", "--place"]).stdout
        #expect(first.hasPrefix("0\t") && first.contains("Chapter 1"), "\(first)")
        let next = try novel(["line", path, "--width", "30", "--place", "--next"]).stdout
        #expect(next.hasPrefix("11\tThe lamp was lit"), "\(next)")
    }

    /// A bookmark at the second part's start: the exports name its heading's place in the XHTML.
    @Test func bookmarkExportsNameTheSourcePlace() throws {
        let path = home.path + "/book.epub"
        try builder.write(to: path)
        #expect(try novel(["bookmarks", path, "--add", "--chapter", "1"]).stdout == "b1\n")
        let json = try novel(["bookmarks", path, "--export", "json"]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require(object["bookmarks"] as? [[String: Any]])
        let source = try #require(rows.first?["source"] as? String)
        let (name, offset) = try Self.split(source[...])
        #expect(name == "OEBPS/text/part2.xhtml")
        let xhtml = try member(name)
        #expect(String(decoding: xhtml[offset...], as: UTF8.self).hasPrefix("Part 2</h1>"))
        let markdown = try novel(["bookmarks", path, "--export", "md"]).stdout
        #expect(markdown.contains("— b1, ") && markdown.contains(", `\(source)`\n"), "\(markdown)")
    }
}
