import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A conversion is kept as its alignment (`AlignedConversion`) and replayed over the display text it
/// came from: fresh and kept in memory, it shows the same text with the
/// same position map, on synthetic text with every form the alignment handles and on the corpus books'
/// chapters; plain ASCII is shown as it is, one step.
@Suite struct ConversionReplayTests {
    static func options(_ conversion: Conversion) -> DisplayOptions {
        DisplayOptions(reflow: .off, smartQuotes: true, hideSiteJunk: true, convert: conversion)
    }

    /// Lines of every kind: same-length conversions, a phrase that changes length (`U盘` with s2twp),
    /// quotes, punctuation, Latin text, blank lines and a long line.
    static let synthetic: String = {
        let lines = [
            "第一章 开始", "", "　　他放松了心情，钟情于系鞋带的小事。", "我的U盘坏了，坐出租车去买软件和鼠标吧。",
            "Plain English line, nothing to convert: 123.", "\"你说什么？\"她问。", String(repeating: "头发与发展，", count: 40),
            "", "　　U盘，U盘。出租车司机用鼠标。",
        ]
        return (1...20).map { "第\($0)节\n" + lines.map { $0 + "\n" }.joined() }.joined()
    }()

    /// Chapter `entry` of `book` freshly converted, and from a store holding it.
    static func twoWays(_ book: Book, entry: Int, _ conversion: Conversion) -> [DisplayText?] {
        let options = Self.options(conversion)
        let session = RecentConversions()
        let fresh = DisplayTransform.display(book, entry: entry, options: options, recent: session)
        let kept = DisplayTransform.display(book, entry: entry, options: options, recent: session)
        return [fresh, kept]
    }

    @Test(arguments: [Conversion.s2t, .s2twp, .t2s])
    func freshAndKeptConversionsAreTheSame(conversion: Conversion) throws {
        let book = TestBooks.book(Self.synthetic)
        for entry in book.index.entries.indices {
            let ways = Self.twoWays(book, entry: entry, conversion)
            #expect(ways[0] == ways[1], "\(conversion), entry \(entry)")
        }
        if conversion == .s2twp {
            let entry = try #require(
                book.index.entries.indices.first {
                    String(decoding: book.text.utf8[book.index.entries[$0].range], as: UTF8.self).contains("U盘")
                })
            let shown = try #require(Self.twoWays(book, entry: entry, .s2twp)[1])
            let text = String(decoding: shown.utf8, as: UTF8.self)
            #expect(text.contains("隨身碟") && text.contains("計程車"), "\(text)")
            #expect(shown.originalRange(0..<shown.utf8.count) == book.index.entries[entry].range)
        }
    }

    @Test func plainASCIIIsShownAsItIs() throws {
        let english = Array(
            String(repeating: "It was a bright cold day in April, and the clocks were striking 13.\n", count: 50).utf8)
        let converter = try #require(ChineseConverter.loaded(.s2t))
        let aligned = english.withUnsafeBufferPointer { converter.align($0) }
        #expect(aligned.shown == english && !aligned.changes && aligned.steps.count == 1)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusChaptersAreTheSameFreshAndKept() throws {
        for path in [
            "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/ahq-zhengzhuan.utf8-crlf.txt",
        ] {
            try Self.expectTheSame(try BookOpener.open(path: Corpus.path(path)), .s2t, path)
        }
        try Self.expectTheSame(
            try BookOpener.open(path: Corpus.path("real/rulinwaishi.big5hkscs-crlf.txt")), .t2s, "rulinwaishi")
    }

    /// The first chapters of `book` the same three ways, most of them converted.
    static func expectTheSame(_ book: Book, _ conversion: Conversion, _ label: String) throws {
        var converted = 0
        let entries = book.index.entries.indices.prefix(8)
        for entry in entries {
            let ways = Self.twoWays(book, entry: entry, conversion)
            #expect(ways[0] == ways[1], "\(label), chapter \(entry)")
            if ways[0] != nil { converted += 1 }
        }
        #expect(converted * 2 > entries.count, "\(label): \(converted) of \(entries.count) chapters converted")
    }
}
