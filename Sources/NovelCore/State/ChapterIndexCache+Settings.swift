/// The chapter-index cache held to the size limit the settings give (`cacheMegabytes`): the cache itself
/// knows no setting, so its callers make it here.
extension ChapterIndexCache {
    /// The cache in `directory`, held to the default size limit.
    public init(directory: String) {
        self.init(directory: directory) { ChapterIndexCache.bytes(megabytes: Settings().cacheMegabytes) }
    }

    /// The cache folder of `paths`, with the size limit of its settings.json, read quietly and only when a
    /// new index is stored.
    public init(paths: NovelPaths) {
        self.init(directory: paths.cacheDirectory) {
            Self.bytes(megabytes: SettingsStore(paths: paths).quietLoad().cacheMegabytes)
        }
    }
}
