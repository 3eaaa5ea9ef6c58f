import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A cache file that reads but whose ranges do not fit the text (damaged, or written by a bug) is not
/// used: its ranges would subscript the text out of bounds (issue 24).
struct ChapterIndexCacheShapeTests {
    let sample = Corpus.repositoryPath("books/青灯记.txt")

    func entry(_ range: Range<Int>, body: Int? = nil, volume: Int? = nil) -> TOCEntry {
        TOCEntry(
            level: .chapter, title: "第一章", number: 1, range: range, bodyStart: body ?? range.lowerBound,
            volumeIndex: volume)
    }

    @Test(arguments: [
        ("a gap", [0..<10, 12..<20], nil as Int?, nil as Int?),
        ("not from 0", [5..<10, 10..<20], nil, nil),
        ("an overlap", [0..<10, 8..<20], nil, nil),
        ("a body outside its entry", [0..<10, 10..<20], 25, nil),
        ("a volume after its chapter", [0..<10, 10..<20], nil, 1),
        ("a range far past any text", [0..<10, 10..<Int.max], nil, nil),
    ])
    func aMisshapenIndexReadsAsNoCache(what: String, ranges: [Range<Int>], body: Int?, volume: Int?) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let cache = ChapterIndexCache(directory: home.path)
        var entries = ranges.map { entry($0) }
        if let body { entries[1].bodyStart = body }
        if let volume { entries[1].volumeIndex = volume }
        let index = ChapterIndex(entries: entries, ruleName: "chinese")
        cache.store(index, fingerprint: "f", pattern: nil)
        let loaded = cache.load(fingerprint: "f", pattern: nil)
        if what == "a range far past any text" {
            // It has the shape of a split; only the text it is used with can refuse it (below).
            #expect(loaded == index)
        } else {
            #expect(loaded == nil, "\(what)")
            #expect(cache.load(fingerprint: "f", pattern: nil, through: 15) == nil, "\(what)")
        }
    }

    @Test func aRunningHeadIsStoredAndMustEndBeforeTheBody() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let cache = ChapterIndexCache(directory: home.path)
        for (headingStart, kept) in [(14, true), (10, true), (18, false), (5, false)] {
            var entries = [entry(0..<10), entry(10..<30, body: 16)]
            entries[1].headingStart = headingStart
            let index = ChapterIndex(entries: entries, ruleName: "chinese")
            cache.store(index, fingerprint: "f", pattern: nil)
            #expect((cache.load(fingerprint: "f", pattern: nil) == index) == kept, "heading at \(headingStart)")
            let stored = cache.entry(fingerprint: "f", pattern: nil, containing: 20)
            #expect((stored?.0 == entries[1]) == kept, "heading at \(headingStart)")
        }
    }

    @Test func anIndexThatDoesNotEndAtTheTextsEndIsSplitAgain() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let paths = NovelPaths(
            configDirectory: home.path, stateDirectory: home.path, cacheDirectory: home.path + "/cache")
        let fresh = try BookOpener.open(path: sample)
        let cache = ChapterIndexCache(directory: paths.cacheDirectory)
        let length = fresh.text.utf8.count
        for end in [length - 1, length + 1, Int.max] {
            cache.store(
                ChapterIndex(entries: [entry(0..<end)], ruleName: "chinese"), fingerprint: fresh.fingerprint,
                pattern: nil)
            let opened = try BookOpener.open(path: sample, paths: paths)
            #expect(opened.index == fresh.index, "a cached index ending at \(end) of \(length)")
        }
    }

    @Test func partitionsNeedsTheWholeText() {
        let index = ChapterIndex(entries: [entry(0..<10), entry(10..<20, body: 12, volume: 0)], ruleName: "chinese")
        #expect(index.partitions(length: 20))
        #expect(!index.partitions(length: 21))
        #expect(ChapterIndex(entries: [], ruleName: "none").partitions(length: 0))
        #expect(!ChapterIndex(entries: [], ruleName: "none").partitions(length: 1))
    }
}
