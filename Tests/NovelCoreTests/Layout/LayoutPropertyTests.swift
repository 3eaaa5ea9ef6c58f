import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Randomised layouts of generated text and of the corpus, checked by `LayoutChecker`: no line wider
/// than the width, every byte covered once in order, the text reproduced, kinsoku kept, pages that
/// round-trip, no empty pages.
@Suite struct LayoutPropertyTests {
    /// Pieces a novel's paragraphs are made of, weighted towards the hard cases for line breaking.
    static let pieces: [String] = [
        "一", "青", "灯", "记", "雨", "夜", "来", "客", "的", "了", "我", "你",
        "，", "。", "、", "；", "：", "？", "！", "）", "》", "」", "』", "】", "〕", "〗", "”", "’", "…", "……",
        "（", "《", "「", "『", "【", "〔", "〖", "“", "‘", "——", "—", "·",
        "Hello", "world", "the", "lamplighter", "3.14", "1999", "e.g.", "(see)", "don't", "a", "I",
        ",", ".", "!", "?", ";", ":", "(", ")", "[", "]", "\"", "'", "-",
        " ", " ", "  ", "\t", "　", "　　", "\n", "\n", "\n\n", "\n　　", "\n  ",
        "😀", "👩‍👩‍👧", "🇨🇳", "e\u{301}", "ｶ", "Ａ", "한국", "①", "\u{200B}", "\u{0301}",
        "supercalifragilisticexpialidocious", "一二三四五六七八九十", "。。。。。。。。。。。。",
        "（（（（（（（（", "——————————————", "…………………………",
    ]

    static func generated(_ seed: UInt64, length: Int) -> String {
        var generator = SeededGenerator(seed: seed)
        var text = ""
        for _ in 0..<length {
            if Int.random(in: 0..<6, using: &generator) == 0 {
                text += randomText(length: Int.random(in: 1...4, using: &generator), using: &generator)
            } else {
                text += pieces.randomElement(using: &generator)!
            }
        }
        return text
    }

    static func randomSettings(using generator: inout SeededGenerator) -> (LayoutSettings, Viewport) {
        let settings = TestBooks.layoutSettings(
            width: Int.random(in: 1...90, using: &generator),
            fontScale: [1, 1, 1.5, 2, 2.5, 3].randomElement(using: &generator)!,
            indent: Int.random(in: 0...4, using: &generator),
            lineSpacing: Int.random(in: 0...2, using: &generator),
            letterSpacing: [0, 0, 0, 1, 2].randomElement(using: &generator)!,
            paragraphSpacing: Int.random(in: 0...2, using: &generator),
            margin: Int.random(in: 0...4, using: &generator),
            ambiguous: Bool.random(using: &generator) ? .narrow : .wide)
        let viewport = Viewport(
            columns: Int.random(in: 1...100, using: &generator), rows: Int.random(in: 1...40, using: &generator))
        return (settings, viewport)
    }

    /// Checks every chapter of `book` laid out by `layouter`; returns the problems found.
    static func check(_ book: Book, _ layouter: PageLayouter, entries: [Int]? = nil) -> [String] {
        guard layouter.geometry != nil else { return [] }
        var problems: [String] = []
        for entry in entries ?? Array(book.index.entries.indices) {
            let layout = layouter.layout(book, entry: entry)
            var checker = LayoutChecker(book: book, layout: layout, settings: layouter.settings)
            problems += checker.check()
            if layouter.pageCount(book, entry: entry) != layout.pages.count {
                problems.append("entry \(entry): page count differs from the layout's pages")
            }
            if problems.count > 10 { break }
        }
        return problems
    }

