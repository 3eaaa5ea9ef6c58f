import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The site-junk rules on the real corpus books, which were found online: the families of lines that
/// sites and authors add hide no line of the stories. A download site's disclaimer may stand at a book's
/// start and its end; nothing else in these books is such a line.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
struct SiteJunkCorpusTests {
    static let books =
        TransformCorpusTests.books + [
            "gutenberg/pg1260.txt", "gutenberg/pg1400.txt", "gutenberg/pg28054.txt", "gutenberg/pg46.txt",
            "gutenberg/pg996.txt",
        ]

    /// The families added for lines a site or an author puts into the text anywhere in a chapter.
    static let families = [
        "site name with a domain", "remember the site, first published here", "chapter continues on the next page",
        "author asks for votes",
    ]

    @Test(arguments: books)
    func theFamiliesHideNoStoryLine(path: String) throws {
        let book = try BookOpener.open(path: Corpus.path(path))
        let results = RuleTest.run(CleaningRules(), book: book)
        for result in results where Self.families.contains(result.rule.name) {
            #expect(result.matches == 0, "\(path): \(result.rule.name) hides \(result.samples)")
        }
        let disclaimers = results.first { $0.rule.name == "download disclaimer" }
        #expect((disclaimers?.matches ?? 0) <= 2, "\(path): \(disclaimers?.samples ?? [])")
    }

    @Test func everyFamilyIsABuiltInRule() {
        let names = Set(SiteJunkRule.builtIn.map(\.name))
        #expect(Self.families.allSatisfy(names.contains) && names.contains("download disclaimer"))
    }
}
