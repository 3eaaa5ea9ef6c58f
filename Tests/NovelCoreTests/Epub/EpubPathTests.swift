import Testing

@testable import NovelCore

/// Hrefs resolved against the member that holds them, and the ones that must not be followed.
@Suite struct EpubPathTests {
    @Test(
        arguments: [
            ("chapter1.xhtml", "OEBPS/content.opf", "OEBPS/chapter1.xhtml", nil),
            ("text/ch%201.xhtml#p%C3%A9", "OEBPS/content.opf", "OEBPS/text/ch 1.xhtml", "pé"),
            ("./ch2.xhtml#note-3", "OEBPS/text/ch1.xhtml", "OEBPS/text/ch2.xhtml", "note-3"),
            ("../images/a.png", "OEBPS/text/ch1.xhtml", "OEBPS/images/a.png", nil),
            ("#anchor", "OEBPS/text/ch1.xhtml", "OEBPS/text/ch1.xhtml", "anchor"),
            ("%E7%AC%AC%E4%B8%80%E7%AB%A0.xhtml", "content.opf", "第一章.xhtml", nil),
            ("  chapter.xhtml\n", "OEBPS/content.opf", "OEBPS/chapter.xhtml", nil),
            ("a//b/./c.xhtml?x=1#", "", "a/b/c.xhtml", nil),
            ("OEBPS/content.opf", "", "OEBPS/content.opf", nil),
        ] as [(String, String, String, String?)])
    func anHrefResolvesToItsMember(href: String, base: String, member: String, fragment: String?) throws {
        #expect(try EpubPath.resolve(href, against: base) == .member(member, fragment: fragment))
    }

    @Test(arguments: [
        "http://example.com/book.xhtml", "https://x.org/#a", "file:///etc/passwd", "mailto:a@b.c", "data:,x",
    ])
    func aURLWithASchemeIsOutsideTheBook(href: String) throws {
        #expect(try EpubPath.resolve(href, against: "OEBPS/text/ch1.xhtml") == .outside)
    }

    @Test(arguments: [
        ("../../../etc/passwd", EpubPath.Problem.climbsOut), ("../../../x.xhtml", .climbsOut),
        ("text/../../../../x.xhtml", .climbsOut), ("%2E%2E/%2e%2e/%2E%2E/etc/passwd", .climbsOut),
        ("..%2F..%2F..%2Fetc", .climbsOut), ("/etc/passwd", .absolute), ("//host/share", .absolute),
        ("%2Fetc%2Fpasswd", .absolute),
    ])
    func anHrefLeavingTheArchiveIsRefused(href: String, problem: EpubPath.Problem) {
        #expect(throws: problem) { try EpubPath.resolve(href, against: "OEBPS/text/ch1.xhtml") }
    }

    @Test func climbingToTheRootButNotPastItIsAllowed() throws {
        #expect(
            try EpubPath.resolve("../../x.xhtml", against: "OEBPS/text/ch1.xhtml") == .member("x.xhtml", fragment: nil))
    }

    @Test func aRefusedHrefNamesTheBookTheHrefAndWhereItWasRead() {
        let error = EpubError.unsafePath(
            path: "evil\u{1B}[2J.epub", href: "../../etc/passwd", in: "OEBPS/content.opf", problem: .climbsOut)
        #expect(
            error.description
                == "evil\\e[2J.epub: '../../etc/passwd' in OEBPS/content.opf climbs out of the book's archive")
        #expect(throws: error) {
            try EpubPath.resolve("../../etc/passwd", against: "OEBPS/content.opf", in: "evil\u{1B}[2J.epub")
        }
    }

    @Test func aResolverGivesWhatResolveGivesAndRefusesAsItDoes() throws {
        let base = "OEBPS/nav.xhtml"
        let hrefs = [
            "text/part1.xhtml#c1", "text/part1.xhtml#c2", " text/part1.xhtml#c%C3%A9\n", "text/part2.xhtml", "#here",
            "http://example.com/#a", "../x.xhtml#y", "text/part1.xhtml?q=1#c3", "text/part1.xhtml#", "",
        ]
        var resolver = EpubPath.Resolver(base: base, book: "book.epub")
        // Twice over: the second time every reference is known.
        for href in hrefs + hrefs {
            #expect(try resolver.resolve(href) == EpubPath.resolve(href, against: base), "\(href)")
        }
        for (href, problem) in [("../../x.xhtml#a", EpubPath.Problem.climbsOut), ("/etc/passwd#b", .absolute)] {
            for _ in 0..<2 {
                #expect(throws: EpubError.unsafePath(path: "book.epub", href: href, in: base, problem: problem)) {
                    try resolver.resolve(href)
                }
            }
        }
    }
}
