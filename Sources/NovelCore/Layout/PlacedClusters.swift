/// The placed clusters of one line: a window on one buffer shared by every line of a chapter, so that
/// laying out a chapter allocates once for all its clusters instead of once per line.
public struct PlacedClusters: RandomAccessCollection, Sendable, Equatable {
    private let chapter: PlacedClusterStorage
    private let offset: Int
    private let display: DisplayText?
    public let count: Int

    init(_ chapter: PlacedClusterStorage, _ range: Range<Int>, display: DisplayText? = nil) {
        self.chapter = chapter
        offset = range.lowerBound
        count = range.count
        self.display = display
    }

    /// The bytes `PlacedCluster.shown` ranges index: the line's display text, or the book's `text`.
    public func shownText(_ text: BookText) -> [UInt8] { display?.utf8 ?? text.utf8 }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> PlacedCluster {
        precondition(position >= 0 && position < count, "PlacedClusters index out of range")
        let stored = chapter.elements[offset + position]
        let shown = stored.start..<(stored.start + Int(stored.length))
        return PlacedCluster(
            bytes: display?.originalRange(shown) ?? shown, column: Int(stored.column), width: Int(stored.width),
            naturalWidth: chapter.naturalWidth(ofCells: stored.width), shown: shown)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

/// A cluster in a chapter's buffer (offsets into the chapter's display text when it has one), in half the space of a `PlacedCluster` (the whole chapter's
/// clusters are written on every layout). While its paragraph is broken into lines it holds the scaled
/// width and break class; once placed, its column and width. Columns fit 16 bits because
/// `PageLayouter.geometry` keeps the text block narrower than 65,536 cells.
struct StoredCluster {
    var start: Int
    var length: UInt32
    var column: UInt16 = 0
    /// Cells after font scaling; before placing, `tabWidth` marks a TAB, whose width depends on its column.
    var width: UInt8
    var kind: BreakClass

    static let tabWidth: UInt8 = 255
}

/// One chapter's placed clusters. Written only by the `ChapterBuilder` that made it, before the
/// chapter's lines are handed out; read-only afterwards, hence Sendable.
final class PlacedClusterStorage: @unchecked Sendable {
    let elements: UnsafeMutablePointer<StoredCluster>
    let capacity: Int
    /// Cells of a narrow (natural width 1) and a wide (2) cluster at the chapter's font scale: the
    /// stored widths are scaled, and these turn them back into natural widths for drawing.
    let narrowCells: UInt8
    let wideCells: UInt8

    static let empty = PlacedClusterStorage(capacity: 0, narrowCells: 1, wideCells: 2)

    init(capacity: Int, narrowCells: UInt8, wideCells: UInt8) {
        self.capacity = capacity
        self.narrowCells = narrowCells
        self.wideCells = wideCells
        elements = .allocate(capacity: capacity)
    }

    /// The natural width of a placed cluster `cells` wide (the layouter stores only scaled widths).
    func naturalWidth(ofCells cells: UInt8) -> Int {
        switch cells {
        case 0: 0
        case narrowCells: 1
        case wideCells: 2
        default: Int(cells)
        }
    }

    deinit { elements.deallocate() }
}
