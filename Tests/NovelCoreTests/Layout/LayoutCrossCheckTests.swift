import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Checks of the layouter written independently of its tables: kinsoku by the character lists of the
/// issue (not by `BreakClass`), widths, drawn text, and paging through books whose volume entries are
/// empty (a volume named on its first chapter's line, as in 西游记's `上卷 第一回`).
@Suite struct LayoutCrossCheckTests {
    /// The rules of the issue: characters that may not start a line, may not end one, pairs not split.
    enum Kinsoku {
        static let mayNotStart = Set(
            "，。、；：？！）》」』】〕〗〙〛”’…‥·・,.;:?!)]}％〉｝］｠｣､｡﹐﹑﹒﹔﹕﹖﹗".unicodeScalars)
        static let mayNotEnd = Set("（《「『【〔〖〘〚“‘([{〈｛［｟｢".unicodeScalars)
        static let inseparable = Set("—…".unicodeScalars)

        /// Whether a line may end with `before` and the next start with `after`; `adjacent` is false when
        /// spaces stand between them (`— —` may be split there, `（ 灯` may not).
        static func allows(_ before: Unicode.Scalar, _ after: Unicode.Scalar, adjacent: Bool) -> Bool {
            if mayNotStart.contains(after) || mayNotEnd.contains(before) { return false }
            return !(adjacent && inseparable.contains(before) && before == after)
        }
    }

    static func firstScalar(_ cluster: PlacedCluster, _ book: Book) -> Unicode.Scalar {
        String(decoding: book.text.utf8[cluster.bytes], as: UTF8.self).unicodeScalars.first!
    }

    /// Everything wrong with one chapter's layout by these independent rules.
    static func problems(_ layout: ChapterLayout, _ book: Book) -> [String] {
        var problems: [String] = []
        let lines = layout.lines
        for (number, line) in lines.enumerated() {
            var right = 0
            for cluster in line.clusters {
                if cluster.column < right || cluster.column + cluster.width > layout.geometry.textWidth {
                    problems.append("line \(number): a cluster at column \(cluster.column) overlaps or overflows")
                }
                right = cluster.column + cluster.width
            }
        }
        for index in lines.indices.dropLast() {
            guard let last = lines[index].clusters.last, let head = lines[index + 1].clusters.first,
                lines[index].kind == lines[index + 1].kind,
                !book.text.utf8[last.bytes.upperBound..<head.bytes.lowerBound].contains(0x0A)
            else { continue }
            let adjacent = last.bytes.upperBound == head.bytes.lowerBound
            if Kinsoku.allows(firstScalar(last, book), firstScalar(head, book), adjacent: adjacent) { continue }
            // Excused only when one of the two lines is made entirely of prohibited characters, or the
            // broken line could not be broken anywhere by these rules.
            let scalars = (lines[index].clusters + [head]).map { firstScalar($0, book) }
            let breakable = zip(scalars, scalars.dropFirst()).contains { Kinsoku.allows($0, $1, adjacent: true) }
            let prohibitedOnly = [lines[index], lines[index + 1]].contains { line in
                line.clusters.map { firstScalar($0, book) }.allSatisfy {
                    Kinsoku.mayNotStart.contains($0) || Kinsoku.mayNotEnd.contains($0)
                        || Kinsoku.inseparable.contains($0)
                }
            }
            if breakable && !prohibitedOnly {
                let source = String(
                    decoding: book.text.utf8[lines[index].bytes.lowerBound..<lines[index + 1].bytes.upperBound],
                    as: UTF8.self)
                problems.append(
                    "line \(index) ends \(firstScalar(last, book)) and line \(index + 1) starts \(firstScalar(head, book)) in \(source.debugDescription)"
                )
            }
        }
        return problems
    }

    /// Novel-like text: Han, punctuation runs, dashes and ellipses, quotes, Latin words and numbers.
    static func novelText(paragraphs: Int, using generator: inout SeededGenerator) -> String {
        let common = ["灯", "青", "溪", "镇", "的", "人", "说"]
        let rare = [
            "。", "，", "、", "；", "：", "？", "！", "“", "”", "‘", "’", "（", "）", "《", "》", "「", "」", "『", "』",
            "【", "】", "——", "……", "…", "—", " ", "Hello", "world", "2026", "3.14", "don't", "Don’t", "(see",
            "this)", "well-known", "supercalifragilisticexpialidocious", "🏮", "é", "\t", "　", "·", "a,b", "。。。",
            "！？", "》》", "《《", "ＡＢＣ", "（ ", " ）",
        ]
        var text = ""
        for _ in 0..<paragraphs {
            if Bool.random(using: &generator) { text += "　　" }
            for _ in 0..<Int.random(in: 0...100, using: &generator) {
                text +=
                    Int.random(in: 0..<3, using: &generator) == 0
                    ? rare.randomElement(using: &generator)! : common.randomElement(using: &generator)!
            }
            text += Int.random(in: 0..<4, using: &generator) == 0 ? "\n\n" : "\n"
        }
        return text
    }

