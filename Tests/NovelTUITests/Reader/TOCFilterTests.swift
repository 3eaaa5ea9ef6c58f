import Testing

@testable import NovelTUI

/// The TOC filter (issue 38, item 14): a key typed costs one pass over the last matches, not over every
/// title, and moving the selection or drawing costs none; the matches are those of a full pass.
@Suite struct TOCFilterTests {
    /// Titles with capitals, CJK and digits, like a long web novel's.
    static let titles = (0..<2000).map { number in
        number % 3 == 0 ? "第\(number)章 Return of the LAMP" : "第\(number)章 灯下夜读 lamp \(number % 7)"
    }

    /// The entries in the order the table lists them.
    static let listed = Array(titles.indices)

    /// What the filter must find: every title holding `filter`, ASCII case ignored.
    static func expected(_ filter: String) -> [Int] {
        titles.indices.filter { titles[$0].lowercased().contains(filter.lowercased()) }
    }

    @Test func aGrowingFilterLooksOnlyAtTheLastMatches() {
        var toc = TOCOverlay(current: 0, selected: 0)
        var looked = 0
        let title = { (entry: Int) -> String in
            looked += 1
            return Self.titles[entry]
        }
        var typed = ""
        var previousMatches = Self.titles.count
        for character in "reTURN" {
            typed.append(character)
            looked = 0
            toc.setFilter(typed, listed: Self.listed, title: title)
            #expect(toc.matching(Self.listed) == Self.expected(typed), "filter \(typed)")
            #expect(looked == previousMatches, "filter \(typed) looked at \(looked) titles")
            previousMatches = toc.matching(Self.listed).count
        }
        #expect(previousMatches > 0 && previousMatches < Self.titles.count)
    }

    @Test func erasingAndClearingTheFilterFindTheWiderMatchesAgain() {
        var toc = TOCOverlay(current: 0, selected: 0)
        let title = { (entry: Int) in Self.titles[entry] }
        toc.setFilter("1la", listed: Self.listed, title: title)
        toc.setFilter("1l", listed: Self.listed, title: title)
        #expect(toc.matching(Self.listed) == Self.expected("1l"))
        toc.setFilter("灯下", listed: Self.listed, title: title)
        #expect(toc.matching(Self.listed) == Self.expected("灯下"))
        toc.setFilter("", listed: Self.listed, title: title)
        #expect(toc.matching(Self.listed) == Array(Self.titles.indices))
    }

    @Test func matchesKeepTheOrderTheBookListsItsEntriesIn() {
        var toc = TOCOverlay(current: 0, selected: 0)
        let listed = Array(Self.titles.indices.reversed())
        toc.setFilter("lamp 3", listed: listed, title: { Self.titles[$0] })
        #expect(toc.matching(listed) == Self.expected("lamp 3").reversed())
        toc.setFilter("", listed: listed, title: { Self.titles[$0] })
        #expect(toc.matching(listed) == listed)
    }
}
