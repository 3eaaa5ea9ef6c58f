import Foundation
import NovelTestSupport

@testable import NovelCore

/// The visible text of each line: clusters in order at their columns, gaps (and the rest of a scaled
/// glyph's box) shown as spaces, for readable expectations.
func lineTexts(_ layout: ChapterLayout, _ book: Book, ambiguous: AmbiguousWidth = .narrow) -> [String] {
    let measure = DisplayWidth(ambiguous: ambiguous)
    return layout.lines.map { line in
        var text = ""
        var cells = 0
        for cluster in line.clusters {
            if cluster.column > cells { text += String(repeating: " ", count: cluster.column - cells) }
            text += String(decoding: book.text.utf8[cluster.bytes], as: UTF8.self)
            cells = cluster.column + book.text.utf8.withUnsafeBufferPointer { measure.clusterWidth($0, cluster.bytes) }
        }
        return text
    }
}

/// Checks every invariant of a chapter layout (docs/layout.md) and returns what is broken (empty: all hold).
/// Independent of the layouter's internals apart from `BreakClass` and `BreakRules`, which define the
/// classes and which pairs may break.
struct LayoutChecker {
    let book: Book
    let layout: ChapterLayout
    let settings: LayoutSettings
    let rules: BreakRules
    var problems: [String] = []

    init(book: Book, layout: ChapterLayout, settings: LayoutSettings) {
        self.book = book
        self.layout = layout
        self.settings = settings
        rules = BreakRules.rules(settings.lineBreak)
    }

    /// A cluster of the source, classified as the checker sees it.
    struct SourceCluster {
        var bytes: Range<Int>
        var width: Int
        var kind: BreakClass
        var isWhitespace: Bool { kind == .space || isLineFeed }
        var isLineFeed: Bool
    }

    func sourceClusters(_ range: Range<Int>) -> [SourceCluster] {
        var result: [SourceCluster] = []
        let measure = DisplayWidth(ambiguous: settings.ambiguousWidth)
        book.text.utf8.withUnsafeBufferPointer { all in
            measure.forEachCluster(in: UnsafeBufferPointer(rebasing: all[range])) { cluster, width in
                let start = range.lowerBound + cluster.lowerBound
                let scalar = decodeScalar(all, at: start).value
                result.append(
                    SourceCluster(
                        bytes: start..<(range.lowerBound + cluster.upperBound), width: width,
                        kind: BreakClass.of(scalar),
                        isLineFeed: scalar == 0x0A || scalar == DisplayText.lineSeparator.value))
            }
        }
        return result
    }

    mutating func fail(_ message: String) {
        if problems.count < 20 { problems.append("entry \(layout.entryIndex): \(message)") }
    }

    mutating func check() -> [String] {
        let entry = book.index.entries[layout.entryIndex]
        checkCoverage(entry)
        checkClusters()
        checkKinsoku()
        checkPages(entry)
        return problems
    }

    /// Line byte ranges in order, never overlapping; only whitespace clusters between them and in the
    /// chapter outside them; the visible clusters are exactly the source's non-whitespace clusters, in order.
    mutating func checkCoverage(_ entry: TOCEntry) {
        let source = sourceClusters(entry.range)
        var covered = entry.range.lowerBound
        for (number, line) in layout.lines.enumerated() {
            if line.bytes.lowerBound < covered { fail("line \(number) overlaps the previous line") }
            if line.bytes.upperBound > entry.range.upperBound { fail("line \(number) runs past the chapter") }
            covered = max(covered, line.bytes.upperBound)
        }
        // Each source cluster is inside one line or is whitespace.
        var lineIndex = 0
        for cluster in source {
            while lineIndex < layout.lines.count && layout.lines[lineIndex].bytes.upperBound <= cluster.bytes.lowerBound
            {
                lineIndex += 1
            }
            let inside =
                lineIndex < layout.lines.count && layout.lines[lineIndex].bytes.contains(cluster.bytes.lowerBound)
            if inside && cluster.bytes.upperBound > layout.lines[lineIndex].bytes.upperBound {
                fail("a cluster at \(cluster.bytes) is split by a line end")
            }
            if !inside && !cluster.isWhitespace {
                fail("cluster \(text(cluster.bytes)) at \(cluster.bytes) is not on any line")
                break
            }
        }
        let visible = source.filter { !$0.isWhitespace }.map(\.bytes)
        let shown = layout.lines.flatMap { $0.clusters.map(\.bytes) }
        if visible != shown {
            let first =
                zip(visible, shown).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(visible.count, shown.count)
            fail(
                "shown clusters differ from the text at cluster \(first) (\(shown.count) shown, \(visible.count) in the text)"
            )
        }
    }

    /// Whether a line could end before `clusters[index]`: after a run of spaces when the cluster before
    /// the rules allow a break after spaces, otherwise by `BreakRules.allows`.
    func isOpportunity(_ clusters: [SourceCluster], _ index: Int) -> Bool {
        guard clusters[index].kind != .space else { return false }
        guard clusters[index - 1].kind == .space else {
            // A hyphen at the line's start (its leading blanks dropped) follows the break before the line.
            let beforeHyphen = index >= 2 ? clusters[index - 2].kind : nil
            if BreakRules.holdsWordInitialHyphen(beforeHyphen, clusters[index - 1].kind, clusters[index].kind) {
                return false
            }
            return rules.allows(clusters[index - 1].kind, clusters[index].kind)
        }
        guard let before = clusters[..<index].last(where: { $0.kind != .space }) else { return false }
        return rules.allowsAfterSpaces(before.kind, clusters[index].kind)
    }

