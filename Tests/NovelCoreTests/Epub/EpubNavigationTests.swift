import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The book's own table of contents: the EPUB 3 navigation document, else the NCX; nested levels kept,
/// fragments split off, chapters that are fragments inside a few files.
@Suite struct EpubNavigationTests {
    /// A CJK book keeping its chapters as fragments of two files, in volumes.
    static let nested: [EpubBuilder.NavEntry] = [
        .init(
            "第一卷　風起", href: "text/part1.xhtml",
            children: [
                .init("第一回\n  甄士隱夢幻識通靈", href: "text/part1.xhtml#c1"),
                .init(
                    "第二回 賈夫人仙逝揚州城", href: "text/part1.xhtml#c2", children: [.init("附　注", href: "text/part1.xhtml#n2")]),
            ]),
        .init("第二卷", href: nil, children: [.init("第三回", href: "text/part2.xhtml#c%33")]),
    ]

    static let expected = [
        EpubNavPoint(title: "第一卷　風起", member: "OEBPS/text/part1.xhtml", fragment: nil, depth: 0),
        EpubNavPoint(title: "第一回 甄士隱夢幻識通靈", member: "OEBPS/text/part1.xhtml", fragment: "c1", depth: 1),
        EpubNavPoint(title: "第二回 賈夫人仙逝揚州城", member: "OEBPS/text/part1.xhtml", fragment: "c2", depth: 1),
        EpubNavPoint(title: "附　注", member: "OEBPS/text/part1.xhtml", fragment: "n2", depth: 2),
        EpubNavPoint(title: "第二卷", member: nil, fragment: nil, depth: 0),
        EpubNavPoint(title: "第三回", member: "OEBPS/text/part2.xhtml", fragment: "c3", depth: 1),
    ]

