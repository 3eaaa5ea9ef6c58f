import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Settings and cleaning rules synced between two homes through a folder store (`sync.settings`): each
/// device's own file, newest edit per key wins, nothing of one machine's shared.
@Suite final class SettingsSyncTests {
    let folder: TemporaryDirectory
    let homes: [SyncHome]

    init() throws {
        folder = try TemporaryDirectory("novel-settings-sync")
        homes = [try SyncHome(name: "laptop"), try SyncHome(name: "desktop")]
    }

    deinit {
        folder.remove()
        homes.forEach { $0.remove() }
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @discardableResult
    func sync(_ home: Int, hours: Double) throws -> SettingsSync.Outcome {
        let home = homes[home]
        return try SettingsSync(
            store: FolderSyncStore(root: folder.path), storeName: "the test store", device: home.device,
            paths: home.paths
        ).sync(now: Self.start.addingTimeInterval(hours * 3600))
    }

    func settings(_ home: Int) -> Settings { SettingsStore(paths: homes[home].paths).load().settings }
    func rules(_ home: Int) -> CleaningRules { RulesStore(paths: homes[home].paths).load().rules }

    func addRule(_ home: Int, _ name: String, pattern: String) throws {
        try RulesStore(paths: homes[home].paths).update { rules in
            try rules.add(CleaningRule(name: name, pattern: pattern, isRegex: false))
        }
    }

    @Test func changesToDifferentKeysOnTwoMachinesAreBothKept() throws {
        try SettingsStore(paths: homes[0].paths).set("theme", to: "night")
        try addRule(0, "去广告", pattern: "本章未完")
        try SettingsStore(paths: homes[1].paths).set("width", to: "60")
        try sync(0, hours: 1)
        let taken = try sync(1, hours: 2)
        try sync(0, hours: 3)
        #expect(taken.taken.contains("setting.theme"))
        #expect(taken.taken.contains("rule.去广告"))
        for home in 0..<2 {
            #expect(settings(home).theme.rawValue == "night")
            #expect(settings(home).width == 60)
            #expect(rules(home).user.map(\.name) == ["去广告"])
        }
    }

    @Test func ofOneKeyTheNewestEditWins() throws {
        try SettingsStore(paths: homes[0].paths).set("margin", to: "3")
        try sync(0, hours: 1)
        try sync(1, hours: 2)
        #expect(settings(1).margin == 3)
        // Both change it; the desktop's change is synced later, so it is the newer edit.
        try SettingsStore(paths: homes[0].paths).set("margin", to: "5")
        try sync(0, hours: 3)
        try SettingsStore(paths: homes[1].paths).set("margin", to: "7")
        try sync(1, hours: 4)
        try sync(0, hours: 5)
        #expect(settings(0).margin == 7)
        #expect(settings(1).margin == 7)
    }

    @Test func aNewMachinesDefaultsNeverWinOverAChoice() throws {
        try SettingsStore(paths: homes[0].paths).set("theme", to: "night")
        try sync(0, hours: 1)
        // The desktop syncs for the first time with every setting at its default, and later than the laptop.
        try sync(1, hours: 2)
        try sync(0, hours: 3)
        #expect(settings(0).theme.rawValue == "night")
        #expect(settings(1).theme.rawValue == "night")
    }

    @Test func syncKeysAndOneMachinesKeysAreNeverShared() throws {
        try SettingsStore(paths: homes[0].paths).set([
            ("sync.device", "laptop"), ("sync.legado", "true"), ("libraryFolder", "/books"), ("cacheMegabytes", "5"),
            ("ambiguousWidth", "2"), ("indent", "4"),
        ])
        try sync(0, hours: 1)
        try sync(1, hours: 2)
        let desktop = settings(1)
        #expect(desktop.indent == 4)
        #expect(desktop.syncDevice == "")
        #expect(desktop.syncLegado == false)
        #expect(desktop.libraryFolder == Settings().libraryFolder)
        #expect(desktop.cacheMegabytes == Settings().cacheMegabytes)
        #expect(desktop.ambiguousWidth == Settings().ambiguousWidth)
        let shared = try #require(
            try FolderSyncStore(root: folder.path).read(
                "settings/\(homes[0].device.id).json", limit: SettingsSync.largest))
        let text = String(decoding: shared, as: UTF8.self)
        for key in ["sync.", "libraryFolder", "cacheMegabytes", "ambiguousWidth"] {
            #expect(!text.contains("\"setting.\(key)"), "\(key) is shared")
        }
    }

    @Test func aRuleRemovedOnOneMachineIsRemovedOnTheOtherAndABuiltInSwitchFollows() throws {
        try addRule(0, "去广告", pattern: "本章未完")
        try addRule(0, "去水印", pattern: "www")
        try sync(0, hours: 1)
        try sync(1, hours: 2)
        #expect(rules(1).user.map(\.name) == ["去广告", "去水印"])
        try RulesStore(paths: homes[1].paths).update { rules in
            try rules.remove("去广告")
            try rules.setEnabled(SiteJunkRule.builtIn[0].name, false)
        }
        try sync(1, hours: 3)
        try sync(0, hours: 4)
        #expect(rules(0).user.map(\.name) == ["去水印"])
        #expect(rules(0).disabledBuiltIns == [SiteJunkRule.builtIn[0].name])
        // The removal stays: a later sync of the laptop does not bring the rule back to the desktop.
        try sync(1, hours: 5)
        #expect(rules(1).user.map(\.name) == ["去水印"])
    }

    @Test func anotherDevicesBrokenFileIsAWarningAndTheRestSyncs() throws {
        try FolderSyncStore(root: folder.path).write(Data("not json".utf8), to: "settings/0123456789abcdef.json")
        try SettingsStore(paths: homes[0].paths).set("theme", to: "night")
        try sync(0, hours: 1)
        let outcome = try sync(1, hours: 2)
        #expect(outcome.warnings.contains { $0.contains("settings/0123456789abcdef.json") })
        #expect(settings(1).theme.rawValue == "night")
    }
}