    /// Walks the whole book with `next` and back with `previous`; every page's first offset locates to it.
    static func walk(_ layout: BookLayout) -> [String] {
        var problems: [String] = []
        var location = PageLocation(entry: 0, page: 0)
        var forward = [location]
        while let next = layout.next(after: location) {
            if !(location < next) { problems.append("next(after: \(location)) went backwards") }
            location = next
            forward.append(location)
            if forward.count > 100_000 { break }
        }
        var backward = [location]
        while let previous = layout.previous(before: location) {
            location = previous
            backward.append(location)
            if backward.count > 100_000 { break }
        }
        if forward != backward.reversed() { problems.append("previous does not retrace next") }
        if forward.count != layout.layoutAll() { problems.append("layoutAll() ≠ the pages walked") }
        for page in forward where layout.locate(layout.firstOffset(of: page)) != page {
            problems.append("page \(page) does not round-trip through its first offset")
        }
        return problems
    }

    @Test(arguments: 0..<400)
    func generatedText(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let text = Self.generated(UInt64(seed), length: Int.random(in: 0...400, using: &generator))
        let (settings, viewport) = Self.randomSettings(using: &generator)
        let book = TestBooks.book(text, split: seed % 2 == 0)
        let problems = Self.check(book, PageLayouter(settings: settings, viewport: viewport))
        #expect(problems.isEmpty, "seed \(seed), \(settings), \(viewport): \(problems)")
        let walked = Self.walk(BookLayout(book: book, settings: settings, viewport: viewport, capacity: 2))
        #expect(walked.isEmpty, "seed \(seed): \(walked)")
    }

    @Test(arguments: 0..<100)
    func generatedChineseChapters(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1000)
        var text = ""
        for chapter in 1...Int.random(in: 1...5, using: &generator) {
            text += "第\(chapter)章　标题\n"
            text +=
                Self.generated(UInt64(seed * 10 + chapter), length: Int.random(in: 0...300, using: &generator)) + "\n"
        }
        let (settings, viewport) = Self.randomSettings(using: &generator)
        let book = TestBooks.book(text)
        let problems = Self.check(book, PageLayouter(settings: settings, viewport: viewport))
        #expect(problems.isEmpty, "seed \(seed), \(settings), \(viewport): \(problems)")
        #expect(Self.walk(BookLayout(book: book, settings: settings, viewport: viewport)).isEmpty)
    }

    static let corpusBooks = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/sanguoyanyi.gb18030-lf.txt",
        "real/rulinwaishi.big5hkscs-crlf.txt", "real/ernvyingxiongzhuan.big5hkscs-crlf.txt",
        "real/laocanyouji.big5hkscs-crlf.txt", "real/niehaihua.big5hkscs-crlf.txt", "real/ahq-zhengzhuan.utf8-crlf.txt",
        "synthetic/width-cases.utf8.txt", "synthetic/single-line-2mib.txt", "synthetic/mixed-eol.txt",
        "synthetic/special-sections.utf8.txt", "synthetic/whitespace-only.txt",
    ]

    /// Every chapter of every corpus book, at several random settings (slow in debug: run in release).
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: corpusBooks)
    func corpusBook(_ file: String) throws {
        let book = try BookOpener.open(path: Corpus.path(file))
        var generator = SeededGenerator(seed: UInt64(file.utf8.count))
        for round in 0..<3 {
            let (settings, viewport) = Self.randomSettings(using: &generator)
            // One round over every chapter, the others over a sample.
            let entries =
                round == 0
                ? Array(book.index.entries.indices)
                : (0..<5).map { _ in Int.random(in: book.index.entries.indices, using: &generator) }
            let problems = Self.check(book, PageLayouter(settings: settings, viewport: viewport), entries: entries)
            #expect(problems.isEmpty, "\(file), \(settings), \(viewport): \(problems)")
            let layout = BookLayout(book: book, settings: settings, viewport: viewport)
            for _ in 0..<50 {
                let offset = Int.random(in: 0...book.text.utf8.count, using: &generator)
                let location = layout.locate(offset)
                let first = layout.firstOffset(of: location)
                #expect(first <= offset || offset == 0)
                if let next = layout.next(after: location) { #expect(layout.firstOffset(of: next) > offset) }
            }
        }
    }
}
