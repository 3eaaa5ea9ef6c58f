import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The rule list of rules.json: built-ins first and switchable, user rules validated, stored like
/// settings.json.
@Suite struct CleaningRulesTests {
    @Test func theBuiltInSiteJunkRulesComeFirstAndCanBeSwitchedNotRemoved() throws {
        var rules = CleaningRules()
        let names = SiteJunkRule.builtIn.map(\.name)
        #expect(rules.all.map(\.name) == names)
        #expect(rules.all.allSatisfy { $0.isBuiltIn && $0.enabled })
        let first = try #require(names.first)
        try rules.setEnabled(first, false)
        #expect(rules.all.first?.enabled == false)
        #expect(rules.forBook(title: "t", path: "t.txt").builtInMask & 1 == 0)
        #expect(throws: RuleError.builtIn(first)) { try rules.remove(first) }
    }

    @Test func addingValidatesAndKeepsNamesUnique() throws {
        var rules = CleaningRules()
        try rules.add(CleaningRule(name: "ads", pattern: "请收藏本站"))
        #expect(throws: RuleError.duplicateName("ads")) { try rules.add(CleaningRule(name: "ads", pattern: "x")) }
        #expect(throws: RuleError.emptyPattern(name: "empty")) {
            try rules.add(CleaningRule(name: "empty", pattern: ""))
        }
        #expect(throws: RuleError.emptyName) { try rules.add(CleaningRule(name: " ", pattern: "x")) }
        #expect {
            try rules.add(CleaningRule(name: "bad", pattern: "ab(c", isRegex: true))
        } throws: { error in
            guard case .invalidPattern(let name, _, let position, _) = error as? RuleError else { return false }
            return name == "bad" && position != nil && "\(error)".contains("at character")
        }
        #expect {
            try rules.setEnabled("nope", false)
        } throws: { error in
            "\(error)".contains("no rule named 'nope'") && "\(error)".contains("ads")
        }
        try rules.setEnabled("ads", false)
        #expect(rules.forBook(title: "t", path: "t.txt").rules.isEmpty, "a rule switched off is not applied")
        try rules.remove("ads")
        #expect(rules.user.isEmpty)
    }

    @Test func aScopeIsAGlobOnTheTitleOrFileName() {
        let rule = CleaningRule(name: "names", pattern: "萧炎", replacement: "肖炎", scope: "斗破*")
        #expect(rule.applies(title: "斗破苍穹", path: "/books/a.txt"))
        #expect(rule.applies(title: "x", path: "/books/斗破苍穹.txt"))
        #expect(!rule.applies(title: "红楼梦", path: "/books/hlm.txt"))
        #expect(CleaningRule(name: "all", pattern: "x").applies(title: "any", path: "any.txt"))
    }

    @Test func theFileRoundTripsAndReportsBadRules() throws {
        var rules = CleaningRules()
        try rules.add(CleaningRule(name: "ads", pattern: "本站.*", isRegex: true, replacement: "", scope: "*.txt"))
        try rules.setEnabled("bare URL", false)
        var object = rules.merged(into: ["futureKey": 1])
        #expect(object["futureKey"] as? Int == 1)
        var warnings: [String] = []
        #expect(CleaningRules(object: object, path: "rules.json", warnings: &warnings) == rules)
        #expect(warnings.isEmpty)
        object["rules"] =
            (object["rules"] as? [Any] ?? []) + [["name": "broken", "pattern": "(", "regex": true], ["pattern": 3]]
        let read = CleaningRules(object: object, path: "rules.json", warnings: &warnings)
        #expect(read.user.map(\.name) == ["ads"])
        #expect(warnings.count == 2)
        #expect(warnings.first?.contains("broken") == true)
    }

    @Test func theStoreWritesAtomicallyAndMovesACorruptFileAside() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = home.novelPaths
        let store = RulesStore(paths: paths)
        #expect(store.load().rules == CleaningRules())
        try store.update { try $0.add(CleaningRule(name: "ads", pattern: "广告")) }
        #expect(store.load().rules.user.map(\.name) == ["ads"])
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: store.path))
        let loaded = store.load()
        #expect(loaded.rules == CleaningRules())
        #expect(loaded.warnings.first?.contains("moved it to") == true)
        let aside = try FileManager.default.contentsOfDirectory(atPath: home.path + "/config").filter {
            $0.contains("corrupt")
        }
        #expect(aside.count == 1)
        try Data(#"{"version":99,"rules":[]}"#.utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(throws: (any Error).self) { try store.update { try $0.setEnabled("bare URL", false) } }
    }
}
