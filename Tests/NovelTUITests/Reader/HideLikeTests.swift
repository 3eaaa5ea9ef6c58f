import NovelCore
import Testing

@testable import NovelTUI

/// "Hide lines like this" (`x`, the last row): a rule from a line on the screen, previewed with what it
/// hides in this book, added to the rules only when confirmed.
@Suite struct HideLikeTests {
    /// A book whose site put a page counter between paragraphs, with other numbers each time.
    static let book = makeBook(
        "第一章 雨夜\n\n" + (1...12).map { "他走了\($0)里路，天黑了。\n第\($0)页/共\($0 + 30)页\n" }.joined())

    static func proposal(_ reader: Reader) -> HideLikeProposal? {
        if case .hideLike(let proposal) = reader.overlay { return proposal }
        return nil
    }

    @Test func aLineOnTheScreenBecomesARuleHidingItsSiblingsOnConfirmation() throws {
        var reader = makeReader(columns: 60, rows: 20, book: Self.book)
        reader.press("x", "End", "Enter")
        var proposal = try #require(Self.proposal(reader))
        #expect(proposal.rule.pattern == #"^\s*第一章\s*雨夜\s*$"#, "the first line with text on the screen")
        // j moves to the next line with text: a paragraph, then the counter.
        reader.press("j", "j")
        proposal = try #require(Self.proposal(reader))
        #expect(proposal.rule.pattern == #"^\s*第\d+页/共\d+页\s*$"#)
        #expect(proposal.matches == 12)
        #expect(proposal.samples.first == "第1页/共31页")
        let screen = ConversionKeyTests.screenText(reader)
        #expect(screen.contains("hides 12 lines") && screen.contains("第2页/共32页"), "\(screen)")
        #expect(reader.rules.user.isEmpty, "nothing is saved before the confirmation")
        let effects = reader.press("Enter")
        #expect(effects == [.addRule(proposal.rule)])
        #expect(reader.overlay == nil)
        #expect(reader.rules.user == [proposal.rule])
        let text = reader.screen().textRows.dropLast().joined(separator: "\n")
        #expect(!text.contains("页/共") && text.contains("他走了2里路"), "\(text)")
    }

    @Test func anyOtherKeyCancels() throws {
        var reader = makeReader(columns: 60, rows: 20, book: Self.book)
        reader.press("x", "End", "Enter", "j", "j")
        #expect(Self.proposal(reader) != nil)
        let effects = reader.press("Esc")
        #expect(effects.isEmpty && reader.overlay == nil && reader.rules.user.isEmpty)
    }
}
