import Testing

@testable import NovelCore

/// The stream's entries are the tree's, on navigation documents and NCXs made at random from the shapes
/// real books write: nested lists, `span` headings, links inside paragraphs, items without labels or
/// titles, missing hrefs, fragments, escapes, several `nav`s, undeclared HTML entities and tag soup.
@Suite struct EpubNavigationReaderTests {
    static let titles = [
        "第一章 风起", "Chapter One", "  spaced\n   over lines ", "&amp; and &lt;tags&gt;", "\u{3000}全角　标题\u{3000}",
        "One&#160;two", "<b>Bold</b> <i>italic</i>", "第二回<br/>\n<span>甄士隱</span>", "<![CDATA[in cdata]]>", "",
        " ", "<img src=\"a.png\" alt=\"\"/> <br/>Picture", "Part<!-- a comment --> two", "x\u{301}",
    ]
    static let soupTitles = ["&nbsp;No&nbsp;break", "&mdash; dash", "Unclosed <b>bold", "a <br> b"]
    static let hrefs: [String?] = [
        "text/part1.xhtml", "text/part1.xhtml#c1", "part%202.xhtml#c%33", "https://example.com/", "", nil,
        "  text/part2.xhtml  ", "#top", "a.xhtml?x=1&amp;y=2#f&amp;g", "../text/x.xhtml", "text/part1.xhtml#",
    ]

    struct Maker {
        var random: SeededGenerator
        var soup = false

        mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        mutating func title() -> String {
            soup && chance(30) ? pick(EpubNavigationReaderTests.soupTitles) : pick(EpubNavigationReaderTests.titles)
        }

        mutating func link() -> String {
            let href = pick(EpubNavigationReaderTests.hrefs)
            return "<a\(href.map { " href=\"\($0)\"" } ?? "")>\(title())</a>"
        }

        mutating func label() -> String {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: "<span>\(title())</span>"
            case 1: "<p>\(link())</p>"
            case 2: "Loose text"
            case 3: ""
            case 4: "<div><b>\(title())</b></div>\(link())"
            case 5: "<span><a href=\"text/part1.xhtml#c2\">\(title())</a></span>"
            default: link()
            }
        }

        mutating func list(depth: Int) -> String {
            var items = ""
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                var item = "<li>"
                let labelAfter = chance(10)
                if !labelAfter { item += label() }
                if depth < 3, chance(40) { item += list(depth: depth + 1) }
                if chance(8) { item += "<ol><li>\(link())</li></ol>" }
                if labelAfter { item += label() }
                item += soup && chance(20) ? "" : "</li>"
                items += chance(10) ? "<div>\(item)</div>" : item
                if chance(10) { items += "\n  " }
            }
            if chance(10) { items += "text in the list" }
            return "<ol>\(items)</ol>"
        }

        mutating func nav() -> String {
            let types = [
                "epub:type=\"toc\"", "epub:type=\"landmarks\"", "epub:type=\"page-list\"", "",
                "role=\"doc-toc\"", "epub:type=\"toc other\"", "epub:type=\" toc\" id=\"t\"",
            ]
            var body = chance(30) ? "<h1>目录</h1>" : ""
            body += chance(15) ? "<div>\(list(depth: 0))</div>" : list(depth: 0)
            if chance(10) { body += list(depth: 0) }
            if chance(5) { body += nav() }
            return "<nav \(pick(types))>\(body)</nav>"
        }

        mutating func navigationDocument() -> String {
            soup = chance(25)
            var head = ""
            switch Int.random(in: 0..<4, using: &random) {
            case 0: head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            case 1: head = "<?xml version=\"1.0\"?>\n<!DOCTYPE html [<!ENTITY ch \"Chapter\">]>\n"
            case 2: head = "<!DOCTYPE html>\n"
            default: break
            }
            let namespaces =
                chance(85)
                ? " xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\"" : ""
            var body = ""
            for _ in 0..<Int.random(in: 0...3, using: &random) { body += nav() + "\n" }
            if chance(10) { body += "<p>&ch; after</p>" }
            return head + "<html\(namespaces)><head><title>Nav</title></head>\n<body>\(body)</body></html>"
        }

        mutating func navPoint(depth: Int) -> String {
            var point = "<navPoint id=\"p\(depth)\">"
            switch Int.random(in: 0..<6, using: &random) {
            case 0: break
            case 1: point += "<navLabel></navLabel><navLabel><text>\(title())</text></navLabel>"
            case 2: point += "<navLabel><text>\(title())</text><text>second</text></navLabel>"
            default: point += "<navLabel>\n  <text>\(title())</text>\n</navLabel>"
            }
            if chance(85) { point += "<content src=\"\(pick(EpubNavigationReaderTests.hrefs) ?? "")\"/>" }
            if chance(10) { point += "<content src=\"other.xhtml\"/>" }
            if depth < 3 {
                for _ in 0..<Int.random(in: 0...(chance(40) ? 3 : 0), using: &random) {
                    point += navPoint(depth: depth + 1)
                }
            }
            return point + "</navPoint>"
        }

        mutating func ncx() -> String {
            soup = false
            var points = ""
            for _ in 0..<Int.random(in: 0...4, using: &random) { points += navPoint(depth: 0) }
            let list = chance(10) ? "<pageList><pageTarget><text>1</text></pageTarget></pageList>" : ""
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/>
                <docTitle><text>Book</text></docTitle><navMap>\(points)</navMap>\(list)</ncx>
                """
        }
    }

    static func outcome(_ read: () throws(EpubError) -> [EpubNavPoint]) -> Result<[EpubNavPoint], EpubError> {
        do { return .success(try read()) } catch { return .failure(error) }
    }

    @Test(arguments: 0..<8)
    func navigationDocumentsReadAsTheTreeReadsThem(seed: Int) {
        var maker = Maker(random: SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1))
        var entries = 0
        for index in 0..<150 {
            let document = maker.navigationDocument()
            let bytes = Array(document.utf8)
            let stream = Self.outcome { () throws(EpubError) in
                try EpubNavigation.navigationPoints(bytes, member: "OEBPS/nav.xhtml", book: "book.epub")
            }
            let tree = Self.outcome { () throws(EpubError) in
                try EpubNavigation.treeNavigationPoints(bytes, member: "OEBPS/nav.xhtml", book: "book.epub")
            }
            #expect(stream == tree, "document \(index) of seed \(seed):\n\(document)")
            if case .success(let points) = tree { entries += points.count }
        }
        #expect(entries > 100)
    }

    @Test(arguments: 0..<4)
    func ncxDocumentsReadAsTheTreeReadsThem(seed: Int) {
        var maker = Maker(random: SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3))
        for index in 0..<150 {
            let document = maker.ncx()
            let bytes = Array(document.utf8)
            let stream = Self.outcome { () throws(EpubError) in
                try EpubNavigation.ncxPoints(bytes, member: "OEBPS/toc.ncx", book: "book.epub")
            }
            let tree = Self.outcome { () throws(EpubError) in
                try EpubNavigation.treeNCXPoints(bytes, member: "OEBPS/toc.ncx", book: "book.epub")
            }
            #expect(stream == tree, "NCX \(index) of seed \(seed):\n\(document)")
        }
    }
}
