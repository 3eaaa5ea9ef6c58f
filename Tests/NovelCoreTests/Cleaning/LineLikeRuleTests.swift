import Testing

@testable import NovelCore

/// "Hide lines like this": a line generalised into a rule that hides it and its siblings (other numbers,
/// other domains, other blanks) and nothing else.
@Suite struct LineLikeRuleTests {
    /// Whether the rule made from a line hides `line`, as the display transform applies it (ICU, one line).
    static func hides(_ pattern: String, _ line: String) throws -> Bool {
        let compiled = try RulePattern(CleaningRule(name: "t", pattern: pattern, isRegex: true))
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { !compiled.matches($0, 0..<$0.count).isEmpty }
    }

    static let cases: [(line: String, siblings: [String], others: [String])] = [
        (
            "更新时间:2007-11-16 7:55:51 本章字数:4804",
            ["更新时间:2010-1-2 12:00:00 本章字数:300", "  更新时间:2010-1-2  12:00:00 本章字数:300", "更新时间:２０１０-１-２ 1:2:3 本章字数:9"],
            ["更新时间:2007-11-16", "他说更新时间:2007-11-16 7:55:51 本章字数:4804，便走了。"]
        ),
        (
            "www.biquge.com 笔趣阁 最快更新",
            ["m.xbiquge.la 笔趣阁 最快更新", "www.biquge.info　笔趣阁　最快更新", "ｗｗｗ．ｂｉｑｕｇｅ．ｃｏｍ 笔趣阁 最快更新"],
            ["笔趣阁 最快更新", "www.biquge.com 笔趣阁"]
        ),
        ("第12页/共30页", ["第1页/共7页", "第3页/共300页"], ["第一页/共三页", "第12页"]),
        // Pattern characters in the line stand for themselves.
        ("(a+b)*[c]? 12 $x", ["(a+b)*[c]? 7 $x"], ["aab c 12 x", "(a+b)*[c]? 12"]),
    ]

    @Test(arguments: cases.indices)
    func theLineAndItsSiblingsAreHiddenAndNothingElse(index: Int) throws {
        let (line, siblings, others) = Self.cases[index]
        let pattern = LineLikeRule.pattern(for: line)
        #expect(try Self.hides(pattern, line), "\(pattern)")
        for sibling in siblings { #expect(try Self.hides(pattern, sibling), "\(pattern) should hide \(sibling)") }
        for other in others { #expect(try !Self.hides(pattern, other), "\(pattern) should not hide \(other)") }
    }

    @Test func digitsAndDomainsAreGeneralised() {
        #expect(LineLikeRule.pattern(for: "第12页") == #"^\s*第\d+页\s*$"#)
        #expect(LineLikeRule.pattern(for: "看 www.a.com") == #"^\s*看\s*"# + SiteJunkRule.domain + #"\s*$"#)
        #expect(LineLikeRule.pattern(for: "m.xs.la") == #"^\s*"# + SiteJunkRule.domain + #"\s*$"#)
    }

    @Test func theRuleIsValidNamedAfterTheLineAndUnique() throws {
        let rule = LineLikeRule.rule(for: "  更新时间:2007-11-16 7:55:51 本章字数:4804", taken: [])
        try rule.validate()
        #expect(rule.name == "like: 更新时间:2007-11-16")
        #expect(rule.isRegex && rule.replacement.isEmpty && rule.scope == nil)
        let again = LineLikeRule.rule(for: "更新时间:2007-11-16 7:55:51", taken: [rule.name])
        #expect(again.name == rule.name + " 2")
    }
}
