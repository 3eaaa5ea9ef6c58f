import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Properties every layout must have, checked over generated text with many seeds and over the corpus:
/// no line wider than the text, every byte covered once and in order, the text reproduced apart from
/// whitespace, kinsoku kept, pages full of lines, offsets and pages round-tripping.
@Suite struct LayoutPropertyTests {
    /// Everything wrong with `layout` of entry `entry` of `book`, as readable lines (empty when it is right).
    static func problems(_ layout: ChapterLayout, _ book: Book, _ entry: Int, _ settings: LayoutSettings) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { if problems.count < 20 { problems.append(message) } }
        let text = book.text
        let range = book.index.entries[entry].range
        let geometry = layout.geometry
        let lines = layout.lines

        // Width, columns, and each cluster inside its line's bytes.
        for (number, line) in lines.enumerated() {
            var previousEnd = line.bytes.lowerBound
            var previousRight = 0
            for cluster in line.clusters {
                if cluster.column < 0 || cluster.column + cluster.width > geometry.textWidth {
                    fail("line \(number): cluster at \(cluster.column)+\(cluster.width) beyond \(geometry.textWidth)")
                }
                if cluster.column < previousRight { fail("line \(number): clusters overlap at \(cluster.column)") }
                if cluster.bytes.lowerBound < previousEnd || cluster.bytes.upperBound > line.bytes.upperBound {
                    fail("line \(number): cluster bytes \(cluster.bytes) out of order or outside \(line.bytes)")
                }
                previousEnd = cluster.bytes.upperBound
                previousRight = cluster.column + cluster.width
            }
            if line.clusters.isEmpty { fail("line \(number) has no clusters") }
        }

        // Lines tile the entry's bytes.
        if let first = lines.first, let last = lines.last {
            if first.bytes.lowerBound != range.lowerBound { fail("first line starts at \(first.bytes), not \(range)") }
            if last.bytes.upperBound != range.upperBound { fail("last line ends at \(last.bytes), not \(range)") }
            for index in lines.indices.dropLast() where lines[index].bytes.upperBound != lines[index + 1].bytes.lowerBound {
                fail("lines \(index) and \(index + 1) do not meet: \(lines[index].bytes) \(lines[index + 1].bytes)")
            }
        }

        // The drawn clusters are exactly the entry's clusters that are not whitespace (breaking spaces;
        // no-break spaces such as U+2007 are drawn).
        var expected: [Range<Int>] = []
        text.utf8.withUnsafeBufferPointer { bytes in
            DisplayWidth(ambiguous: settings.ambiguousWidth).forEachCluster(
                in: UnsafeBufferPointer(rebasing: bytes[range])
            ) { cluster, _ in
                let first = String(decoding: bytes[(range.lowerBound + cluster.lowerBound)...].prefix(4), as: UTF8.self)
                    .unicodeScalars.first!
                if first != "\n" && !Kinsoku.spaces.contains(first) && !((0x2002...0x200A).contains(first.value) && first != "\u{2007}")
                    && first != "\u{205F}"
                {
                    expected.append((range.lowerBound + cluster.lowerBound)..<(range.lowerBound + cluster.upperBound))
                }
            }
        }
        let drawn = lines.flatMap { $0.clusters.map(\.bytes) }
        if drawn != expected {
            let mismatch = Array(zip(drawn, expected)).firstIndex { $0.0 != $0.1 } ?? min(drawn.count, expected.count)
            let show: (ArraySlice<Range<Int>>) -> String = { slice in
                slice.map { "\($0)" + String(decoding: text.utf8[$0], as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",") }.joined(separator: " ")
            }
            fail(
                "drawn clusters differ from the text at cluster \(mismatch) (\(drawn.count) drawn, \(expected.count) expected): "
                    + "drawn \(show(drawn[mismatch...].prefix(3))), expected \(show(expected[mismatch...].prefix(3)))")
        }

        // Kinsoku between consecutive lines of one paragraph.
        for index in lines.indices.dropLast() {
            let line = lines[index]
            let next = lines[index + 1]
            guard line.kind == next.kind, let last = line.clusters.last, let head = next.clusters.first,
                !text.utf8[last.bytes.upperBound..<head.bytes.lowerBound].contains(0x0A)
            else { continue }
            let before = LayoutFixture.string(last, text)
            let after = LayoutFixture.string(head, text)
            let adjacent = last.bytes.upperBound == head.bytes.lowerBound
            if Kinsoku.allows(before, after, adjacent: adjacent) { continue }
            // Allowed only when the line is an unbreakable run: no break position in it kept the rules.
            let strings = (line.clusters + [head]).map { LayoutFixture.string($0, text) }
            let breakable = zip(strings, strings.dropFirst()).contains { Kinsoku.allows($0, $1) }
            if breakable { fail("kinsoku: line \(index) ends \(before) and the next starts \(after)") }
        }

