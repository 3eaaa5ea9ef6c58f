import Foundation
import NovelCore
import NovelTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Corpus books made into EPUB 2 and EPUB 3 by pandoc, read through the real binary as real EPUBs are:
/// `novel toc` lists exactly the book's own navigation document (read here with Foundation's XML parser,
/// not novel's), and `novel print` prints at least 99% of the source paragraphs, in order.
@Suite(
    .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)),
    .enabled(if: Pandoc.isAvailable, Comment(rawValue: Pandoc.absentMessage)))
struct EpubCorpusTests {
    static let books = [
        "gutenberg/pg46.txt", "real/ahq-zhengzhuan.utf8-crlf.txt", "real/laocanyouji.big5hkscs-crlf.txt",
        "wild/dingqingren.big5-crlf.txt",
    ]
    static let minimumShare = 99.0

    /// Markdown of `book`: its chapters as headings, its lines as paragraphs (a hard-wrapped English
    /// book's lines as the lines of its paragraphs), every ASCII punctuation mark escaped so that pandoc
    /// takes the text as text. Also the paragraphs' text, in order.
    static func markdown(_ book: Book) -> (markdown: String, paragraphs: [String]) {
        func escaped(_ line: Substring) -> String {
            var out = ""
            for character in line.trimmingCharacters(in: .whitespaces.union(["\u{3000}"])) {
                if character.isASCII, character.isPunctuation || character.isSymbol { out.append("\\") }
                out.append(character)
            }
            return out
        }
        let latin = book.profile.script == .latin
        var markdown =
            "---\ntitle: \"\(book.title.replacingOccurrences(of: "\"", with: ""))\"\nlang: \(latin ? "en" : "zh")\n---\n\n"
        var paragraphs: [String] = []
        let utf8 = Array(book.text.utf8)
        func body(_ range: Range<Int>) {
            var current: [String] = []
            func end() {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
                markdown += "\n"
            }
            for line in String(decoding: utf8[range], as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            {
                let words = escaped(line)
                if words.isEmpty {
                    end()
                    continue
                }
                markdown += words + "\n"
                current.append(String(line).trimmingCharacters(in: .whitespaces.union(["\u{3000}"])))
                if !latin { end() }
            }
            end()
        }
        for entry in book.index.entries {
            let title = entry.title.split(whereSeparator: \.isNewline).map(escaped).joined(separator: " ")
            // The splitter's front entry (the title page of a .txt) is text, not a heading.
            if !title.isEmpty, entry.kind != .front {
                markdown += "# " + title + "\n\n"
                paragraphs.append(entry.title)
                body(entry.bodyStart..<entry.range.upperBound)
            } else {
                body(entry.range)
            }
        }
        return (markdown, paragraphs)
    }

    /// The book's own table of contents, read with Foundation's XML parser: the EPUB 3 navigation
    /// document's `toc` nav, else the NCX's navMap, each entry's text with its white space collapsed.
    static func navigationTitles(_ path: String) throws -> [String] {
        let archive = try EpubArchive(path: path)
        let names = archive.members.map(\.name)
        func document(_ name: String) throws -> XMLDocument {
            try XMLDocument(data: Data(try archive.read(name)), options: [])
        }
        func collapsed(_ text: String?) -> String {
            (text ?? "").split(whereSeparator: { $0.isWhitespace && $0 != "\u{3000}" }).joined(separator: " ")
        }
        // An EPUB 3 book's navigation document has a `toc` nav (pandoc writes a nav.xhtml for EPUB 2 too,
        // without one: that book's table of contents is its NCX).
        for name in names where name.hasSuffix(".xhtml") {
            guard let xml = try? document(name) else { continue }
            let tocs = try xml.nodes(forXPath: "//*[local-name()='nav']").compactMap { $0 as? XMLElement }.filter {
                ($0.attribute(forName: "epub:type")?.stringValue ?? "").split(separator: " ").contains("toc")
            }
            guard let toc = tocs.first else { continue }
            return try toc.nodes(forXPath: ".//*[local-name()='li']/*[local-name()='a' or local-name()='span']")
                .map { collapsed($0.stringValue) }
        }
        let ncx = try #require(names.first { $0.hasSuffix(".ncx") })
        return try document(ncx).nodes(forXPath: "//*[local-name()='navPoint']/*[local-name()='navLabel']")
            .map { collapsed($0.stringValue) }
    }

    /// Text without what the reader and pandoc may set differently: white space, quotes, dashes and
    /// emphasis marks.
    static func skeleton(_ text: some StringProtocol) -> [Character] {
        let ignored = Set("\"'`‘’“”—–-_*")
        return text.filter { !$0.isWhitespace && !ignored.contains($0) }
    }

    @Test(arguments: books, [false, true])
    func tocIsTheNavigationAndPrintHoldsTheText(book relative: String, epub3: Bool) throws {
        let home = try TemporaryDirectory("novel-epub-corpus")
        defer { home.remove() }
        let source = try BookOpener.open(path: Corpus.path(relative))
        let (markdown, paragraphs) = Self.markdown(source)
        let path = home.path + "/book.epub"
        try Pandoc.epub(markdown: markdown, epub3: epub3, to: path)
        let environment = ["NOVEL_HOME": home.path + "/home"]

        let toc = try NovelBinary.run(["toc", path, "--json"], environment: environment)
        #expect(toc.status == 0, "\(toc.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(toc.stdout.utf8)) as? [[String: Any]])
        let titles = rows.compactMap { $0["title"] as? String }
        let navigation = try Self.navigationTitles(path)
        #expect(navigation.count >= 3, "\(relative): \(navigation.count) entries")
        #expect(titles == navigation, "\(relative) epub3 \(epub3): toc \(titles.count), navigation \(navigation.count)")

        let printed = try NovelBinary.run(["print", path, "--width", "1000"], environment: environment)
        #expect(printed.status == 0, "\(printed.stderr)")
        let shown = Self.skeleton(printed.stdout)
        var cursor = shown.startIndex
        var found = 0
        var missing: [String] = []
        for paragraph in paragraphs {
            let wanted = Self.skeleton(paragraph)
            guard !wanted.isEmpty else {
                found += 1
                continue
            }
            if let range = shown[cursor...].firstRange(of: wanted) {
                found += 1
                cursor = range.upperBound
            } else if missing.count < 5 {
                missing.append(paragraph)
            }
        }
        #expect(
            Double(found) * 100 >= Self.minimumShare * Double(paragraphs.count),
            "\(relative) epub3 \(epub3): \(found) of \(paragraphs.count) paragraphs in order; missing \(missing)")
    }
}
