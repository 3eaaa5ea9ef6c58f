import Foundation
import NovelCore
import NovelTestSupport
import Testing

/// `novel search` as a user runs it, with NOVEL_HOME in a temporary folder: one line a hit for pipes,
/// JSON, a count, a regex, the conversion the book is shown with, and escaped fields.
@Suite final class SearchCommandTests {
    let home: TemporaryDirectory
    let book: String

    static let text = """
        第一章　开始

        　　灯笼铺里点着一盏灯。
        他说：“灯灭了。”

        第二章　雨夜\u{202E}

        　　雨夜无灯\u{202E}，只有一盏纸灯笼。

        """

    init() throws {
        home = try TemporaryDirectory("novel-search-cli")
        book = try home.write("search.txt", Self.text)
    }

    deinit { home.remove() }

    func novel(_ arguments: String...) throws -> NovelBinary.Result {
        try novel(arguments)
    }

    func novel(_ arguments: [String]) throws -> NovelBinary.Result {
        try NovelBinary.run(arguments, environment: ["NOVEL_HOME": home.path])
    }

    /// Offsets and percentages worked out by hand from the text's bytes (158 of them).
    @Test func oneEscapedLineAHit() throws {
        let result = try novel("search", book, "灯")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                26	16.5%	第一章　开始	灯笼铺里点着一盏灯。
                50	31.6%	第一章　开始	灯笼铺里点着一盏灯。
                69	43.7%	第一章　开始	他说：“灯灭了。”
                124	78.5%	第二章　雨夜\\u{202E}	雨夜无灯\\u{202E}，只有一盏纸灯笼。
                148	93.7%	第二章　雨夜\\u{202E}	雨夜无灯\\u{202E}，只有一盏纸灯笼。

                """)
        #expect(try novel("search", book, "灯", "--max-count", "2").stdout.split(separator: "\n").count == 2)
    }

    @Test func countJSONAndNothingFound() throws {
        #expect(try novel("search", book, "灯", "--count").stdout == "5\n")
        #expect(try novel("search", book, "灯", "--count", "-m", "3").stdout == "3\n")
        let nothing = try novel("search", book, "没有", "--count")
        #expect(nothing.status == 1 && nothing.stdout == "0\n" && nothing.stderr.isEmpty)
        let none = try novel("search", book, "没有")
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr.isEmpty)
        let json = try novel("search", book, "灯灭", "--json")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows[0]["offset"] as? Int == 69 && rows[0]["length"] as? Int == 6)
        #expect(rows[0]["percent"] as? Double == 43.7)
        #expect(rows[0]["chapterIndex"] as? Int == 0 && rows[0]["chapterTitle"] as? String == "第一章　开始")
        #expect(rows[0]["before"] as? String == "他说：“" && rows[0]["match"] as? String == "灯灭")
        #expect(rows[0]["after"] as? String == "了。”")
        #expect(!json.stdout.unicodeScalars.contains("\u{202E}"))
    }

    @Test func regexAndItsErrors() throws {
        #expect(try novel("search", book, "^第.章", "--regex", "--count").stdout == "2\n")
        #expect(try novel("search", book, "一盏.灯", "--regex").stdout.hasPrefix("139\t"))
        let bad = try novel("search", book, "(", "--regex")
        #expect(bad.status == 2 && bad.stderr.contains("invalid regular expression '('"))
    }

    @Test func aTraditionalQueryFindsTheBookShownConverted() throws {
        #expect(try novel("search", book, "燈籠", "--count").status == 1)
        let converted = try novel("search", book, "燈籠", "--convert", "s2t")
        #expect(converted.status == 0, "\(converted.stderr)")
        let lines = converted.stdout.split(separator: "\n")
        #expect(lines.map { $0.split(separator: "\t")[0] } == ["26", "148"])
        #expect(lines[0].split(separator: "\t")[2] == "第一章　開始", "titles shown converted, as novel toc shows them")
        #expect(String(lines[0].split(separator: "\t")[3]) == Conversion.s2t.apply(to: "灯笼铺里点着一盏灯。"))
    }

    /// A book read before (its state holds the file's stamp) is searched from its bytes and cached index
    /// (`ReadingSession.open(trustingStamp:)`): the same lines as before it was read, in every form; and
    /// once the file changes, the new text's hits.
    @Test func aBookReadBeforeGivesTheSameHits() throws {
        let forms = [["灯"], ["灯", "--json"], ["灯", "--count"], ["^第.章", "--regex"], ["燈籠", "--convert", "s2t"]]
        let before = try forms.map { try novel(["search", book] + $0) }
        #expect(try novel("line", book, "--next").status == 0)
        let states = home.path + "/state/books"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: states).first { $0.hasSuffix(".json") })
        let state = try String(contentsOfFile: states + "/" + name, encoding: .utf8)
        #expect(state.contains("\"verbatim\""), "the state holds the file's stamp")
        for (form, first) in zip(forms, before) {
            let again = try novel(["search", book] + form)
            #expect(
                again.stdout == first.stdout && again.stderr == first.stderr && again.status == first.status, "\(form)")
        }
        _ = try home.write("search.txt", Self.text + "第三章　灯\n\n　　灯下。\n")
        let grown = try novel("search", book, "灯", "--count")
        #expect(grown.stdout == "7\n", "the changed file is read again")
    }

    /// The first hits in a real book: offsets and snippets checked against the decoded text.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func realBookHitsPointAtTheirText() throws {
        let path = Corpus.path("real/sanguoyanyi.gb18030-lf.txt")
        let result = try novel("search", path, "孔明", "-m", "20")
        #expect(result.status == 0, "\(result.stderr)")
        let opened = try BookOpener.open(path: path)
        let bytes = Array(opened.text.utf8)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 20)
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let offset = try #require(Int(fields[0]))
            #expect(String(decoding: bytes[offset..<(offset + 6)], as: UTF8.self) == "孔明")
            let entry = opened.index.entries[opened.index.entryIndex(containing: offset)]
            #expect(fields[2] == entry.title)
            #expect(fields[3].contains("孔明"))
            #expect(fields[1] == String(format: "%.1f%%", ReadingPosition.percent(offset, of: bytes.count)))
        }
        let count = try novel("search", path, "孔明", "--count").stdout
        #expect(Int(count.dropLast()) == BookSearchCounts.naive("孔明", in: bytes))
    }
}

/// An independent count for the corpus check: non-overlapping occurrences by a plain scan.
enum BookSearchCounts {
    static func naive(_ query: String, in bytes: [UInt8]) -> Int {
        let needle = Array(query.utf8)
        var count = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && Array(bytes[index..<(index + needle.count)]) == needle {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
