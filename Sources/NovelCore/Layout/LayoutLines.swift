/// The lines of a chapter layout. Each line is kept as its position and a range of the chapter's
/// cluster buffer, and becomes a `LayoutLine` (which holds the buffer) only when read: a whole-book
/// layout then costs no reference counting per line.
public struct LayoutLines: RandomAccessCollection, Sendable {
    /// A line without its clusters: `clusters` indexes the chapter's buffer.
    struct Record {
        var kind: LayoutLine.Kind
        var bytes: Range<Int>
        var clusters: Range<Int>
        var row: Int
    }

    private let records: [Record]
    private let clusters: PlacedClusterStorage
    /// The display text the clusters were laid out from, when a transform applied: their stored
    /// offsets are into it, and are mapped back to the book text when read.
    let display: DisplayText?

    init(_ records: [Record], clusters: PlacedClusterStorage, display: DisplayText? = nil) {
        self.records = records
        self.clusters = clusters
        self.display = display
    }

    /// No lines (a chapter laid out without a geometry).
    public init() {
        self.init([], clusters: .empty)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(position: Int) -> LayoutLine {
        let record = records[position]
        return LayoutLine(
            kind: record.kind, bytes: record.bytes,
            clusters: PlacedClusters(clusters, record.clusters, display: display),
            row: record.row)
    }
}
