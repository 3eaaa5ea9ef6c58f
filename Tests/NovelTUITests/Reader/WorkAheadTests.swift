import NovelCore
import Testing

@testable import NovelTUI

/// With a conversion on, the chapter after the one on screen is laid out (and converted) between keys,
/// so that the page turn into it does not convert it.
@Suite struct WorkAheadTests {
    static let book = makeBook(
        (1...3).map { "第\($0)章 頭髮\n\n" + String(repeating: "他放鬆了心情，說起往事。\n\n", count: 12) }.joined())

    static var converting: Settings {
        var settings = Settings()
        settings.convert = .t2s
        return settings
    }

    @Test func theNextChapterIsLaidOutAheadWithAConversionOn() throws {
        try #require(ChineseConverter.loaded(.t2s) != nil, "OpenCC's t2s configuration must load")
        var reader = makeReader(settings: Self.converting, book: Self.book)
        #expect(reader.entry == 0)
        #expect(!reader.layout.cachedEntries.contains(1))
        #expect(reader.hasWorkAhead)
        reader.workAhead()
        #expect(reader.layout.cachedEntries.contains(1) && reader.layout.isCached(1))
        #expect(!reader.hasWorkAhead, "done once")
        let shown = reader.screen()

        // Reading on into chapter 2: the next one, chapter 3, is the work ahead there.
        while reader.entry == 0 { reader.press("Space") }
        #expect(reader.entry == 1)
        #expect(reader.hasWorkAhead)
        reader.workAhead()
        #expect(reader.layout.cachedEntries.contains(2))
        #expect(reader.screen() != shown)
        while reader.entry == 1 { reader.press("Space") }
        #expect(!reader.hasWorkAhead, "nothing after the last chapter")
    }

    @Test func nothingIsDoneAheadWithoutAConversion() {
        var reader = makeReader(book: Self.book)
        #expect(!reader.hasWorkAhead)
        reader.workAhead()
        #expect(!reader.layout.cachedEntries.contains(1))
    }
}
