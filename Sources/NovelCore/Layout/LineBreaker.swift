/// One grapheme cluster of a paragraph as the line breaker sees it: offsets relative to the paragraph,
/// the unscaled width (0, 1 or 2; `tabWidth` for a tab) and the break class. Twelve bytes, no string.
struct MeasuredCluster {
    var start: Int32
    var end: Int32
    var width: UInt8
    var breakClass: BreakClass

    /// Marks a tab, whose width depends on the column it lands in.
    static let tabWidth: UInt8 = 0xFF
}

/// A growable scratch buffer of measured clusters, reused for every paragraph of a chapter so that
/// measuring allocates nothing per cluster or per paragraph.
final class ClusterBuffer {
    private(set) var base: UnsafeMutablePointer<MeasuredCluster>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ cluster: MeasuredCluster) {
        if count == capacity { grow() }
        base[count] = cluster
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<MeasuredCluster>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Measures the clusters of `bytes[range]` (valid UTF-8 that starts on a cluster boundary).
    func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, width: DisplayWidth) {
        removeAll()
        let paragraph = UnsafeBufferPointer(rebasing: bytes[range])
        guard let start = paragraph.baseAddress else { return }
        width.scan(paragraph) { clusterStart, clusterEnd, cells in
            let (scalar, _) = decodeScalar(start, at: clusterStart)
            let breakClass = BreakClass.of(scalar)
            let width = scalar == 0x09 ? MeasuredCluster.tabWidth : UInt8(truncatingIfNeeded: cells)
            append(
                MeasuredCluster(
                    start: Int32(truncatingIfNeeded: clusterStart), end: Int32(truncatingIfNeeded: clusterEnd),
                    width: width, breakClass: breakClass))
        }
    }
}

/// Cell arithmetic for one text width and font scale: how many cells each cluster takes, where tabs
/// stop, and how much blank follows each cluster.
struct LineMetrics: Sendable, Equatable {
    var textWidth: Int
    /// Cells taken by a cluster of width 0, 1 and 2 after font scaling: round(width × fontScale).
    var narrowCells: Int
    var wideCells: Int
    var letterSpacing: Int
    /// Cells of the paragraph indent (indent × a full-width space).
    var indentCells: Int
    /// Tab stops every 8 narrow cells.
    var tabStop: Int

    init(textWidth: Int, fontScale: Double, letterSpacing: Int, indent: Int) {
        self.textWidth = textWidth
        narrowCells = Int((fontScale).rounded())
        wideCells = Int((2 * fontScale).rounded())
        self.letterSpacing = max(0, letterSpacing)
        indentCells = max(0, indent) * (wideCells + self.letterSpacing)
        tabStop = 8 * narrowCells
    }

    /// Cells a cluster covers when it starts at `column`.
    @inline(__always)
    func cells(_ width: UInt8, at column: Int) -> Int {
        switch width {
        case 0: 0
        case 1: narrowCells
        case 2: wideCells
        case MeasuredCluster.tabWidth: tabStop - column % tabStop
        default: Int(width) * narrowCells
        }
    }

    /// The column after a cluster of `cells` cells starting at `column`.
    @inline(__always)
    func advance(_ column: Int, _ cells: Int) -> Int {
        cells == 0 ? column : column + cells + letterSpacing
    }
}

/// Greedy line breaking of one paragraph with kinsoku: fills each line as far as it goes, then breaks at
/// the last word-level opportunity, else at the last kinsoku-allowed position (an over-long word), else
/// right before the cluster that does not fit (a run made only of prohibited characters).
struct LineBreaker {
    var metrics: LineMetrics

    /// Calls `line(first, end, startColumn)` for each line: clusters `first..<end` of `clusters`, the first
    /// drawn at `startColumn` (the indent on the first line, 0 after it or when the indent leaves no room).
    @inline(__always)
    func breakLines(
        _ clusters: UnsafeMutablePointer<MeasuredCluster>, count: Int, indent: Int,
        _ line: (Int, Int, Int) -> Void
    ) {
        let textWidth = metrics.textWidth
        var lineFirst = 0
        var firstColumn = indent
        while lineFirst < count {
            var column = firstColumn
            var lastWordBreak = -1
            var lastKinsokuBreak = -1
            var index = lineFirst
            var breakAt = count
            var previousClass = clusters[lineFirst].breakClass
            // The class before a run of spaces: an opening mark still may not end the line (`（ ` + break).
            var previousVisibleClass = previousClass
            while index < count {
                let cluster = clusters[index]
                if index > lineFirst {
                    var allowed = BreakRules.table[Int(previousClass.rawValue) << 4 | Int(cluster.breakClass.rawValue)]
                    if previousClass == .space && previousVisibleClass.mayNotEndLine { allowed = 0 }
                    if allowed & 1 != 0 { lastWordBreak = index }
                    if allowed & 2 != 0 { lastKinsokuBreak = index }
                }
                previousClass = cluster.breakClass
                if previousClass != .space { previousVisibleClass = previousClass }
                let cells = metrics.cells(cluster.width, at: column)
                if cluster.breakClass != .space && column + cells > textWidth {
                    if index == lineFirst {
                        // Only an indent can push the first cluster out: drop the indent on this line.
                        if column > 0 {
                            column = 0
                            firstColumn = 0
                            continue
                        }
                    } else {
                        breakAt =
                            lastWordBreak > lineFirst
                            ? lastWordBreak : lastKinsokuBreak > lineFirst ? lastKinsokuBreak : index
                        break
                    }
                }
                column = metrics.advance(column, cells)
                index += 1
            }
            line(lineFirst, breakAt, firstColumn)
            lineFirst = breakAt
            firstColumn = 0
        }
    }

    /// Calls `place(index, column, cells)` for each drawn cluster of a line (spaces are not drawn).
    @inline(__always)
    func place(
        _ clusters: UnsafeMutablePointer<MeasuredCluster>, _ range: Range<Int>, startColumn: Int,
        _ place: (Int, Int, Int) -> Void
    ) {
        var column = startColumn
        for index in range {
            let cluster = clusters[index]
            let cells = metrics.cells(cluster.width, at: column)
            if cluster.breakClass != .space { place(index, column, cells) }
            column = metrics.advance(column, cells)
        }
    }
}