        // Pages: non-empty, contiguous, rows within the height, first offsets.
        func endsParagraph(_ line: LayoutLine) -> Bool {
            let lastDrawn = line.clusters.last?.bytes.upperBound ?? line.bytes.lowerBound
            return text.utf8[lastDrawn..<line.bytes.upperBound].contains(0x0A)
        }
        if layout.pages.isEmpty { fail("no pages") }
        var nextLine = 0
        for (number, page) in layout.pages.enumerated() {
            if page.lines.lowerBound != nextLine { fail("page \(number) starts at line \(page.lines.lowerBound)") }
            nextLine = page.lines.upperBound
            if page.lines.isEmpty && !(lines.isEmpty && layout.pages.count == 1) { fail("page \(number) is empty") }
            if let first = page.lines.first {
                if lines[first].row != 0 { fail("page \(number) starts at row \(lines[first].row)") }
                if page.firstOffset != lines[first].bytes.lowerBound { fail("page \(number) first offset") }
            } else if page.firstOffset != range.lowerBound {
                fail("empty chapter's page offset \(page.firstOffset)")
            }
            for index in page.lines {
                let line = lines[index]
                if line.row + geometry.rowsPerGlyph > geometry.textHeight { fail("line \(index) below the page") }
                guard index > page.lines.lowerBound else { continue }
                let previous = lines[index - 1]
                let newParagraph = endsParagraph(previous)
                var gap = settings.lineSpacing
                if previous.kind == .title && line.kind == .text {
                    gap += max(1, settings.paragraphSpacing)
                } else if newParagraph {
                    gap += settings.paragraphSpacing
                }
                if line.row != previous.row + geometry.rowsPerGlyph + gap {
                    fail("line \(index) at row \(line.row), expected \(previous.row + geometry.rowsPerGlyph + gap)")
                }
            }
            // A page ends only when the next line would not fit.
            if number + 1 < layout.pages.count, let last = page.lines.last {
                let following = lines[last + 1]
                let gapRows =
                    settings.lineSpacing
                    + (lines[last].kind == .title && following.kind == .text
                        ? max(1, settings.paragraphSpacing)
                        : endsParagraph(lines[last]) ? settings.paragraphSpacing : 0)
                if lines[last].row + geometry.rowsPerGlyph + gapRows + geometry.rowsPerGlyph <= geometry.textHeight {
                    fail("page \(number) ends early")
                }
            }
        }
        if nextLine != lines.count { fail("pages cover \(nextLine) of \(lines.count) lines") }

