import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The chapter-index cache is held to its size limit (`cacheMegabytes`), least recently used first
/// (issue 38, item 13: 15,468 files and 158 MB after a fuzz run, never evicted).
@Suite final class ChapterIndexCacheEvictionTests {
    let home: TemporaryDirectory
    let book: Book

    init() throws {
        home = try TemporaryDirectory("novel-cache-eviction")
        book = try BookOpener.open(path: Corpus.repositoryPath("books/青灯记.txt"))
    }

    deinit { home.remove() }

    var folder: String { home.path + "/cache" }

    /// A cache whose limit is `files` of this book's index files.
    func cache(holding files: Int) -> ChapterIndexCache {
        let one = ChapterIndexCache.counted(size: ChapterIndexCache.record(book.index, key: "aaaa|rules-1|").count + 16)
        return ChapterIndexCache(directory: folder) { files * one }
    }

    /// Stores the index under `fingerprint`, as used `age` seconds ago.
    func store(_ cache: ChapterIndexCache, _ fingerprint: String, usedAgo age: TimeInterval) throws {
        cache.store(book.index, fingerprint: fingerprint, pattern: nil)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: cache.file(fingerprint: fingerprint))
    }

    func stored() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func theLeastRecentlyUsedIndexesGoWhenANewOneDoesNotFit() throws {
        let cache = cache(holding: 3)
        try store(cache, "aaaa", usedAgo: 300)
        try store(cache, "bbbb", usedAgo: 200)
        try store(cache, "cccc", usedAgo: 100)
        #expect(stored() == ["chapters-aaaa.idx", "chapters-bbbb.idx", "chapters-cccc.idx"])
        // Reading the oldest makes it the most recently used.
        #expect(cache.load(fingerprint: "aaaa", pattern: nil) == book.index)
        cache.store(book.index, fingerprint: "dddd", pattern: nil)
        #expect(stored() == ["chapters-aaaa.idx", "chapters-cccc.idx", "chapters-dddd.idx"])
        // The first screen's lookup of one entry counts as a use too.
        #expect(cache.entry(fingerprint: "cccc", pattern: nil, containing: 0) != nil)
        cache.store(book.index, fingerprint: "eeee", pattern: nil)
        #expect(stored() == ["chapters-cccc.idx", "chapters-dddd.idx", "chapters-eeee.idx"])
    }

    @Test func theFileJustWrittenStaysEvenWhenItAloneIsTooLarge() throws {
        let cache = cache(holding: 0)
        try store(cache, "aaaa", usedAgo: 100)
        cache.store(book.index, fingerprint: "bbbb", pattern: nil)
        #expect(stored() == ["chapters-bbbb.idx"])
        #expect(cache.load(fingerprint: "bbbb", pattern: nil) == book.index)
    }

    /// The limit in megabytes from settings.json, read when a book's index is stored by its first open.
    @Test func theSettingLimitsTheCacheOfAnOpen() throws {
        let paths = home.novelPaths
        try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
        try Data(#"{"version":1,"cacheMegabytes":1}"#.utf8).write(to: URL(fileURLWithPath: paths.settingsFile))
        #expect(SettingsStore(paths: paths).quietLoad().cacheMegabytes == 1)
        try FileManager.default.createDirectory(atPath: paths.cacheDirectory, withIntermediateDirectories: true)
        let old = paths.cacheDirectory + "/chapters-0123456789abcdef.idx"
        try Data(count: 996_000).write(to: URL(fileURLWithPath: old))
        let seen = paths.cacheDirectory + "/chapters-0123.seen"
        try Data().write(to: URL(fileURLWithPath: seen))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: old)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: seen)
        let unrelated = try home.write("cache/library.json", "[]")

        let opened = try BookOpener.open(path: Corpus.repositoryPath("books/青灯记.txt"), paths: paths)
        // 996,000 bytes (243 blocks), a 4 KB mark and the new index pass 1 MB: the oldest file goes, the rest fit.
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: seen))
        #expect(
            FileManager.default.fileExists(atPath: unrelated), "only the index cache's files are counted and evicted")
        #expect(ChapterIndexCache(paths: paths).load(fingerprint: opened.fingerprint, pattern: nil) == opened.index)
    }

    @Test func storingAnIndexRemovesStaleTemporaryFiles() throws {
        let cache = cache(holding: 10)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = try #require(unusedProcessID())
        let killed = try home.write("cache/.chapters-aaaa.idx.tmp-\(dead)-9", "half")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: killed)
        let writing = try home.write("cache/.chapters-bbbb.idx.tmp-\(getpid())-9", "half")
        cache.store(book.index, fingerprint: "cccc", pattern: nil)
        #expect(stored() == [".chapters-bbbb.idx.tmp-\(getpid())-9", "chapters-cccc.idx"])
        #expect(FileManager.default.fileExists(atPath: writing))
    }

    @Test func theSettingIsDeclaredOnceWithItsRange() throws {
        var settings = Settings()
        #expect(settings.cacheMegabytes == 300)
        try SettingsKey.cacheMegabytes.apply(text: "50", to: &settings)
        #expect(settings.cacheMegabytes == 50)
        #expect(throws: StateError.self) { try SettingsKey.cacheMegabytes.apply(text: "0", to: &settings) }
        #expect(throws: StateError.self) { try SettingsKey.cacheMegabytes.apply(text: "1.5", to: &settings) }
        #expect(ChapterIndexCache.bytes(megabytes: 300) == 300_000_000)
    }
}
