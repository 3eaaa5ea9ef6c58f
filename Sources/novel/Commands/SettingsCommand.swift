import ArgumentParser
import Foundation
import NovelCore
import NovelTUI

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the reader's settings.",
        discussion: """
            Settings live in settings.json (its path is printed first). Values are checked: a value out of \
            range is refused with the allowed range. Keys: \(SettingsKey.allCases.map(\.rawValue).joined(separator: ", ")).

            Examples:
              novel settings
              novel settings --get fontScale
              novel settings --set fontScale=2 --set transition=scroll
              novel settings --reset width
              novel settings --reset --all
              novel settings --json
            """)

    @Option(help: "Print one setting's value.") var get: String?
    @Option(help: ArgumentHelp("Set KEY=VALUE (validated); may be repeated.", valueName: "key=value"))
    var set: [String] = []
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Reset one setting to its default; --reset --all (or all) resets every one.", valueName: "key|--all"))
    var reset: String?
    @Flag(help: "Reset every setting to its default.") var resetAll = false

    /// `--reset --all` and `--reset all` mean every setting (there is no key named all).
    var resetsEverything: Bool { resetAll || reset == "--all" || reset == "all" }
    @Flag(help: "Print the settings as JSON.") var json = false

    func validate() throws {
        let actions = (get == nil ? 0 : 1) + (set.isEmpty ? 0 : 1) + (reset == nil ? 0 : 1) + (resetAll ? 1 : 0)
        if actions > 1 { throw ValidationError("use only one of --get, --set, --reset and --reset-all") }
        for assignment in set where !assignment.contains("=") {
            throw ValidationError("--set needs KEY=VALUE, got '\(assignment)'")
        }
    }

    func run() throws {
        let store = SettingsStore(paths: NovelPaths.fromEnvironment())
        let (loaded, warnings) = store.load()
        let assignments = set.map { assignment in
            let parts = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (key: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        let replacesKeymap = assignments.contains { $0.key == SettingsKey.keymap.rawValue } || reset != nil || resetAll
        // The reader skips a hand-written override it cannot use: say so here too, unless it is being replaced.
        let keymapWarnings =
            replacesKeymap ? [] : Keymap(overrides: loaded.keymap).problems.map { "\(store.path): \($0)" }
        StandardError.warn(warnings + keymapWarnings)
        var settings = loaded
        if let get {
            guard let key = SettingsKey(rawValue: get) else { throw StateError.unknownKey(get) }
            StandardOutput.writeLine(key.text(settings))
            return
        }
        if !set.isEmpty {
            // Every assignment is validated before any is saved.
            for (key, value) in assignments where key == SettingsKey.keymap.rawValue {
                try Self.checkKeymap(value)
            }
            settings = try store.set(assignments)
        } else if resetsEverything {
            settings = try store.reset(nil)
        } else if let reset {
            settings = try store.reset(reset)
        }
        if json {
            var object: [String: Any] = [:]
            for key in SettingsKey.allCases { object[key.rawValue] = key.json(settings) }
            try StandardOutput.writeJSON(object: object)
            return
        }
        var lines = "# \(store.path)\n"
        for key in SettingsKey.allCases { lines += "\(key.rawValue) = \(key.text(settings))\n" }
        StandardOutput.write(lines)
    }

    /// Refuses a keymap the reader could not use as written: an unknown command or key, a key another
    /// command keeps, or no key left to quit (`Keymap.problems(in:)`).
    static func checkKeymap(_ text: String) throws {
        var parsed = Settings()
        try SettingsKey.keymap.apply(text: text, to: &parsed)
        let problems = Keymap.problems(in: parsed.keymap)
        guard problems.isEmpty else { throw StateError.refusedValue(key: "keymap", value: text, problems: problems) }
    }
}