    /// Clusters inside their line's bytes and inside the text width, in order, never overlapping; a
    /// cluster's width is round(natural width × fontScale).
    mutating func checkClusters() {
        let scale = settings.fontScale
        for (number, line) in layout.lines.enumerated() {
            var nextFree = 0
            for cluster in line.clusters {
                if cluster.bytes.lowerBound < line.bytes.lowerBound || cluster.bytes.upperBound > line.bytes.upperBound
                {
                    fail("line \(number): cluster \(cluster.bytes) outside the line's bytes \(line.bytes)")
                }
                if cluster.column < nextFree { fail("line \(number): cluster at column \(cluster.column) overlaps") }
                if cluster.column + cluster.width > layout.geometry.textWidth {
                    fail(
                        "line \(number) is wider than \(layout.geometry.textWidth): \(cluster.column)+\(cluster.width)")
                }
                let natural = book.text.utf8.withUnsafeBufferPointer {
                    DisplayWidth(ambiguous: settings.ambiguousWidth).clusterWidth($0, cluster.bytes)
                }
                if cluster.width != Int((Double(natural) * scale).rounded()) {
                    fail("line \(number): cluster width \(cluster.width) for natural width \(natural)")
                }
                nextFree = cluster.column + cluster.width + settings.letterSpacing
            }
        }
    }

    /// Breaks inside a paragraph obey kinsoku (unless a line is made only of prohibited characters) and
    /// split a Latin word only when the line before holds no other break opportunity.
    mutating func checkKinsoku() {
        for number in layout.lines.indices.dropFirst() {
            let before = layout.lines[number - 1]
            let after = layout.lines[number]
            let between = sourceClusters(before.bytes.upperBound..<after.bytes.lowerBound)
            if between.contains(where: \.isLineFeed) { continue }  // a new paragraph
            let beforeClusters = sourceClusters(before.bytes).filter { !$0.isWhitespace }
            let afterClusters = sourceClusters(after.bytes).filter { !$0.isWhitespace }
            guard let last = beforeClusters.last, let first = afterClusters.first else {
                fail("line \(number - 1) or \(number) is empty")
                continue
            }
            let beforeProhibited = beforeClusters.allSatisfy { rules.isProhibited($0.kind) }
            let afterProhibited = afterClusters.allSatisfy { rules.isProhibited($0.kind) }
            if rules.forbidsLineStart(first.kind) && !afterProhibited {
                fail("line \(number) starts with a closing mark: \(text(after.bytes))")
            }
            if rules.forbidsLineEnd(last.kind) && !beforeProhibited {
                fail("line \(number - 1) ends with an opening mark: \(text(before.bytes))")
            }
            if between.isEmpty && rules.isInseparable(last.kind, first.kind) && !beforeProhibited && !afterProhibited {
                fail("—— or …… split between lines \(number - 1) and \(number)")
            }
            if between.isEmpty && !rules.allows(last.kind, first.kind) && rules.kinsokuAllows(last.kind, first.kind) {
                // A word was broken: fine only when the line before could not break anywhere else.
                let all = Array(sourceClusters(before.bytes).drop(while: \.isWhitespace))
                let couldBreak = all.indices.dropFirst().contains { isOpportunity(all, $0) }
                if couldBreak && !beforeProhibited {
                    fail("line \(number - 1) breaks inside a word: \(text(before.bytes))|\(text(after.bytes))")
                }
            }
        }
    }

    /// Pages cover the lines in order, none empty (an empty chapter has one page), rows inside the text
    /// height, titles only at the top of the first page, first offsets that locate back to their page.
    mutating func checkPages(_ entry: TOCEntry) {
        let geometry = layout.geometry
        if layout.pages.isEmpty { fail("no pages") }
        var nextLine = 0
        for (number, page) in layout.pages.enumerated() {
            if page.lines.lowerBound != nextLine { fail("page \(number) does not follow the previous page") }
            nextLine = page.lines.upperBound
            if page.lines.isEmpty && !(layout.pages.count == 1 && layout.lines.isEmpty) {
                fail("page \(number) is empty")
            }
            let expectedFirst =
                number == 0 ? entry.range.lowerBound : layout.lines[page.lines.lowerBound].bytes.lowerBound
            if page.firstOffset != expectedFirst {
                fail("page \(number) first offset \(page.firstOffset) ≠ \(expectedFirst)")
            }
            if layout.pageIndex(containing: page.firstOffset) != number { fail("page \(number) does not round-trip") }
            var nextRow = 0
            for line in layout.lines[page.lines] {
                if line.row < nextRow { fail("page \(number): line at row \(line.row) overlaps") }
                if line.row + geometry.rowsPerGlyph > geometry.textHeight {
                    fail("page \(number): line below the text height")
                }
                nextRow = line.row + geometry.rowsPerGlyph + settings.lineSpacing
            }
            if let first = page.lines.first, number > 0, layout.lines[first].row != 0 {
                fail("page \(number) does not start at row 0")
            }
        }
        if nextLine != layout.lines.count { fail("pages do not cover every line") }
        // Title lines come first (they fill the first page before any text).
        var seenText = false
        for (number, line) in layout.lines.enumerated() {
            if line.kind == .text { seenText = true }
            if line.kind == .title && seenText { fail("title line \(number) comes after text") }
        }
        if entry.bodyStart > entry.range.lowerBound, layout.lines.first?.kind == .text {
            fail("the chapter has a heading but its first line is not a title")
        }
        // Every line's first byte locates to the page holding it.
        for (number, page) in layout.pages.enumerated() {
            for index in page.lines where layout.pageIndex(containing: layout.lines[index].bytes.lowerBound) != number {
                fail("line \(index) does not locate to page \(number)")
            }
        }
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: book.text.utf8[range], as: UTF8.self)
    }
}
