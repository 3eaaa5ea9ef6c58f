import Foundation
import NovelTestSupport
import Testing

@testable import NovelCore

/// Preformatted text (an EPUB's `pre`, `TextStyle.preformatted`) is laid out line for line as written:
/// its leading spaces are kept as spaces and give its columns (no indent in their place), and a line
/// longer than the width breaks where the width ends, by no rule of word or kinsoku; the paragraphs
/// around it keep every rule.
@Suite struct PreformattedLayoutTests {
    static let body =
        "<p>The program below counts the lamps. It is short enough to read at a glance, even on a phone.</p>"
        + "<pre>func count(lamps: [Lamp]) -> Int {\n    var lit = 0\n    for lamp in lamps where lamp.isLit {"
        + "\n        lit += 1  // 亮着的灯，一盏一盏地数。。。。。。。。。。。。。。\n    }\n\n    return lit\n}</pre>"
        + "<p>　　灯笼铺里的灯一盏一盏亮起来，照见门外的雨，照见石板路上的水光，也照见小满的影子。</p>"

    static func book() throws -> (Book, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/code.epub"
        try EpubBuilder(documents: [.init("c1.xhtml", body: body)], toc: [.init("Code", href: "c1.xhtml")])
            .write(to: path)
        return (try BookOpener.open(path: path), folder)
    }

    static func layout(_ book: Book, width: Int) -> (ChapterLayout, LayoutSettings) {
        let settings = TestBooks.layoutSettings(width: width)
        let layouter = PageLayouter(settings: settings, viewport: Viewport(columns: width, rows: 1000))
        return (layouter.layout(book, entry: 0), settings)
    }

    @Test(arguments: [80, 40])
    func aPreformattedBlockKeepsItsColumns(width: Int) throws {
        let (book, folder) = try Self.book()
        defer { folder.remove() }
        let (layout, settings) = Self.layout(book, width: width)
        var checker = LayoutChecker(book: book, layout: layout, settings: settings)
        checker.checkCoverage(book.index.entries[0])
        checker.checkClusters()
        checker.checkPages(book.index.entries[0])
        #expect(checker.problems.isEmpty, "\(checker.problems)")
        var dump = LayoutPrinter().render(layout, text: book.text) + "\n"
        for line in layout.lines {
            let first = line.clusters.first.map { "\($0.column)" } ?? "-"
            dump += "\(line.kind) \(line.bytes.lowerBound)..<\(line.bytes.upperBound) from column \(first)\n"
        }
        let difference = Golden.compare(dump, name: "layout-preformatted-w\(width).txt")
        #expect(difference == nil, "\(difference ?? "")")
        let lines = lineTexts(layout, book)
        #expect(lines.contains("    var lit = 0"), "the leading spaces are the line's columns: \(lines)")
        #expect(lines.contains { $0.hasPrefix("        lit += 1") }, "\(lines)")
        #expect(lines.contains("}"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("    灯笼铺") }, "the paragraph after it keeps its indent: \(lines)")
    }

    /// At 40 columns the long code line breaks where the width ends: inside a word, and before closing
    /// marks that kinsoku would never let start a line; every line of it but the last is full.
    @Test func aLongPreformattedLineBreaksAtTheWidth() throws {
        let (book, folder) = try Self.book()
        defer { folder.remove() }
        let (layout, _) = Self.layout(book, width: 40)
        let text = book.text.utf8
        let measure = DisplayWidth()
        let start = try #require(text.firstRange(of: Array("        lit += 1".utf8))).lowerBound
        let end = try #require(text.firstRange(of: Array("    }".utf8))).lowerBound
        let pieces = layout.lines.filter { $0.bytes.lowerBound >= start && $0.bytes.upperBound <= end }
        #expect(pieces.count >= 2)
        for piece in pieces.dropLast() {
            let last = try #require(piece.clusters.last)
            let cells = last.column + text.withUnsafeBufferPointer { measure.clusterWidth($0, last.bytes) }
            #expect(cells >= 39, "a full line: \(cells) cells")
        }
        #expect(pieces.first?.clusters.first?.column == 8)
    }

    /// The same text without its markup is laid out as prose: leading spaces become the indent setting's.
    @Test func withoutTheStyleTheLinesAreProse() throws {
        let (book, folder) = try Self.book()
        defer { folder.remove() }
        var prose = book
        prose.markup = nil
        let lines = lineTexts(Self.layout(prose, width: 80).0, prose)
        #expect(lines.contains("    lit += 1  // 亮着的灯，一盏一盏地数。。。。。。。。。。。。。。"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("        lit") }, "\(lines)")
    }

    /// Reflow asked for on an EPUB (`--reflow on`) joins no preformatted line to the one before or after it.
    @Test func reflowLeavesPreformattedLinesAlone() throws {
        let (book, folder) = try Self.book()
        defer { folder.remove() }
        var options = LayoutSettings().display
        options.reflow = .on
        let whole = 0..<book.text.utf8.count
        let text =
            DisplayTransform.display(book, entry: 0, options: options).map { String(decoding: $0.utf8, as: UTF8.self) }
            ?? String(decoding: book.text.utf8[whole], as: UTF8.self)
        #expect(text.contains("    }\n    return lit\u{2028}}\n"), "\(text)")
        #expect(text.contains("phone.\n\nfunc count"), "\(text)")
        var prose = book
        prose.markup = nil
        // Without the markup the same lines are prose, which reflow joins.
        if let joined = DisplayTransform.display(prose, entry: 0, options: options) {
            let string = String(decoding: joined.utf8, as: UTF8.self)
            #expect(!string.contains("    }\n    return lit"), "\(string)")
        }
    }
}
