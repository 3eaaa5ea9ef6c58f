import Foundation
import NovelTestSupport
import Testing

@testable import NovelTUI

@Suite struct KeymapTests {
    @Test func defaultTableHasNoDuplicateOrUnknownKeys() {
        #expect(Keymap.defaultDuplicates() == [])
        #expect(Keymap.standard.problems == [])
    }

    @Test func everyDefaultKeyIsBoundToItsCommand() {
        let keymap = Keymap.standard
        for command in ReaderCommand.allCases {
            for name in command.defaultKeys {
                #expect(keymap.command(for: KeyName.event(name)!) == command, "\(name)")
            }
        }
        #expect(keymap.command(for: .key(.character(" "))) == .nextPage)
        #expect(keymap.command(for: .key(.function(1))) == .help)
        #expect(keymap.command(for: .wheelDown) == .nextPage)
    }

    @Test func bindingsAreUniqueAfterOverrides() {
        let keymap = Keymap(overrides: ["next-page": ["Space", "n"], "next-match": ["z"]])
        #expect(keymap.problems == [])
        #expect(keymap.command(for: .key(.character("n"))) == .nextPage)
        #expect(keymap.command(for: .key(.character("z"))) == .nextMatch)
        #expect(keymap.command(for: .key(.character("f"))) == nil)
        let events = keymap.allBindings.map(\.0)
        #expect(Set(events).count == events.count)
    }

    @Test func badOverridesAreReportedNotFatal() {
        let keymap = Keymap(overrides: [
            "next-page": ["q", "Space", "NoSuchKey", "5"], "fly": ["z"],
        ])
        #expect(keymap.problems.count == 4)
        #expect(keymap.problems.contains("keymap: unknown command 'fly'"))
        #expect(keymap.problems.contains("keymap: next-page: 'q' is already bound to quit"))
        #expect(keymap.problems.contains("keymap: next-page: unknown key 'NoSuchKey'"))
        #expect(keymap.command(for: .key(.character("q"))) == .quit)
        #expect(keymap.command(for: .key(.character(" "))) == .nextPage)
        #expect(keymap.command(for: .key(.character("5"))) == nil)
        let events = keymap.allBindings.map(\.0)
        #expect(Set(events).count == events.count)
    }

    /// Issue 38, item 8: no settings file makes a reader that cannot be left. Overrides that leave `quit`
    /// without a key give it its default keys back, taken from whatever override took them.
    @Test(
        arguments: [
            ["quit": []], ["quit": ["NoSuchKey"]], ["quit": ["5"]], ["quit": ["j"]],
            ["quit": [], "help": ["q", "Esc"]], ["quit": ["Enter"], "next-page": ["q"]],
        ] as [[String: [String]]])
    func aKeymapWithoutAWayToQuitKeepsQuitsDefaults(overrides: [String: [String]]) {
        let keymap = Keymap(overrides: overrides)
        #expect(keymap.command(for: .key(.character("q"))) == .quit)
        #expect(keymap.command(for: .key(.escape)) == .quit)
        #expect(keymap.problems.contains("keymap: quit: no key would quit the reader, which keeps q Esc for it"))
        #expect(Keymap.problems(in: overrides).contains("quit: no key would quit the reader, which keeps q Esc for it"))
        let events = keymap.allBindings.map(\.0)
        #expect(Set(events).count == events.count)
    }

    /// What `novel settings --set keymap=…` refuses: every override the reader could not use as written.
    @Test func problemsNameEachOverrideThatCannotBeUsed() {
        #expect(Keymap.problems(in: ["bogus": ["x"]]) == ["unknown command 'bogus'"])
        #expect(Keymap.problems(in: ["nextPage": ["x"]]) == ["unknown command 'nextPage'"])
        #expect(Keymap.problems(in: ["next-page": ["Space", "z"]]) == [])
        #expect(Keymap.problems(in: ["quit": ["z"]]) == [])
    }

    @Test(arguments: ["Space", "PgDn", "F1", "C-l", "WheelUp", ":", "G", "Esc"])
    func keyNamesRoundTrip(name: String) throws {
        let event = try #require(KeyName.event(name))
        #expect(KeyName.name(event) == name)
    }

    @Test func helpIsGeneratedFromTheTable() {
        let lines = Keymap(overrides: ["quit": ["z"]]).helpLines()
        #expect(lines.count == ReaderCommand.allCases.count + 1 + Keymap.fixedKeys.count)
        #expect(lines.contains { $0.keys == "z" && $0.help == ReaderCommand.quit.help })
    }

    @Test func docsKeysMatchesTheTable() throws {
        let path = Corpus.repositoryPath("docs/keys.md")
        if ProcessInfo.processInfo.environment["NOVEL_RECORD"] == "1" {
            try Keymap.markdown().write(toFile: path, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == Keymap.markdown(), "docs/keys.md is out of date: run the tests with NOVEL_RECORD=1")
    }
}