    static func randomSettings(using generator: inout SeededGenerator) -> (LayoutSettings, Viewport) {
        var settings = LayoutSettings()
        settings.fontScale = [1, 1, 1.5, 2, 2.5, 3].randomElement(using: &generator)!
        settings.width = Int.random(in: 8...90, using: &generator)
        settings.margin = Int.random(in: 0...2, using: &generator)
        settings.indent = Int.random(in: 0...3, using: &generator)
        settings.letterSpacing = [0, 0, 1].randomElement(using: &generator)!
        settings.lineSpacing = Int.random(in: 0...1, using: &generator)
        settings.paragraphSpacing = Int.random(in: 0...2, using: &generator)
        settings.ambiguousWidth = Bool.random(using: &generator) ? .wide : .narrow
        return (
            settings,
            Viewport(
                columns: Int.random(in: 10...120, using: &generator), rows: Int.random(in: 3...40, using: &generator))
        )
    }

    @Test(arguments: 0..<80)
    func generatedTextKeepsTheIssuesKinsokuRules(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let book = TestBooks.book(Self.novelText(paragraphs: 30, using: &generator), split: false)
        for _ in 0..<3 {
            let (settings, viewport) = Self.randomSettings(using: &generator)
            let layouter = PageLayouter(settings: settings, viewport: viewport)
            guard layouter.geometry != nil else { continue }
            let problems = Self.problems(layouter.layout(book, entry: 0), book)
            #expect(problems.isEmpty, "seed \(seed), \(settings), \(viewport): \(problems.prefix(5))")
        }
    }

    /// A volume named on its first chapter's heading line gets an empty TOC entry; paging forward and
    /// back never shows it as a blank page, and every page walked round-trips through its first offset.
    @Test(arguments: 0..<10)
    func emptyVolumeEntriesAreNotBlankPages(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 77)
        var text = ""
        for (volume, chapters) in [("上卷", 1...2), ("下卷", 3...4)] {
            for chapter in chapters {
                text += "\(volume) 第\(["一", "二", "三", "四"][chapter - 1])回　标题\n"
                text += Self.novelText(paragraphs: Int.random(in: 1...6, using: &generator), using: &generator)
            }
        }
        let book = TestBooks.book(text)
        #expect(book.index.entries.contains { $0.level == .volume && $0.range.isEmpty })
        let (settings, viewport) = Self.randomSettings(using: &generator)
        let layout = BookLayout(book: book, settings: settings, viewport: viewport, capacity: 3)
        guard layout.geometry != nil else { return }
        var walked: [PageLocation] = []
        var location: PageLocation? = layout.locate(0)
        while let current = location, walked.count < 10_000 {
            walked.append(current)
            let page = layout.chapter(current.entry).pages[current.page]
            #expect(!page.lines.isEmpty, "seed \(seed): \(current) is a blank page")
            #expect(layout.locate(layout.firstOffset(of: current)) == current, "seed \(seed): \(current)")
            location = layout.next(after: current)
        }
        var back: [PageLocation] = []
        location = walked.last
        while let current = location, back.count < 10_000 {
            back.append(current)
            location = layout.previous(before: current)
        }
        #expect(Array(back.reversed()) == walked, "seed \(seed)")
    }

    static let corpusBooks = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/ernvyingxiongzhuan.big5hkscs-crlf.txt",
        "real/ahq-zhengzhuan.utf8-crlf.txt",
    ]

    /// Every chapter of real books by the independent rules (slow in debug: run in release).
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)), arguments: corpusBooks)
    func corpusKeepsTheIssuesKinsokuRules(_ file: String) throws {
        let book = try BookOpener.open(path: Corpus.path(file))
        var generator = SeededGenerator(seed: UInt64(file.utf8.count) &* 13)
        for _ in 0..<2 {
            let (settings, viewport) = Self.randomSettings(using: &generator)
            let layouter = PageLayouter(settings: settings, viewport: viewport)
            guard layouter.geometry != nil else { continue }
            for entry in book.index.entries.indices {
                let problems = Self.problems(layouter.layout(book, entry: entry), book)
                #expect(problems.isEmpty, "\(file) entry \(entry), \(settings), \(viewport): \(problems.prefix(5))")
            }
        }
    }
}
