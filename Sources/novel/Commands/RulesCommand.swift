import ArgumentParser
import Foundation
import NovelCore

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List, add, remove, switch and test cleaning rules (替换净化).",
        discussion: """
            Rules live in rules.json in the config folder (its path is printed first) and are applied when \
            a book is shown, line by line and in order, after decoding and before layout: the file is never \
            changed and positions and bookmarks do not move. A rule's pattern is literal text, or an ICU \
            regular expression with --regex; its replacement may be empty, and a line an empty replacement \
            leaves blank is removed. --scope limits a rule to books whose title or file name matches a glob. \
            The built-in site-junk rules come first: they can be disabled and enabled, not removed.

            Examples:
              novel rules
              novel rules --add ads --pattern '请收藏本站.*' --regex
              novel rules --add names --pattern 萧炎 --replace 肖炎 --scope '斗破*'
              novel rules --disable 'bare URL'
              novel rules --test book.txt
              novel rules --remove ads
            """)

    @Option(help: "Add a rule with this name (with --pattern).") var add: String?
    @Option(help: "The new rule's pattern.") var pattern: String?
    @Flag(help: "The pattern is an ICU regular expression.") var regex = false
    @Option(help: "What the new rule shows instead of each match (default: nothing).") var replace: String?
    @Option(help: "Only for books whose title or file name matches this glob.") var scope: String?
    @Option(help: "Remove the rule with this name.") var remove: String?
    @Option(help: "Switch the rule with this name on.") var enable: String?
    @Option(help: "Switch the rule with this name off.") var disable: String?
    @Option(help: "Show how often each rule that applies to this book matches, with a few matched lines.")
    var test: String?
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        let actions = [add, remove, enable, disable, test].compactMap { $0 }.count
        if actions > 1 { throw ValidationError("use only one of --add, --remove, --enable, --disable and --test") }
        if add != nil, pattern == nil { throw ValidationError("--add needs --pattern") }
        if add == nil, pattern != nil || regex || replace != nil || scope != nil {
            throw ValidationError("--pattern, --regex, --replace and --scope go with --add")
        }
    }

    func run() throws {
        let store = RulesStore(paths: NovelPaths.fromEnvironment())
        if let test {
            return try runTest(test, store: store)
        }
        var rules: CleaningRules
        if let add, let pattern {
            let rule = CleaningRule(
                name: add, pattern: pattern, isRegex: regex, replacement: replace ?? "", scope: scope)
            rules = try store.update { try $0.add(rule) }
        } else if let remove {
            rules = try store.update { try $0.remove(remove) }
        } else if let name = enable ?? disable {
            rules = try store.update { try $0.setEnabled(name, enable != nil) }
        } else {
            let loaded = store.load()
            StandardError.warn(loaded.warnings)
            rules = loaded.rules
        }
        if json {
            try StandardOutput.writeJSON(rules.all.map(RuleRow.init))
            return
        }
        var text = TerminalSafe.escaped(store.path) + "\n"
        for rule in rules.all { text += RuleRow(rule).line + "\n" }
        StandardOutput.write(text)
    }

    private func runTest(_ path: String, store: RulesStore) throws {
        let loaded = store.load()
        StandardError.warn(loaded.warnings)
        let book = try BookOpener.open(path: path, paths: NovelPaths.fromEnvironment())
        let results = RuleTest.run(loaded.rules, book: book)
        if json {
            try StandardOutput.writeJSON(results.map(TestRow.init))
            return
        }
        var text = ""
        for result in results {
            text += "\(result.matches)\t\(RuleRow(result.rule).line)\n"
            for sample in result.samples { text += "\t    " + TerminalSafe.escaped(sample) + "\n" }
        }
        StandardOutput.write(text)
    }
}

/// One rule as `novel rules` shows it.
struct RuleRow: Encodable {
    var name: String
    var pattern: String
    var regex: Bool
    var replacement: String
    var scope: String?
    var enabled: Bool
    var builtIn: Bool

    init(_ rule: CleaningRule) {
        (name, pattern, regex, replacement, scope) = (
            rule.name, rule.pattern, rule.isRegex, rule.replacement, rule.scope
        )
        (enabled, builtIn) = (rule.enabled, rule.isBuiltIn)
    }

    /// `on   name   (built-in)   /pattern/ → replacement   [scope]`, each field escaped for one line.
    var line: String {
        let (name, pattern, replacement) = (
            TerminalSafe.escaped(name), TerminalSafe.escaped(pattern), TerminalSafe.escaped(replacement)
        )
        var text = (enabled ? "on " : "off") + "  " + name
        if builtIn {
            text += "  (built-in site junk)"
        } else {
            text += "  " + (regex ? "/\(pattern)/" : "'\(pattern)'") + " → '\(replacement)'"
        }
        if let scope { text += "  [" + TerminalSafe.escaped(scope) + "]" }
        return text
    }
}

/// One rule's `--test` result as JSON.
struct TestRow: Encodable {
    var rule: RuleRow
    var matches: Int
    var samples: [String]

    init(_ result: RuleTest.Result) {
        rule = RuleRow(result.rule)
        matches = result.matches
        samples = result.samples
    }
}