    static func builder(_ version: EpubBuilder.Version) -> EpubBuilder {
        EpubBuilder(
            version: version,
            documents: [
                .init("text/part1.xhtml", body: #"<h1 id="c1">第一回</h1><p>…</p><h1 id="c2">第二回</h1><p id="n2">注</p>"#),
                .init("text/part2.xhtml", body: #"<h1 id="c3">第三回</h1><p>…</p>"#),
            ], toc: nested)
    }

    static func navigation(_ members: [EpubBuilder.Member]) throws -> [EpubNavPoint] {
        let archive = try EpubArchive(bytes: try EpubBuilder.bytes(of: members), path: "book.epub")
        return try EpubNavigation.read(from: archive, package: try EpubPackage.read(from: archive))
    }

    @Test(arguments: [EpubBuilder.Version.epub2, .epub3])
    func nestedLevelsAndFragmentsAreKept(version: EpubBuilder.Version) throws {
        let points = try Self.navigation(Self.builder(version).members)
        if version == .epub2 {
            // An NCX has no entry without a link: its "第二卷" points nowhere the same way.
            #expect(points.map(\.title) == Self.expected.map(\.title))
            #expect(points.map(\.depth) == Self.expected.map(\.depth))
        } else {
            #expect(points == Self.expected)
        }
    }

    @Test func theNavigationDocumentWinsOverTheNCX() throws {
        var builder = Self.builder(.epub3)
        builder.hasNCX = true
        let ncx = builder.ncxXML.replacingOccurrences(of: "第一回", with: "NCX ONLY")
        let points = try Self.navigation(builder.members(replacing: "OEBPS/toc.ncx", with: Array(ncx.utf8)))
        #expect(points == Self.expected)
    }

    @Test func anEmptyNavigationDocumentFallsBackToTheNCX() throws {
        var builder = Self.builder(.epub3)
        builder.hasNCX = true
        let nav = builder.navigationXHTML.replacingOccurrences(
            of: #"<ol>[\s\S]*</ol>"#, with: "<ol></ol>", options: .regularExpression)
        let points = try Self.navigation(builder.members(replacing: "OEBPS/nav.xhtml", with: Array(nav.utf8)))
        #expect(points.map(\.title) == Self.expected.map(\.title))
    }

    @Test func onlyTheTocNavCountsAndHTMLEntitiesAreReadAsABrowserWould() throws {
        let builder = Self.builder(.epub3)
        let nav = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
            <nav epub:type="landmarks"><ol><li><a href="text/part1.xhtml">Start</a></li></ol></nav>
            <nav epub:type="toc"><ol>
              <li><a href="text/part1.xhtml#c1">One&nbsp;&mdash; the&#160;start</a></li>
              <li><p><a href="text/part2.xhtml">  Two  </a></p></li>
            </ol></nav>
            <nav epub:type="page-list"><ol><li><a href="text/part1.xhtml">1</a></li></ol></nav>
            </body></html>
            """
        let points = try Self.navigation(builder.members(replacing: "OEBPS/nav.xhtml", with: Array(nav.utf8)))
        #expect(points.map(\.title) == ["One\u{A0}\u{2014} the\u{A0}start", "Two"])
        #expect(points.map(\.member) == ["OEBPS/text/part1.xhtml", "OEBPS/text/part2.xhtml"])
    }

    @Test func aNavigationLinkClimbingOutIsRefusedAndALinkOutsideIsKeptWithoutAMember() throws {
        var builder = Self.builder(.epub3)
        builder.toc = [.init("Evil", href: "../../../../etc/passwd")]
        #expect(
            throws: EpubError.unsafePath(
                path: "book.epub", href: "../../../../etc/passwd", in: "OEBPS/nav.xhtml", problem: .climbsOut)
        ) { try Self.navigation(builder.members) }
        builder.toc = [.init("Home page", href: "https://example.com/"), .init("One", href: "text/part1.xhtml")]
        #expect(try Self.navigation(builder.members).map(\.member) == [nil, "OEBPS/text/part1.xhtml"])
    }

    @Test func aBookWithoutNavigationHasNoEntries() throws {
        var builder = Self.builder(.epub3)
        builder.hasNavigationDocument = false
        #expect(try Self.navigation(builder.members).isEmpty)
    }

    /// A navigation document whose only `nav` is the landmarks gives way to the NCX, as an empty one does.
    @Test func aNavigationDocumentWithOnlyLandmarksFallsBackToTheNCX() throws {
        var builder = Self.builder(.epub3)
        builder.hasNCX = true
        let nav = builder.navigationXHTML.replacingOccurrences(of: #"epub:type="toc""#, with: #"epub:type="landmarks""#)
        let points = try Self.navigation(builder.members(replacing: "OEBPS/nav.xhtml", with: Array(nav.utf8)))
        #expect(points.map(\.title) == Self.expected.map(\.title))
    }

    /// Entries naming their member in another case than the archive point at the archive's member, whose
    /// text the spine's item (named in that case too) made.
    @Test(arguments: [EpubBuilder.Version.epub2, .epub3])
    func entriesNamingAMemberInAnotherCaseAreNamedAsTheArchive(version: EpubBuilder.Version) throws {
        let members = Self.builder(version).members.map { member in
            var member = member
            member.name = member.name.replacingOccurrences(of: "text/part1", with: "Text/Part1")
            return member
        }
        let points = try Self.navigation(members)
        #expect(points.map(\.title) == Self.expected.map(\.title))
        #expect(
            points.compactMap(\.member).filter { $0.hasSuffix("1.xhtml") }.allSatisfy { $0 == "OEBPS/Text/Part1.xhtml" }
        )
        #expect(points.compactMap(\.member).contains("OEBPS/text/part2.xhtml"))
    }
}

/// A navigation that opens deeper than its first level, or nests a list in an item without a title, is
/// shown in levels a reader can follow: the first at 0, none more than one below the one before.
@Suite struct EpubNavigationLevelTests {
    @Test func depthsBecomeLevelsWithoutGaps() {
        let points = [(2, "a"), (3, "b"), (5, "c"), (2, "d"), (0, "e"), (1, "f")].map {
            EpubNavPoint(title: $0.1, member: nil, fragment: nil, depth: $0.0)
        }
        let levelled = EpubNavigation.levelled(points)
        #expect(levelled.map(\.title) == ["a", "b", "c", "d", "e", "f"])
        #expect(levelled.map(\.depth) == [0, 1, 2, 0, 0, 1])
    }

    @Test func aTitleIsTrimmedOfBlanksOfAnyKindAndKeepsThoseInside() {
        #expect(EpubNavigation.navigationTitle("\u{3000} 第一章\u{00A0}  标题 \u{3000}\n") == "第一章\u{00A0} 标题")
        #expect(EpubNavigation.navigationTitle("\n\t Chapter\u{2003}One\u{00A0}") == "Chapter\u{2003}One")
        #expect(EpubNavigation.navigationTitle("\u{3000}\u{00A0} \n").isEmpty)
        #expect(EpubNavigation.navigationTitle("é") == "é")
    }

    /// A reading that may stop early inflates only the navigation document's start, and reads it whole when
    /// the stop lies past that start (what it read of the cut start is not kept): both give the start of the
    /// whole navigation, up to the end of the first entry into the document asked about. In EPUB 2, the NCX.
    @Test(arguments: [EpubBuilder.Version.epub2, .epub3])
    func aReadingThatMayStopEarlyReadsTheStartItNeeds(version: EpubBuilder.Version) throws {
        // An NCX's entries are about twice as long as a navigation document's: as many bytes for fewer.
        let perDocument = version == .epub2 ? 200 : 400
        var documents: [EpubBuilder.Document] = []
        var toc: [EpubBuilder.NavEntry] = []
        for file in 1...3 {
            var body = ""
            for number in 1...perDocument {
                body += "<h2 id=\"c\(number)\">Chapter \(file).\(number)</h2><p>Text.</p>\n"
                toc.append(.init("Chapter \(file).\(number)", href: "text/part\(file).xhtml#c\(number)"))
            }
            documents.append(.init("text/part\(file).xhtml", body: body))
        }
        let builder = EpubBuilder(version: version, documents: documents, toc: toc)
        let archive = try EpubArchive(bytes: try EpubBuilder.bytes(of: builder.members), path: "book.epub")
        let package = try EpubPackage.read(from: archive)
        let whole = try EpubNavigation.read(from: archive, package: package)
        #expect(whole.count == 3 * perDocument)
        // Where the entries into the second and the third document start in the navigation's bytes.
        let member = try #require(
            version == .epub3
                ? EpubNavigation.navigationMember(archive, package) : package.ncx?.path.flatMap { archive.member($0) })
        let text = String(decoding: try archive.read(member), as: UTF8.self)
        let second = try #require(text.range(of: "part2.xhtml#c1\"")).lowerBound.utf16Offset(in: text)
        let third = try #require(text.range(of: "part3.xhtml#c1\"")).lowerBound.utf16Offset(in: text)
        #expect(second < EpubNavigation.startLength && third > EpubNavigation.startLength)
        let early = try EpubNavigation.read(from: archive, package: package, until: { $0.hasSuffix("part2.xhtml") })
        #expect(early.stoppedEarly && early.points == Array(whole.prefix(perDocument + 1)))
        let late = try EpubNavigation.read(from: archive, package: package, until: { $0.hasSuffix("part3.xhtml") })
        #expect(late.stoppedEarly && late.points == Array(whole.prefix(2 * perDocument + 1)))
    }
}
