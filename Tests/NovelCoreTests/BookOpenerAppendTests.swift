import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A book whose file had chapters appended, opened on from the book as it was: the same book a whole
/// open of the grown file gives, whether its heading scan is in memory, in the cache or nowhere.
@Suite final class BookOpenerAppendTests {
    let home: TemporaryDirectory
    let paths: NovelPaths

    init() throws {
        home = try TemporaryDirectory("novel-opener-append")
        paths = home.novelPaths
    }

    deinit { home.remove() }

    static func chapters(_ numbers: ClosedRange<Int>) -> String {
        numbers.map { "第\($0)章　第\($0)夜\n\n　　渡口又亮起了一盏灯，她回来了。\n\n" }.joined()
    }

    func expectSame(_ grown: Book?, asOpening path: String) throws {
        let grown = try #require(grown)
        let whole = try BookOpener.open(path: path)
        #expect(grown.text.utf8 == whole.text.utf8)
        #expect(grown.fingerprint == whole.fingerprint)
        #expect(grown.index == whole.index)
        #expect(grown.title == whole.title)
        #expect(grown.headingScan == whole.headingScan)
    }

    @Test func fromTheScanInMemoryFromTheCacheAndFromNone() throws {
        for source in ["memory", "cache", "none"] {
            // Each its own text: the second book must not find the first one's index in the cache.
            let path = try home.write("\(source).txt", "青灯记·\(source)\n\n" + Self.chapters(1...3))
            // A first open splits and caches; a second one reads the cache and has no scan in memory.
            let first = try BookOpener.open(path: path, paths: paths)
            var opened: Book
            switch source {
            case "memory": opened = first
            case "cache":
                // The reader keeps the scan beside the index (`ReadingSession.keepHeadingScan`).
                let scan = try #require(first.headingScan)
                ChapterIndexCache(directory: paths.cacheDirectory).storeScan(scan, fingerprint: first.fingerprint)
                opened = try BookOpener.open(path: path, paths: paths)
            default:
                opened = try BookOpener.open(path: path)
                opened.headingScan = nil
            }
            #expect((opened.headingScan != nil) == (source == "memory"))
            if source == "none" { try FileManager.default.removeItem(atPath: paths.cacheDirectory) }
            try appendToFile(path, Self.chapters(4...5))
            let grown = BookOpener.appended(to: opened, chapterPattern: nil, paths: source == "none" ? nil : paths)
            try expectSame(grown, asOpening: path)
            #expect(grown.map { $0.index.entries.count - opened.index.entries.count } == 2)
            if source != "none" {
                // Cached as an open caches it: the next open of the grown file reads its index.
                let cache = ChapterIndexCache(directory: paths.cacheDirectory)
                let fingerprint = try #require(grown?.fingerprint)
                #expect(cache.load(fingerprint: fingerprint, pattern: nil) == grown?.index)
                #expect(cache.loadScan(fingerprint: fingerprint, pattern: nil) == grown?.headingScan)
            }
        }
    }

    @Test func withTheBooksOwnPattern() throws {
        let path = try home.write("pattern.txt", "Part 1\n\nWords.\n\nPart 2\n\nMore.\n")
        let opened = try BookOpener.open(path: path, chapterPattern: "^Part [0-9]+$", paths: paths)
        try appendToFile(path, "\nPart 3\n\nThe end.\n")
        let grown = try #require(BookOpener.appended(to: opened, chapterPattern: "^Part [0-9]+$", paths: paths))
        #expect(grown.index == (try BookOpener.open(path: path, chapterPattern: "^Part [0-9]+$").index))
        #expect(grown.index.entries.map(\.title).suffix(1) == ["Part 3"])
        // A scan made with a pattern is not continued with the built-in rules: the grown text is split whole.
        let builtIn = try #require(BookOpener.appended(to: opened, chapterPattern: nil, paths: nil))
        #expect(builtIn.index == (try BookOpener.open(path: path).index))
    }

    @Test func aFileChangedAnyOtherWayIsNotOpenedOn() throws {
        let path = try home.write("rewritten.txt", Self.chapters(1...3))
        let opened = try BookOpener.open(path: path, paths: paths)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.write(Data(("第九章　改了\n" + Self.chapters(2...4)).utf8))
        handle.closeFile()
        #expect(BookOpener.appended(to: opened, chapterPattern: nil, paths: paths) == nil)
    }
}
