import NovelCore
import Testing

@testable import NovelTUI

/// Switching the chapter rule from the reader (`R`, or `C-r` in the table of contents).
struct ChapterRuleSwitchTests {
    /// Chapters headed `卷N` that the built-in rules read as volumes with the `第…章` sections inside
    /// them — a reader who wants the 卷 as chapters picks that family.
    static let book = makeBook(
        "书\n\n"
            + (1...3).map { volume in
                "卷\(volume)\n\n" + (1...2).map { "第\($0)章 甲\n\n　　他走了很远的路，才看见那盏灯。\n\n" }.joined()
            }.joined())

    @Test func theListOffersTheBuiltInRulesEachFamilyFoundAndACustomPattern() throws {
        var reader = makeReader(book: Self.book)
        reader.press("t", "C-r")
        guard case .chapterRule(let rules) = reader.overlay else {
            Issue.record("C-r in the TOC did not open the chapter rules")
            return
        }
        #expect(rules.choices.first?.pattern == nil)
        #expect(rules.choices.map(\.label) == ["automatic (built-in rules)", "第…章 (6 lines)", "卷… (3 lines)"])
        #expect(rules.selected == 0)
        let screen = reader.screen().textRows.joined(separator: "\n")
        #expect(screen.contains("▶ • automatic (built-in rules)"))
        #expect(screen.contains("custom pattern…"))
    }

    @Test func choosingAFamilySplitsAgainKeepsThePlaceAndIsSaved() throws {
        var reader = makeReader(book: Self.book)
        reader.press("]", "]")
        let place = reader.firstVisibleOffset
        reader.press("R", "Down", "Down")
        let effects = reader.press("Enter")
        let volumePattern = try #require(ChapterSplitter.ruleChoices(Self.book.text).last?.pattern)
        #expect(effects == [.saveChapterPattern(volumePattern)])
        #expect(reader.book.index.ruleName == "custom")
        #expect(reader.book.index.entries.filter { $0.kind == .chapter }.map(\.title) == ["卷1", "卷2", "卷3"])
        #expect(reader.firstVisibleOffset <= place)
        #expect(reader.book.index.entries[reader.entry].range.contains(place))
        // Back to the built-in rules.
        reader.press("R", "Home")
        #expect(reader.press("Enter") == [.saveChapterPattern(nil)])
        #expect(reader.book.index.entries.filter { $0.kind == .volume }.count == 3)
    }

    @Test func aCustomPatternIsTypedAndABadOneChangesNothing() throws {
        var reader = makeReader(book: Self.book)
        reader.press("R", "End", "Enter")
        reader.type("第[0-9]+章")
        #expect(reader.press("Enter") == [.saveChapterPattern("第[0-9]+章")])
        #expect(reader.book.index.entries.filter { $0.kind == .chapter }.count == 6)
        reader.press("R", "End", "Enter")
        for _ in 0..<8 { reader.press("Backspace") }
        reader.type("第(")
        #expect(reader.press("Enter").isEmpty)
        #expect(reader.book.index.entries.filter { $0.kind == .chapter }.count == 6)
        #expect(reader.screen().textRows.joined(separator: "\n").contains("invalid chapter pattern"))
    }
}
