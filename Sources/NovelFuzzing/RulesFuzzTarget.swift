import Foundation
import NovelCore

/// rules.json read from any bytes and its rules applied: the input up to its first NUL is the file
/// (any JSON, or none), written where `RulesStore` reads it, the rest a chapter. Reading never traps
/// whatever the file holds (wrong types, patterns ICU refuses, a newer version), the store reads the
/// file as its object says, the rules read back as written, and the cleaned text passes the
/// display-text checks (`TransformFuzzTarget.check`).
enum RulesFuzzTarget {
    static let target = FuzzTarget(
        name: "rules", summary: "rules.json (CleaningRules) and the rules applied to a chapter (RulePass) on any bytes",
        dictionaries: ["json.dict", "rules.dict", "punctuation.dict"],
        run: { bytes in
            let split = bytes.firstIndex(of: 0) ?? bytes.count
            let file = Data(bytes[..<split])
            let text = Array(bytes[min(split + 1, bytes.count)...])
            let home = FuzzHome.shared
            let store = RulesStore(paths: home.paths)
            home.clear(home.paths.configDirectory)
            home.write(Array(file), to: store.path)
            // The object as the store's file reads it, strict JSON: `JSONSerialization` takes what the store
            // refuses and moves aside (`{"rules":[],}`, a trailing comma).
            let object = store.file.contents(of: Array(file)).object
            var warnings: [String] = []
            let rules = CleaningRules(object: object, path: store.path, warnings: &warnings)
            FuzzCheck.require(
                store.load().rules == rules, "rules: the store reads the file otherwise than its object says")
            var written = warnings
            let again = CleaningRules(object: rules.merged(into: object), path: store.path, warnings: &written)
            FuzzCheck.require(again == rules, "rules: the rules read back differ from those written")
            var options = DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: true)
            options.cleaning = rules.forBook(title: "fuzz", path: "fuzz.txt")
            let profile = TextProfile(script: .cjk, isHardWrapped: false, wrapWidth: nil, reason: "fuzz")
            guard let display = DisplayTransform.display(text, profile: profile, options: options) else { return }
            TransformFuzzTarget.check(display, inputCount: text.count, label: "rules")
        },
        seeds: { book in
            let file =
                #"{"version":1,"rules":[{"name":"a","pattern":"的","replacement":"之"},"#
                + #"{"name":"b","pattern":"^.*章.*$","regex":true},{"name":"c","pattern":"(","regex":true}],"builtIn":{"bare URL":false}}"#
            return [Array(file.utf8) + [0] + Array(book.prefix(FuzzTarget.seedLength))]
        })
}