        // Offset → page → first offset.
        for (number, page) in layout.pages.enumerated() where layout.pageIndex(containing: page.firstOffset) != number {
            fail("page \(number)'s first offset maps to page \(layout.pageIndex(containing: page.firstOffset))")
        }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let page = layout.pageIndex(containing: offset)
            let start = layout.pages[page].firstOffset
            let end = page + 1 < layout.pages.count ? layout.pages[page + 1].firstOffset : range.upperBound
            if !(start <= offset && offset < end) { fail("offset \(offset) maps to page \(page) (\(start)..<\(end))") }
            offset += max(1, range.count / 97)
        }
        return problems
    }

    /// Random settings and viewport.
    static func randomLayouter(using generator: inout SeededGenerator) -> (PageLayouter, LayoutSettings) {
        var settings = LayoutSettings()
        settings.width = Int.random(in: 4...100, using: &generator)
        settings.margin = Int.random(in: 0...3, using: &generator)
        settings.fontScale = [1, 1, 1.5, 2, 2.5, 3].randomElement(using: &generator)!
        settings.indent = Int.random(in: 0...4, using: &generator)
        settings.paragraphSpacing = Int.random(in: 0...2, using: &generator)
        settings.lineSpacing = Int.random(in: 0...1, using: &generator)
        settings.letterSpacing = [0, 0, 0, 1, 2].randomElement(using: &generator)!
        settings.ambiguousWidth = Bool.random(using: &generator) ? .wide : .narrow
        var viewport = Viewport(columns: Int.random(in: 8...120, using: &generator), rows: Int.random(in: 3...50, using: &generator))
        var layouter = PageLayouter(settings: settings, viewport: viewport)
        while layouter.geometry == nil {
            settings.width += 2
            viewport.columns += 10
            viewport.rows += 3
            layouter = PageLayouter(settings: settings, viewport: viewport)
        }
        return (layouter, settings)
    }

    /// Novel-like text: Han, CJK punctuation in runs, dashes and ellipses, quotes, Latin words and numbers,
    /// emoji, combining marks, tabs, indentation and blank lines.
    static func novelText(paragraphs: Int, using generator: inout SeededGenerator) -> String {
        let pieces = [
            "灯", "青", "溪", "镇", "的", "人", "说", "。", "，", "、", "；", "：", "？", "！", "“", "”", "‘", "’",
            "（", "）", "《", "》", "「", "」", "『", "』", "【", "】", "——", "……", "…", "—", " ", "Hello", "world",
            "2026", "3.14", "don't", "Don’t", "(see", "this)", "well-known", "supercalifragilisticexpialidocious",
            "🏮", "👨‍👩‍👧", "é", "e\u{301}", "\t", "　", "·", "%", "a,b", "。。。", "！？", "》》", "《《", "ＡＢＣ",
        ]
        var text = ""
        for _ in 0..<paragraphs {
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: text += "　　"
            case 1: text += "  "
            case 2: text += "\n"
            default: break
            }
            for _ in 0..<Int.random(in: 0...120, using: &generator) {
                text += Int.random(in: 0..<3, using: &generator) == 0
                    ? pieces.randomElement(using: &generator)! : pieces[Int.random(in: 0..<7, using: &generator)]
            }
            text += "\n"
        }
        return text
    }

    @Test(arguments: 0..<60)
    func generatedNovelText(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let book = LayoutFixture.book(Self.novelText(paragraphs: 40, using: &generator))
        for _ in 0..<4 {
            let (layouter, settings) = Self.randomLayouter(using: &generator)
            let layout = layouter.layout(book, entry: 0)
            let problems = Self.problems(layout, book, 0, settings)
            #expect(problems.isEmpty, "seed \(seed), \(settings), \(layouter.viewport): \(problems.joined(separator: "; "))")
        }
    }

    @Test(arguments: 0..<30)
    func generatedUnicodeSoup(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1_000)
        let book = LayoutFixture.book(randomText(length: 3000, using: &generator))
        for _ in 0..<3 {
            let (layouter, settings) = Self.randomLayouter(using: &generator)
            let layout = layouter.layout(book, entry: 0)
            let problems = Self.problems(layout, book, 0, settings)
            #expect(problems.isEmpty, "seed \(seed), \(settings), \(layouter.viewport): \(problems.joined(separator: "; "))")
        }
    }

    @Test(arguments: 0..<20)
    func generatedChaptersAcrossTheBook(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 5_000)
        var text = ""
        for chapter in 1...Int.random(in: 2...6, using: &generator) {
            text += "第\(["一", "二", "三", "四", "五", "六"][chapter - 1])章　标题\n"
            text += Self.novelText(paragraphs: Int.random(in: 0...15, using: &generator), using: &generator)
        }
        let book = LayoutFixture.book(text, split: true)
        let (layouter, settings) = Self.randomLayouter(using: &generator)
        for entry in book.index.entries.indices {
            let problems = Self.problems(layouter.layout(book, entry: entry), book, entry, settings)
            #expect(problems.isEmpty, "seed \(seed) entry \(entry): \(problems.joined(separator: "; "))")
        }
        let bookLayout = BookLayout(book: book, settings: settings, viewport: layouter.viewport)
        Self.checkNavigation(bookLayout)
    }

    /// Walking forward visits every page of every chapter once; backward visits them in reverse; each
    /// page's first offset locates that page; page counts agree with the layouts.
    static func checkNavigation(_ layout: BookLayout) {
        var forward: [PageLocation] = []
        var location: PageLocation? = layout.locate(0)
        while let current = location {
            forward.append(current)
            #expect(layout.locate(layout.firstOffset(of: current)) == current, "\(current)")
            location = layout.next(after: current)
        }
        var backward: [PageLocation] = []
        location = forward.last
        while let current = location {
            backward.append(current)
            location = layout.previous(before: current)
        }
        #expect(backward.reversed() == forward)
        #expect(forward == forward.sorted())
        let counts = layout.layoutAll()
        let nonEmpty = layout.book.index.entries.indices.filter { !layout.chapter($0).lines.isEmpty }
        #expect(forward.count == nonEmpty.reduce(0) { $0 + counts[$1] })
        for entry in layout.book.index.entries.indices {
            #expect(counts[entry] == layout.chapter(entry).pages.count)
        }
    }

    static let corpusBooks = [
        "real/hongloumeng.utf8-crlf.txt", "real/xiyouji.gb18030-lf.txt", "real/rulinwaishi.big5hkscs-crlf.txt",
        "real/ahq-zhengzhuan.utf8-crlf.txt", "real/niehaihua.big5hkscs-crlf.txt",
    ]

    /// Every chapter of real books under random settings (run in release: `scripts/test`).
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)),
        arguments: corpusBooks)
    func corpusBook(path: String) throws {
        let book = try BookOpener.open(path: Corpus.path(path))
        var generator = SeededGenerator(seed: UInt64(path.utf8.count) &* 31)
        for _ in 0..<3 {
            let (layouter, settings) = Self.randomLayouter(using: &generator)
            for entry in book.index.entries.indices {
                let problems = Self.problems(layouter.layout(book, entry: entry), book, entry, settings)
                #expect(problems.isEmpty, "\(path) entry \(entry) \(settings): \(problems.joined(separator: "; "))")
            }
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.absentMessage)))
    func corpusNavigation() throws {
        let book = try BookOpener.open(path: Corpus.path("real/ahq-zhengzhuan.utf8-crlf.txt"))
        var generator = SeededGenerator(seed: 99)
        let (layouter, settings) = Self.randomLayouter(using: &generator)
        Self.checkNavigation(BookLayout(book: book, settings: settings, viewport: layouter.viewport))
    }
}
