import Foundation
import NovelCore
import NovelTUI

/// settings.json alone: the input is the file. It loads (a bad key is a warning and that key's default),
/// what loads reads back the same through each key's text and JSON, saving writes it back over the file
/// keeping what was written by hand, and a reader of the sample book takes a few keys with it.
enum SettingsFuzzTarget {
    static let target = FuzzTarget(
        name: "settings", summary: "settings.json loading and saving (SettingsStore), and a reader with the settings",
        dictionaries: ["json.dict", "settings.dict"],
        run: { bytes in
            let home = FuzzHome.shared
            home.clear(home.paths.configDirectory)
            home.write(home.expandingRoot(bytes), to: home.paths.settingsFile)
            let store = SettingsStore(paths: home.paths)
            let settings = store.load().settings
            for key in SettingsKey.allCases {
                // What `novel settings` prints for a key, and the JSON saved for it, set that key again.
                var fromText = Settings()
                var fromJSON = Settings()
                FuzzCheck.require(
                    (try? key.apply(text: key.text(settings), to: &fromText)) != nil
                        && key.text(fromText) == key.text(settings),
                    "settings: \(key.rawValue)'s text \(key.text(settings)) does not read back")
                FuzzCheck.require(
                    (try? key.apply(json: key.json(settings), to: &fromJSON)) != nil
                        && key.text(fromJSON) == key.text(settings),
                    "settings: \(key.rawValue)'s JSON does not read back as \(key.text(settings))")
            }
            // Saved over the file: a valid key unchanged, an invalid one left as the user wrote it.
            if (try? store.save(settings)) != nil {
                let again = store.load().settings
                FuzzCheck.require(again == settings, "settings: the settings saved read back differently")
            }
            var reader = Reader(
                book: FuzzBooks.book(home.bookText), settings: settings, state: nil, columns: 40, rows: 12,
                start: ReaderStart())
            _ = reader.screen()
            // A page, the help (the keymap as set), the settings overlay with one value stepped, the table of contents.
            let keys: [Key] = [
                .pageDown, .character("H"), .escape, .character("s"), .down, .right, .escape, .character("t"), .enter,
            ]
            for (step, key) in keys.enumerated() {
                _ = reader.handle(.key(key), now: Double(step))
                reader.tick(now: Double(step) + 0.5)
            }
            _ = reader.screen()
        },
        seeds: { file in
            // A settings file written by the store, with values picked from the seed's first bytes.
            let home = FuzzHome.shared
            home.clear(home.paths.configDirectory)
            let picks = Array(file.prefix(8)) + Array(repeating: 0, count: 8)
            var settings = Settings()
            settings.width = 20 + Int(picks[0]) % 60 * 2
            settings.margin = Int(picks[1]) % 6
            settings.lineSpacing = Int(picks[2]) % 3
            settings.indent = Int(picks[3]) % 5
            settings.fontScale = [1, 1.5, 2][Int(picks[4]) % 3]
            settings.keymap = picks[5] % 2 == 0 ? [:] : ["next-page": ["n", "space"], "quit": ["q", "Q"]]
            settings.libraryFolder = home.libraryFolder
            guard (try? SettingsStore(paths: home.paths).save(settings)) != nil,
                let written = home.read(home.paths.settingsFile)
            else { return [] }
            return [home.placingRoot(written)]
        })
}
