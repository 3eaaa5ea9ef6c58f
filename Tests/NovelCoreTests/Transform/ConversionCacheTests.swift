import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// The conversions a launch shows, kept on disk (`ConversionCache`): read back, they show the same text
/// with the same position map as OpenCC does; what they show is what the reader shows without asking
/// OpenCC; a damaged, truncated or mismatched file is ignored; and the file stays bounded.
@Suite struct ConversionCacheTests {
    static let options = DisplayOptions(reflow: .off, smartQuotes: true, hideSiteJunk: true, convert: .s2t)

    static let book = TestBooks.book(
        "第一章 开始\n\n　　他放松了心情。\n\n第二章 钟情\n\n" + String(repeating: "　　她说“系鞋带吧”，他钟情于头发与发展。\n", count: 300)
            + "\n第三章 后来\n\n后来。\n")

    /// A cache in a fresh folder and a store of recent conversions of its own (the process's shared
    /// one is left to the other tests).
    static func cache() throws -> (ConversionCache, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (ConversionCache(directory: folder.path), folder)
    }

    /// Chapter `entry` converted through `recent` (OpenCC when it does not hold it), and its title.
    static func converted(_ entry: Int, recent: RecentConversions) throws -> (DisplayText, String) {
        let source = try #require(DisplayTransform.conversionSource(book, entry: entry, options: options))
        let shown = try #require(ChineseConversion.convert(source, .s2t, recent: recent))
        let title = Array(book.index.entries[entry].title.utf8)
        let aligned = try #require(title.withUnsafeBufferPointer { ChineseConversion.aligned($0, .s2t, recent: recent) })
        return (shown, String(decoding: aligned.shown, as: UTF8.self))
    }

    @Test func aSavedChapterReadsBackAsTheSameTextAndMap() throws {
        let (cache, folder) = try Self.cache()
        defer { folder.remove() }
        let session = RecentConversions()
        let (first, title) = try Self.converted(1, recent: session)
        #expect(title == "第二章 鍾情")
        cache.save(book: Self.book, entries: [1], options: Self.options, from: session)

        let reopened = RecentConversions()
        #expect(cache.load(fingerprint: Self.book.fingerprint, conversion: .s2t, into: reopened) == 2)
        let (again, titleAgain) = try Self.converted(1, recent: reopened)
        #expect(again == first && titleAgain == title)
        // And the same as the reader shows through OpenCC.
        #expect(again == DisplayTransform.display(Self.book, entry: 1, options: Self.options))
    }

    @Test func whatTheCacheHoldsIsShownWithoutOpenCC() throws {
        // A record made here for the chapter's bytes, with text OpenCC would never give: shown as stored.
        let (cache, folder) = try Self.cache()
        defer { folder.remove() }
        let source = try #require(DisplayTransform.conversionSource(Self.book, entry: 1, options: Self.options))
        var forged = AlignedConversion()
        forged.replace(0..<source.utf8.count, Array("缓存".utf8))
        let stamp = try #require(ChineseConverter.stamp(.s2t))
        let file = cache.encode([(ByteDigest.of(source.utf8), forged)], fingerprint: Self.book.fingerprint, conversion: .s2t, stamp: stamp)
        try AtomicFile.write(Data(file), to: cache.file(fingerprint: Self.book.fingerprint))
        let recent = RecentConversions()
        #expect(cache.load(fingerprint: Self.book.fingerprint, conversion: .s2t, into: recent) == 1)
        let shown = try #require(ChineseConversion.convert(source, .s2t, recent: recent))
        #expect(String(decoding: shown.utf8, as: UTF8.self) == "缓存")
        #expect(shown.originalRange(0..<shown.utf8.count) == Self.book.index.entries[1].range)
    }

    /// The file of a saved chapter, and a check that a changed copy of it is ignored.
    static func expectIgnored(_ change: (inout [UInt8]) -> Void, _ label: String) throws {
        let (cache, folder) = try cache()
        defer { folder.remove() }
        let session = RecentConversions()
        _ = try converted(1, recent: session)
        cache.save(book: book, entries: [1], options: options, from: session)
        let path = cache.file(fingerprint: book.fingerprint)
        var bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        #expect(cache.load(fingerprint: book.fingerprint, conversion: .s2t, into: RecentConversions()) == 2)
        change(&bytes)
        try AtomicFile.write(Data(bytes), to: path)
        #expect(cache.load(fingerprint: book.fingerprint, conversion: .s2t, into: RecentConversions()) == 0, "\(label)")
    }

    @Test func aDamagedFileIsIgnored() throws {
        try Self.expectIgnored({ $0[$0.count / 2] ^= 0x20 }, "a byte changed")
        try Self.expectIgnored({ $0.removeLast(7) }, "truncated")
        try Self.expectIgnored({ $0.append(0) }, "a byte added")
        try Self.expectIgnored({ $0 = Array($0.prefix(3)) }, "only the start")
        try Self.expectIgnored({ $0 = [] }, "empty")
        try Self.expectIgnored({ $0[0] = UInt8(ascii: "X") }, "another format")
    }

