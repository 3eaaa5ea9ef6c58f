import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The on-disk chapter index cache behind `BookOpener.open(…, paths:)`.
struct ChapterIndexCacheTests {
    let sample = Corpus.repositoryPath("books/青灯记.txt")

    func paths(_ home: TemporaryDirectory) -> NovelPaths {
        NovelPaths(configDirectory: home.path, stateDirectory: home.path, cacheDirectory: home.path + "/cache")
    }

    func cacheFiles(_ paths: NovelPaths) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: paths.cacheDirectory)) ?? []).sorted()
    }

    @Test func aCorruptCacheFileIsIgnoredAndRebuilt() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = paths(home)
        let fresh = try BookOpener.open(path: sample)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let file = cache.file(fingerprint: fresh.fingerprint)
        for garbage in ["", "{", "{\"key\": 3}", "null", String(repeating: "灯", count: 100)] {
            try FileManager.default.createDirectory(atPath: paths.cacheDirectory, withIntermediateDirectories: true)
            try Data(garbage.utf8).write(to: URL(fileURLWithPath: file))
            let opened = try BookOpener.open(path: sample, paths: paths)
            #expect(opened.index == fresh.index, "cache file \(garbage.prefix(12))")
            // Rebuilt: the file now holds the right index again.
            #expect(cache.load(fingerprint: fresh.fingerprint, pattern: nil) == fresh.index)
        }
    }

    @Test func loadingThroughAnOffsetStopsAtTheEntryHoldingIt() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = paths(home)
        let book = try BookOpener.open(path: sample, paths: paths)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let entries = book.index.entries
        for offset in [0, entries[5].range.lowerBound, entries[5].range.upperBound - 1, book.text.utf8.count] {
            let partial = try #require(cache.load(fingerprint: book.fingerprint, pattern: nil, through: offset))
            let holding = book.index.entryIndex(containing: offset)
            #expect(partial.entries == Array(entries[...holding]), "offset \(offset)")
            #expect(partial.ruleName == book.index.ruleName)
            let (entry, ruleName) = try #require(
                cache.entry(fingerprint: book.fingerprint, pattern: nil, containing: offset))
            #expect(entry == entries[holding] && ruleName == book.index.ruleName, "offset \(offset)")
        }
        #expect(cache.entry(fingerprint: book.fingerprint, pattern: "^第", containing: 0) == nil, "another key")
    }

    @Test func theKeyHoldsThePatternAndTheRulesVersion() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = paths(home)
        let builtIn = try BookOpener.open(path: sample, paths: paths)
        let custom = try BookOpener.open(path: sample, chapterPattern: "^第[一二三]章", paths: paths)
        #expect(custom.index.ruleName == "custom")
        #expect(custom.index != builtIn.index)
        // Opening again with each choice gives that choice's index, never the other one's.
        #expect(try BookOpener.open(path: sample, chapterPattern: "^第[一二三]章", paths: paths).index == custom.index)
        #expect(try BookOpener.open(path: sample, paths: paths).index == builtIn.index)
        // An entry written under another rules version is not used.
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        // An entry written under another rules version is not used: write one by hand.
        var stale = ChapterIndexCache.magic
        let staleKey = Array("\(builtIn.fingerprint)|rules-\(ChapterSplitter.rulesVersion - 1)|".utf8)
        withUnsafeBytes(of: Int64(staleKey.count).littleEndian) { stale.append(contentsOf: $0) }
        stale += staleKey
        try Data(stale).write(to: URL(fileURLWithPath: cache.file(fingerprint: builtIn.fingerprint)))
        #expect(cache.load(fingerprint: builtIn.fingerprint, pattern: nil) == nil)
        #expect(try BookOpener.open(path: sample, paths: paths).index == builtIn.index)
    }

    @Test func aTruncatedCacheReadsAsMissing() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = paths(home)
        let book = try BookOpener.open(path: sample, paths: paths)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let file = cache.file(fingerprint: book.fingerprint)
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        for length in stride(from: 0, to: whole.count, by: 7) {
            try whole.prefix(length).write(to: URL(fileURLWithPath: file))
            #expect(cache.load(fingerprint: book.fingerprint, pattern: nil) == nil, "\(length) bytes")
        }
        try (whole + Data([0])).write(to: URL(fileURLWithPath: file))
        #expect(cache.load(fingerprint: book.fingerprint, pattern: nil) == nil)
        try whole.write(to: URL(fileURLWithPath: file))
        #expect(cache.load(fingerprint: book.fingerprint, pattern: nil) == book.index)
    }

    @Test func writesLeaveNoTemporaryFiles() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = paths(home)
        let book = try BookOpener.open(path: sample, paths: paths)
        #expect(cacheFiles(paths) == ["chapters-\(book.fingerprint).idx"])
        // The reader keeps, beside it, the scan it was made from (for a split after an append); other
        // commands do not write it.
        let fresh = NovelPaths(
            configDirectory: home.path, stateDirectory: home.path + "/state", cacheDirectory: home.path + "/cache2")
        try ReadingSession.open(path: sample, paths: fresh).keepHeadingScan(paths: fresh)
        #expect(cacheFiles(fresh) == ["chapters-\(book.fingerprint).idx", "chapters-\(book.fingerprint).scan"])
    }

    @Test func anUnwritableCacheOnlyCostsAScan() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        // The cache directory's place is taken by a file: nothing can be stored, the book still opens.
        let blocked = try home.write("cache", "not a directory")
        let paths = NovelPaths(configDirectory: home.path, stateDirectory: home.path, cacheDirectory: blocked)
        let book = try BookOpener.open(path: sample, paths: paths)
        #expect(book.index == (try BookOpener.open(path: sample)).index)
        #expect(try String(contentsOfFile: blocked, encoding: .utf8) == "not a directory")
    }

    @Test func theTitleIsTheFileNameWithoutItsExtension() {
        #expect(BookOpener.title(of: "books/青灯记.txt") == "青灯记")
        #expect(BookOpener.title(of: "/a/b/the.lamplighter.txt") == "the.lamplighter")
        #expect(BookOpener.title(of: "README") == "README")
        #expect(BookOpener.title(of: ".hidden") == ".hidden")
    }

    /// The cache holds the titles of the books someone reads: its folder and files are theirs alone,
    /// whatever the umask, as the state folder is.
    @Test func theCacheFolderAndFilesArePrivate() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = paths(home)
        let old = umask(0o022)
        defer { umask(old) }
        let session = try ReadingSession.open(path: sample, paths: paths)
        session.keepHeadingScan(paths: paths)
        let book = session.book
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let folder = try FileManager.default.attributesOfItem(atPath: paths.cacheDirectory)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        for path in [cache.file(fingerprint: book.fingerprint), cache.scanFile(fingerprint: book.fingerprint)] {
            let file = try FileManager.default.attributesOfItem(atPath: path)
            #expect((file[.posixPermissions] as? Int) == 0o600)
        }
        #expect(cacheFiles(paths).count == 2)
    }
}

extension ChapterIndexCacheTests {
    @Test func theSamplesKeyFollowsTheSampledBytesAndTheLength() {
        let text = Array(repeating: UInt8(ascii: "a"), count: 3_000_000)
        let key = ChapterIndexCache.sampleKey(text)
        #expect(key == ChapterIndexCache.sampleKey(text))
        var changedStart = text
        changedStart[10] = UInt8(ascii: "b")
        var changedEnd = text
        changedEnd[text.count - 1] = UInt8(ascii: "b")
        for other in [changedStart, changedEnd, Array(text.dropLast()), text + [UInt8(ascii: "a")]] {
            #expect(ChapterIndexCache.sampleKey(other) != key)
        }
    }

    @Test func theSeenMarkIsKeptPrivateBesideTheIndex() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let cache = ChapterIndexCache(directory: home.path + "/cache")
        #expect(!cache.maySeeIndex(sampleKey: "abc"))
        cache.markSeen(sampleKey: "abc")
        #expect(cache.maySeeIndex(sampleKey: "abc"))
        let attributes = try FileManager.default.attributesOfItem(atPath: cache.seenFile(sampleKey: "abc"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
