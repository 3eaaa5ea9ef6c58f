import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The heading scan kept beside a cached index: read back as written, and as nothing when it was made
/// for another pattern or its file is damaged.
@Suite struct ChapterIndexCacheScanTests {
    @Test func aScanReadsBackOnlyForItsKeyAndWhole() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let cache = ChapterIndexCache(directory: home.path + "/cache")
        let text = ChapterTestBook.bookText(ChapterTestBook.body(["第一章　渡口", "第二章　夜雨", "第三章　灯下"]))
        let scan = ChapterSplitter().splitKeepingScan(text).scan
        #expect(scan.lines.count == 3)
        cache.storeScan(scan, fingerprint: "f1")
        #expect(cache.loadScan(fingerprint: "f1", pattern: nil) == scan)
        #expect(cache.loadScan(fingerprint: "f1", pattern: "^第") == nil)
        #expect(cache.loadScan(fingerprint: "f2", pattern: nil) == nil)
        let file = cache.scanFile(fingerprint: "f1")
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        for length in stride(from: 0, to: whole.count, by: 5) {
            try whole.prefix(length).write(to: URL(fileURLWithPath: file))
            #expect(cache.loadScan(fingerprint: "f1", pattern: nil) == nil, "\(length) bytes")
        }
        try (whole + Data([0])).write(to: URL(fileURLWithPath: file))
        #expect(cache.loadScan(fingerprint: "f1", pattern: nil) == nil)
    }
}
