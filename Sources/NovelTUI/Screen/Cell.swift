/// One terminal cell. A cluster wider than one cell occupies its first cell; the cells it covers
/// to the right are continuations (`cluster == ""`, `width == 0`).
public struct Cell: Sendable, Hashable {
    public var cluster: String
    public var width: Int
    public var style: Style

    public init(cluster: String, width: Int, style: Style = .text) {
        self.cluster = cluster
        self.width = width
        self.style = style
    }

    public static let blank = Cell(cluster: " ", width: 1)
    public static let continuation = Cell(cluster: "", width: 0)
}