    @Test func aFileForOtherDataAnotherConfigurationOrAnotherBookIsIgnored() throws {
        let (cache, folder) = try Self.cache()
        defer { folder.remove() }
        let session = RecentConversions()
        _ = try Self.converted(1, recent: session)
        cache.save(book: Self.book, entries: [1], options: Self.options, from: session)
        let stamp = try #require(ChineseConverter.stamp(.s2t))
        #expect(cache.read(fingerprint: Self.book.fingerprint, conversion: .s2t, stamp: stamp).count == 2)
        // OpenCC upgraded (another stamp), another configuration, the file under another book's name.
        #expect(cache.read(fingerprint: Self.book.fingerprint, conversion: .s2t, stamp: stamp + "; changed").isEmpty)
        #expect(cache.read(fingerprint: Self.book.fingerprint, conversion: .s2tw, stamp: stamp).isEmpty)
        try FileManager.default.copyItem(atPath: cache.file(fingerprint: Self.book.fingerprint), toPath: cache.file(fingerprint: "other"))
        #expect(cache.read(fingerprint: "other", conversion: .s2t, stamp: stamp).isEmpty)
    }

    @Test func stepsThatDoNotFitTheirSourceAreIgnored() throws {
        // A well-formed file (its checksum right) whose entry's steps cover fewer bytes than its key says.
        let (cache, folder) = try Self.cache()
        defer { folder.remove() }
        var short = AlignedConversion()
        short.same(0..<3, Array("放".utf8), sourceBytes: Array("放".utf8))
        let stamp = try #require(ChineseConverter.stamp(.s2t))
        let digest = ByteDigest(count: 6, high: 1, low: 2)
        try AtomicFile.write(
            Data(cache.encode([(digest, short)], fingerprint: "book", conversion: .s2t, stamp: stamp)),
            to: cache.file(fingerprint: "book"))
        #expect(cache.read(fingerprint: "book", conversion: .s2t, stamp: stamp).isEmpty)
    }

    @Test func theFileKeepsOnlyTheLatestEntries() throws {
        let (cache, folder) = try Self.cache()
        defer { folder.remove() }
        let session = RecentConversions()
        let stamp = try #require(ChineseConverter.stamp(.s2t))
        for round in 0..<6 {
            for entry in Self.book.index.entries.indices { _ = try Self.converted(entry, recent: session) }
            cache.save(book: Self.book, entries: [round % Self.book.index.entries.count], options: Self.options, from: session)
        }
        let stored = cache.read(fingerprint: Self.book.fingerprint, conversion: .s2t, stamp: stamp)
        #expect(stored.count == 2 * Self.book.index.entries.count)
        #expect(stored.count <= ConversionCache.limit)
        // The newest first: the last round's chapter and title.
        let last = (6 - 1) % Self.book.index.entries.count
        let source = try #require(DisplayTransform.conversionSource(Self.book, entry: last, options: Self.options))
        #expect(stored.first?.0 == ByteDigest.of(source.utf8))
    }

    @Test func theStampNamesOpenCCAndTheConfigurationsFiles() throws {
        let stamp = try #require(ChineseConverter.stamp(.s2t))
        #expect(stamp.hasPrefix("opencc ") && stamp.contains("s2t.json ") && stamp.contains("STPhrases.ocd2 "))
        #expect(ChineseConverter.stamp(.none) == nil)
        #expect(ChineseConverter.dictionaryFiles(in: #"{"dict":{"type":"ocd2","file":"A.ocd2"},"x":[{"file" : "B.ocd2"}]}"#) == ["A.ocd2", "B.ocd2"])
        #expect(ChineseConverter.dataFolder(libraryPath: "/prefix/lib/x86_64-linux-gnu/libopencc.so.1.1") == "/prefix/share/opencc")
        #expect(ChineseConverter.dataFolder(libraryPath: "libopencc.so") == nil)
    }
}

/// OpenCC loaded early on a thread of its own (`ChineseConverter.preload`): whoever needs it gets the
/// same shared converter, and waiting for loads ends with it loaded.
@Suite struct ConverterPreloadTests {
    @Test func aPreloadedConfigurationIsTheSharedOne() throws {
        ChineseConverter.preload(.tw2sp)
        ChineseConverter.preload(.tw2sp)  // a second call starts no second load
        ChineseConverter.waitForLoads()
        guard case .success(let settled) = ChineseConverter.settledLoad(.tw2sp) else {
            Issue.record("tw2sp is not loaded after the preload")
            return
        }
        #expect(settled === ChineseConverter.loaded(.tw2sp))
        #expect(Conversion.tw2sp.apply(to: "計程車") == "出租车")
        ChineseConverter.preload(.none)
        #expect(ChineseConverter.settledLoad(.none) == nil)
    }
}
