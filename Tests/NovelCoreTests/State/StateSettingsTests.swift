import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// settings.json: every key's range, refusal messages, warnings on load, and saves that keep what the
/// user wrote.
@Suite final class SettingsValidationTests {
    let home: TemporaryDirectory
    let store: SettingsStore

    init() throws {
        home = try TemporaryDirectory("novel-settings")
        store = SettingsStore(
            paths: home.novelPaths)
    }

    deinit { home.remove() }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
        try text.write(toFile: store.path, atomically: false, encoding: .utf8)
    }

    func fileText() -> String? {
        FileManager.default.contents(atPath: store.path).map { String(decoding: $0, as: UTF8.self) }
    }

    func fileObject() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: store.path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Values at and just inside each key's bounds, as typed on the command line, and what `--get` shows.
    @Test(arguments: [
        ("fontScale", "1", "1.0"), ("fontScale", "1.5", "1.5"), ("fontScale", "3.0", "3.0"),
        ("width", "10", "10"), ("width", "1000", "1000"), ("margin", "0", "0"), ("margin", "40", "40"),
        ("lineSpacing", "4", "4"), ("letterSpacing", "3", "3"), ("paragraphSpacing", "0", "0"),
        ("indent", "8", "8"), ("ambiguousWidth", "2", "2"), ("ambiguousWidth", "1", "1"),
        ("transition", "scroll", "scroll"), ("transition", "slide", "slide"), ("transition", "cover", "cover"),
        ("transition", "none", "page"), ("theme", "sepia", "sepia"), ("theme", "day", "day"),
        ("statusBar", "false", "false"), ("statusBar", "on", "true"),
        ("keymap", #"{"nextPage": ["x", "Space"], "quit": "Q"}"#, #"{"nextPage":["x","Space"],"quit":["Q"]}"#),
    ])
    func validValuesAreAcceptedAndSaved(key: String, value: String, shown: String) throws {
        let settings = try store.set(key, to: value)
        let settingsKey = try #require(SettingsKey(rawValue: key))
        #expect(settingsKey.text(settings) == shown)
        #expect(settingsKey.text(store.load().settings) == shown)
        #expect(store.load().warnings.isEmpty)
    }

    @Test(arguments: [
        ("fontScale", "0.5"), ("fontScale", "3.5"), ("fontScale", "1.25"), ("fontScale", "big"), ("fontScale", "nan"),
        ("width", "9"), ("width", "1001"), ("width", "80.5"), ("width", "inf"), ("width", ""),
        ("margin", "-1"), ("margin", "41"), ("lineSpacing", "5"), ("letterSpacing", "-2"),
        ("paragraphSpacing", "12"), ("indent", "9"), ("ambiguousWidth", "0"), ("ambiguousWidth", "3"),
        ("transition", "fade"), ("transition", "Page"), ("theme", "purple"), ("statusBar", "maybe"),
        ("keymap", "[1, 2]"), ("keymap", #"{"quit": 5}"#), ("keymap", "{"),
    ])
    func invalidValuesAreRefusedNamingKeyValueAndRange(key: String, value: String) throws {
        let settingsKey = try #require(SettingsKey(rawValue: key))
        #expect(throws: StateError.invalidValue(key: key, value: value, allowed: settingsKey.allowed)) {
            try store.set(key, to: value)
        }
        let message = StateError.invalidValue(key: key, value: value, allowed: settingsKey.allowed).description
        #expect(message.contains(key) && message.contains("'\(value)'") && message.contains(settingsKey.allowed))
        #expect(StateError.invalidValue(key: key, value: value, allowed: "").isBadInput)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func wronglyTypedJSONIsRefusedToo() throws {
        // JSON true is not 1, "2" is not 2, 2 is not "2".
        var settings = Settings()
        #expect(throws: StateError.self) { try SettingsKey.width.apply(json: NSNumber(value: true), to: &settings) }
        #expect(throws: StateError.self) { try SettingsKey.width.apply(json: "60", to: &settings) }
        #expect(throws: StateError.self) { try SettingsKey.statusBar.apply(json: NSNumber(value: 1), to: &settings) }
        #expect(throws: StateError.self) { try SettingsKey.theme.apply(json: NSNumber(value: 2), to: &settings) }
        #expect(settings == Settings())
    }

    @Test func anUnknownKeyIsRefusedListingTheKnownOnes() {
        #expect(throws: StateError.unknownKey("colour")) { try store.set("colour", to: "red") }
        let message = StateError.unknownKey("colour").description
        for key in SettingsKey.allCases { #expect(message.contains(key.rawValue)) }
    }

    @Test func severalAssignmentsAreAllValidatedBeforeAnyIsSaved() throws {
        try store.set("width", to: "60")
        let before = fileText()
        #expect(throws: StateError.self) { try store.set([("theme", "night"), ("margin", "99")]) }
        #expect(fileText() == before)
        try store.set([("theme", "night"), ("margin", "5")])
        #expect(store.load().settings.theme == .night)
        #expect(store.load().settings.margin == 5)
        #expect(store.load().settings.width == 60)
    }

    @Test func missingKeysTakeTheirDefaults() throws {
        try write(#"{"version": 1, "theme": "day"}"#)
        var expected = Settings()
        expected.theme = .day
        #expect(store.load().settings == expected)
        try write("{}")
        #expect(store.load().settings == Settings())
        #expect(store.load().warnings.isEmpty)
    }

    @Test func badValuesOnLoadWarnAndUseTheDefaultLeavingTheFileAsItIs() throws {
        let original = #"{"version": 1, "fontScale": 7, "width": "wide", "margin": 3, "theme": null}"#
        try write(original)
        let (settings, warnings) = store.load()
        #expect(settings.fontScale == 1.0)
        #expect(settings.width == 80)
        #expect(settings.margin == 3)
        #expect(settings.theme == .terminal)
        #expect(warnings.count == 3)
        #expect(warnings.contains { $0.contains("fontScale") && $0.contains("'7'") && $0.contains("1.0 to 3.0") })
        #expect(warnings.contains { $0.contains("width") && $0.contains("'wide'") && $0.contains("10 to 1000") })
        #expect(warnings.allSatisfy { $0.hasPrefix(store.path) })
        #expect(fileText() == original)
    }

    @Test func savingOneKeyKeepsAnotherKeysHandWrittenBadValue() throws {
        try write(#"{"version": 1, "width": "wide", "futureKey": {"a": [1, 2]}}"#)
        try store.set("theme", to: "night")
        var object = try fileObject()
        #expect(object["width"] as? String == "wide")
        #expect((object["futureKey"] as? [String: Any])?["a"] as? [Int] == [1, 2])
        #expect(object["theme"] as? String == "night")
        #expect(object["margin"] as? Int == Settings().margin)  // missing keys are written out
        // The pager saving the whole value behaves the same.
        var settings = store.load().settings
        settings.fontScale = 2
        try store.save(settings)
        object = try fileObject()
        #expect(object["width"] as? String == "wide")
        // Setting the key itself, even to its default, replaces the bad value.
        try store.set("width", to: "80")
        #expect(try fileObject()["width"] as? Int == 80)
        #expect(store.load().warnings.isEmpty)
    }

    @Test func resetReplacesOneKeyOrAllButKeepsUnknownKeys() throws {
        try write(#"{"version": 1, "width": 5000, "margin": 7, "theme": "sepia", "futureKey": 1}"#)
        try store.reset("width")
        #expect(try fileObject()["width"] as? Int == 80)
        #expect(store.load().settings.margin == 7)
        try store.reset(nil)
        #expect(store.load().settings == Settings())
        #expect(try fileObject()["futureKey"] as? Int == 1)
        #expect(throws: StateError.unknownKey("nope")) { try store.reset("nope") }
    }

    @Test func aNewerSettingsFileIsReadButNeverWritten() throws {
        let newer = #"{"version": 2, "width": 70, "theme": "night", "hologram": true}"#
        try write(newer)
        let (settings, warnings) = store.load()
        #expect(settings.width == 70)
        #expect(settings.theme == .night)
        #expect(warnings.contains { $0.contains("newer") })
        #expect(throws: StateError.newerVersion(path: store.path, version: "2")) { try store.set("width", to: "60") }
        #expect(throws: StateError.newerVersion(path: store.path, version: "2")) { try store.save(Settings()) }
        #expect(throws: StateError.newerVersion(path: store.path, version: "2")) { try store.reset(nil) }
        #expect(fileText() == newer)
    }

    /// Issue 38, item 11: one number past `Double` is one bad value, not a corrupt file.
    @Test func aNumberPastDoubleIsOneWarningNamingTheKeyAndItsDefault() throws {
        try write(#"{"width":60,"fontScale":1e400}"#)
        let (settings, warnings) = store.load()
        #expect(settings.width == 60)
        #expect(settings.fontScale == 1.0)
        #expect(
            warnings == [
                "\(store.path): invalid value '1e400' for fontScale: allowed 1.0 to 3.0 in steps of 0.5; using the default 1.0"
            ])
        #expect(FileManager.default.fileExists(atPath: store.path))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.path + "/config").allSatisfy {
                !$0.contains("corrupt")
            })
        // Saving another key keeps the hand-written value as written.
        try store.set("margin", to: "3")
        #expect(fileText()?.contains("\"fontScale\" : 1e400") == true)
        #expect(store.load().settings.margin == 3)
    }

    /// An integer past `Int64` is quoted as written, never wrapped into a negative one.
    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "99999999999999999999"])
    func anIntegerPastInt64IsReportedAsWritten(_ number: String) throws {
        try write(#"{"width":60,"margin":\#(number)}"#)
        let (settings, warnings) = store.load()
        #expect(settings.margin == 2)
        #expect(settings.width == 60)
        #expect(
            warnings == [
                "\(store.path): invalid value '\(number)' for margin: allowed an integer from 0 to 40; using the default 2"
            ])
    }

    /// A version past any integer is a newer novel's file: named as written, and never rewritten.
    @Test func aVersionPastAnyIntegerIsNamedAsWrittenAndNeverRewritten() throws {
        let newer = #"{"version":99999999999999999999, "width":60}"#
        try write(newer)
        let (settings, warnings) = store.load()
        #expect(settings.width == 60)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("(version 99999999999999999999)") == true)
        #expect(throws: StateError.newerVersion(path: store.path, version: "99999999999999999999")) {
            try store.set("width", to: "61")
        }
        #expect(fileText() == newer)
    }

    /// A version that is no version at all (0, a fraction, text) is reported, and the file left as it is.
    @Test(arguments: ["0", "-3", "1.5", "\"2\"", "1e400"])
    func aVersionNovelNeverWritesIsReportedAndTheFileKept(_ version: String) throws {
        let text = #"{"version":\#(version), "width":60}"#
        try write(text)
        let (settings, warnings) = store.load()
        #expect(settings.width == 60)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("version \(version) is not a version novel writes") == true)
        #expect(throws: StateError.self) { try store.set("width", to: "61") }
        #expect(fileText() == text)
    }

    @Test func theFileIsOneFlatObjectWithAVersionAndEveryKey() throws {
        try store.save(Settings())
        let object = try fileObject()
        #expect(object["version"] as? Int == SettingsStore.formatVersion)
        #expect(Set(object.keys) == Set(SettingsKey.allCases.map(\.rawValue) + ["version"]))
        for key in SettingsKey.allCases where key != .keymap {
            #expect(!(object[key.rawValue] is [String: Any]), "\(key) is flat")
        }
    }
}
