import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// A long chapter is converted in blocks of whole lines on several threads (`ChineseConversion.align`):
/// the converted bytes, the steps and the position maps are the same as in one piece, for every way of
/// cutting, on synthetic text with every form the alignment handles and on the corpus books' chapters.
@Suite struct ChineseConversionBlocksTests {
    static func options(_ conversion: Conversion) -> DisplayOptions {
        DisplayOptions(reflow: .off, smartQuotes: false, hideSiteJunk: false, convert: conversion)
    }

    /// Lines of every kind: same-length conversions, a phrase that changes length (`U盘` with s2twp),
    /// punctuation, Latin text, blank lines, and long lines; well over two blocks' worth.
    static let synthetic: [UInt8] = {
        let lines = [
            "第一章 开始", "", "　　他放松了心情，钟情于系鞋带的小事。", "我的U盘坏了，坐出租车去买软件和鼠标吧。",
            "Plain English line, nothing to convert: 123.", "“你说什么？”她问。", String(repeating: "头发与发展，", count: 40),
            "", "　　U盘，U盘。出租车司机用鼠标。",
        ]
        var text = ""
        var number = 0
        while text.utf8.count < 3 * ChineseConversion.smallestBlock {
            number += 1
            text += lines.map { $0 + "\n" }.joined() + "第\(number)节\n"
        }
        return Array(text.utf8)
    }()

    static func aligned(_ bytes: [UInt8], _ conversion: Conversion, blocks: Int) throws -> AlignedConversion {
        let converter = try #require(ChineseConverter.loaded(conversion))
        return bytes.withUnsafeBufferPointer { ChineseConversion.align($0, with: converter, blocks: blocks) }
    }

    /// The display text `aligned` makes of `bytes` shown as written.
    static func replayed(_ bytes: [UInt8], _ aligned: AlignedConversion) -> DisplayText {
        replayed(aligned, over: bytes.withUnsafeBufferPointer { DisplayTransform.unchanged($0, chapter: 0..<$0.count, bodyStart: 0) })
    }

    /// The display text `aligned` makes of `source`.
    static func replayed(_ aligned: AlignedConversion, over source: DisplayText) -> DisplayText {
        source.utf8.withUnsafeBufferPointer { bytes in
            var builder = DisplayTextRewriter(source: source, bytes: bytes)
            builder.replay(aligned)
            return builder.finish()
        }
    }

    @Test(arguments: [Conversion.s2t, .s2twp, .t2s])
    func blocksGiveTheSameResultAsOnePiece(conversion: Conversion) throws {
        let whole = try Self.aligned(Self.synthetic, conversion, blocks: 1)
        #expect(whole.sourceEnd == Self.synthetic.count)
        for blocks in [2, 3, 5] {
            let cut = try Self.aligned(Self.synthetic, conversion, blocks: blocks)
            #expect(cut == whole, "\(conversion), \(blocks) blocks")
            #expect(Self.replayed(Self.synthetic, cut) == Self.replayed(Self.synthetic, whole))
        }
        if conversion == .s2twp {
            let shown = String(decoding: whole.shown, as: UTF8.self)
            #expect(shown.contains("隨身碟") && shown.contains("計程車"))
            #expect(whole.steps.contains { $0.replaced }, "U盘 → 隨身碟 maps as a whole")
        }
    }

    @Test func blocksAreWholeLinesCoveringTheText() {
        Self.synthetic.withUnsafeBufferPointer { bytes in
            for count in 1...6 {
                let ranges = ChineseConversion.lineBlocks(bytes, count: count)
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == bytes.count)
                #expect(ranges.count <= count)
                for (left, right) in zip(ranges, ranges.dropFirst()) {
                    #expect(left.upperBound == right.lowerBound && bytes[left.upperBound - 1] == 0x0A)
                }
            }
        }
        // One line longer than a block: one block.
        let long = Array(String(repeating: "长", count: 5 * ChineseConversion.smallestBlock).utf8)
        long.withUnsafeBufferPointer { #expect(ChineseConversion.lineBlocks($0, count: 4) == [0..<long.count]) }
    }

    @Test func aPlainASCIIBlockIsShownAsOpenCCWouldShowIt() throws {
        let english = Array(String(repeating: "It was a bright cold day in April, and the clocks were striking 13.\n", count: 400).utf8)
        let converter = try #require(ChineseConverter.loaded(.s2t))
        let skipped = try Self.aligned(english, .s2t, blocks: 2)
        let converted = english.withUnsafeBufferPointer { bytes in
            var recorder = ConversionRecorder(bytes: bytes, converter: converter, into: AlignedConversion())
            recorder.convertLines(0..<bytes.count)
            return recorder.aligned
        }
        #expect(skipped == converted && !skipped.changes)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusChaptersConvertTheSameInBlocksAsInOnePiece() throws {
        let books = ["real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/sanguoyanyi.gb18030-lf.txt"]
        for path in books {
            let book = try BookOpener.open(path: Corpus.path(path))
            // The long chapters of the book's first part (each converted three times).
            let long = book.index.entries.indices.filter { book.index.entries[$0].range.count >= 2 * ChineseConversion.smallestBlock }
            #expect(!long.isEmpty, "\(path) has long chapters")
            for entry in long.prefix(12) {
                let source = try #require(DisplayTransform.conversionSource(book, entry: entry, options: Self.options(.s2t)))
                let whole = try Self.aligned(source.utf8, .s2t, blocks: 1)
                let cut = try Self.aligned(source.utf8, .s2t, blocks: 2)
                #expect(cut == whole, "\(path), chapter \(entry)")
                // What the transform shows (through the shared converter, in blocks) is the same text and map.
                let shown = DisplayTransform.display(book, entry: entry, options: Self.options(.s2t))
                #expect(shown == Self.replayed(whole, over: source), "\(path), chapter \(entry)")
            }
        }
    }
}
