import Foundation

extension SettingsStore {
    /// The settings in the file for code that only needs a value and reports nothing (the chapter-index
    /// cache's size limit, read in the middle of opening a book): no warnings, and a damaged file is
    /// left where it is (`load` moves it aside and says so) and reads as the defaults.
    public func quietLoad() -> Settings {
        var settings = Settings()
        guard let bytes = try? BookFile.read(path, limit: BookFile.largestSettingsOrState),
            let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
        else { return settings }
        for (key, value) in object {
            try? SettingsKey(rawValue: key)?.apply(json: value, to: &settings)
        }
        return settings
    }
}
